import Foundation

/// The shape of a demo account: accounts, category groups and payees that look like a real
/// household's year, generated from a seed so every run gives the same book.
public enum DemoBook {
    public struct Account: Sendable {
        public let key: String
        public let displayName: String
        public let currency: Currency
        /// What it held when the year began (the household demo's opening balance).
        public var openingMinor: Int64 = 0
    }

    public struct Payee: Sendable {
        public let name: String
        public let category: String
        /// Typical size in minor units (negative for spending); each booking varies around it.
        public let typicalMinor: Int64
        public let account: String
        /// How often in tenths of a booking a month (10 is once a month), for the demo's default
        /// size; 0 for bills booked once a month on `monthlyDay`.
        public let weight: Int
        public var monthlyDay: Int? = nil
    }

    public static let accounts: [Account] = [
        Account(key: "checking", displayName: "Girokonto", currency: .eur, openingMinor: 285_000),
        Account(key: "savings", displayName: "Tagesgeld", currency: .eur, openingMinor: 800_000),
        Account(key: "card-usd", displayName: "Travel Visa (USD)", currency: .usd),
        Account(key: "payback", displayName: "PAYBACK", currency: .pbp),
        Account(key: "cash-eur", displayName: "Cash (EUR)", currency: .eur, openingMinor: 12_000),
    ]

    /// Money moved every month in the household demo: cash from the machine, the card paid off,
    /// something put by. With the salary and the bills they keep every balance plausible.
    public struct MonthlyTransfer: Sendable {
        public let from: String
        public let to: String
        public let day: Int
        public let minor: Int64
        /// What arrived, when the other account is in another currency.
        public var receivedMinor: Int64? = nil
    }

    public static let transfers: [MonthlyTransfer] = [
        MonthlyTransfer(from: "checking", to: "cash-eur", day: 3, minor: 22_000),
        MonthlyTransfer(from: "checking", to: "cash-eur", day: 17, minor: 22_000),
        MonthlyTransfer(from: "checking", to: "card-usd", day: 20, minor: 9_000, receivedMinor: 9_800),
        MonthlyTransfer(from: "checking", to: "savings", day: 28, minor: 60_000),
    ]

    /// The household demo's monthly budgets (in EUR), for the last months and this one.
    public static let budgets: [(category: String, minor: Int64)] = [
        ("Groceries", 45_000), ("Restaurants", 15_000), ("Coffee", 18_000), ("Public transport", 12_000),
        ("Clothes", 8_000),
    ]

    /// A project of the demo, with its items (title, priority, done).
    public struct DemoProject: Sendable {
        public var title: String
        public var detail: String
        public var colour: CategoryColour
        public var closed: Bool
        public var items: [(title: String, priority: Priority, done: Bool)]
    }

    /// Two open projects part-way done and one finished and closed, so a newcomer's Home has
    /// something up next and a few awards are earned.
    public static let projects: [DemoProject] = [
        DemoProject(
            title: "Move to the new flat", detail: "Keys on the 1st of next month", colour: .blue, closed: false,
            items: [
                ("Give notice to the landlord", .high, true), ("Book the van", .high, true),
                ("Change the address at the bank", .high, false), ("Pack the books", .medium, false),
                ("Sell the old sofa", .low, false),
            ]),
        DemoProject(
            title: "Summer trip to Lisbon", detail: "Two weeks in July", colour: .orange, closed: false,
            items: [
                ("Flights", .high, true), ("Travel insurance", .medium, false),
                ("Apartment near Alfama", .medium, false),
            ]),
        DemoProject(
            title: "Tax return 2025", detail: "", colour: .green, closed: true,
            items: [("Collect the receipts", .medium, true), ("Send it off", .high, true)]),
    ]

    /// Groups and their children; "Health" stands alone, outside any group.
    public static let groups: [(name: String, children: [String])] = [
        ("Food", ["Groceries", "Restaurants", "Coffee"]),
        ("Home", ["Rent", "Utilities", "Internet & Phone"]),
        ("Transport", ["Public transport", "Fuel", "Taxi"]),
        ("Shopping", ["Clothes", "Electronics", "Books"]),
        ("Leisure", ["Travel", "Cinema", "Sport"]),
        ("Income", ["Salary", "Refunds"]),
        ("Loyalty", ["Points collected"]),
    ]
    public static let standalone = ["Health"]

    /// How each demo category looks: a palette colour for groups and standalone categories (children
    /// take their group's), an icon, and a description for some.
    public static let looks: [String: (colour: CategoryColour?, icon: String, description: String)] = [
        "Food": (.green, "food", "Everything we eat and drink"),
        "Groceries": (nil, "cart", "Supermarkets and the weekly market"),
        "Restaurants": (nil, "food", ""),
        "Coffee": (nil, "coffee", "Cafés and coffee to go"),
        "Home": (.blue, "home", "Rent and running costs"),
        "Rent": (nil, "home", ""),
        "Utilities": (nil, "bolt", "Electricity, water and heating"),
        "Internet & Phone": (nil, "phone", ""),
        "Transport": (.orange, "car", ""),
        "Public transport": (nil, "bus", "Tickets and passes"),
        "Fuel": (nil, "car", ""),
        "Taxi": (nil, "car", ""),
        "Shopping": (.purple, "bag", ""),
        "Clothes": (nil, "bag", ""),
        "Electronics": (nil, "phone", ""),
        "Books": (nil, "book", ""),
        "Leisure": (.teal, "star", "Time off"),
        "Travel": (nil, "plane", "Flights, trains and hotels"),
        "Cinema": (nil, "film", ""),
        "Sport": (nil, "heart", ""),
        "Income": (.mint, "cash", "Money coming in"),
        "Salary": (nil, "briefcase", ""),
        "Refunds": (nil, "cash", ""),
        "Loyalty": (.indigo, "star", ""),
        "Points collected": (nil, "star", "PAYBACK points"),
        "Health": (.pink, "medical", "Pharmacy and doctors"),
    ]

    public static let payees: [Payee] = [
        Payee(name: "REWE", category: "Groceries", typicalMinor: -4_250, account: "checking", weight: 70),
        Payee(name: "Aldi Süd", category: "Groceries", typicalMinor: -2_890, account: "checking", weight: 60),
        Payee(name: "Edeka", category: "Groceries", typicalMinor: -3_610, account: "cash-eur", weight: 20),
        Payee(name: "Bäckerei Kamps", category: "Groceries", typicalMinor: -320, account: "cash-eur", weight: 300),
        Payee(name: "Späti am Eck", category: "Groceries", typicalMinor: -250, account: "cash-eur", weight: 150),
        Payee(
            name: "Trattoria Da Mario", category: "Restaurants", typicalMinor: -3_800, account: "checking", weight: 15),
        Payee(name: "Sushi Circle", category: "Restaurants", typicalMinor: -2_750, account: "checking", weight: 10),
        Payee(name: "Lieferando", category: "Restaurants", typicalMinor: -2_400, account: "checking", weight: 20),
        Payee(name: "Joe's Diner", category: "Restaurants", typicalMinor: -2_400, account: "card-usd", weight: 10),
        Payee(name: "Café Einstein", category: "Coffee", typicalMinor: -480, account: "cash-eur", weight: 400),
        Payee(name: "Blue Bottle Coffee", category: "Coffee", typicalMinor: -650, account: "card-usd", weight: 30),
        Payee(
            name: "Hausverwaltung Schmidt", category: "Rent", typicalMinor: -98_000, account: "checking", weight: 0,
            monthlyDay: 1),
        Payee(
            name: "Urban Sports Club", category: "Sport", typicalMinor: -4_900, account: "checking", weight: 0,
            monthlyDay: 3),
        Payee(
            name: "Telekom", category: "Internet & Phone", typicalMinor: -4_999, account: "checking", weight: 0,
            monthlyDay: 5),
        Payee(
            name: "Vodafone", category: "Internet & Phone", typicalMinor: -1_999, account: "checking", weight: 0,
            monthlyDay: 8),
        Payee(
            name: "Stadtwerke", category: "Utilities", typicalMinor: -8_900, account: "checking", weight: 0,
            monthlyDay: 15),
        Payee(name: "BVG", category: "Public transport", typicalMinor: -350, account: "checking", weight: 400),
        Payee(
            name: "Deutsche Bahn", category: "Public transport", typicalMinor: -5_990, account: "checking", weight: 5),
        Payee(name: "Aral", category: "Fuel", typicalMinor: -6_500, account: "checking", weight: 10),
        Payee(name: "Yellow Cab NYC", category: "Taxi", typicalMinor: -2_300, account: "card-usd", weight: 5),
        Payee(name: "H&M", category: "Clothes", typicalMinor: -3_999, account: "checking", weight: 5),
        Payee(name: "Saturn", category: "Electronics", typicalMinor: -12_900, account: "checking", weight: 1),
        Payee(name: "Best Buy", category: "Electronics", typicalMinor: -8_999, account: "card-usd", weight: 1),
        Payee(name: "Thalia", category: "Books", typicalMinor: -1_899, account: "checking", weight: 10),
        Payee(name: "Lufthansa", category: "Travel", typicalMinor: -28_900, account: "checking", weight: 1),
        Payee(name: "Marriott Times Square", category: "Travel", typicalMinor: -31_500, account: "card-usd", weight: 1),
        Payee(name: "Kino International", category: "Cinema", typicalMinor: -1_250, account: "cash-eur", weight: 10),
        Payee(name: "Apotheke am Markt", category: "Health", typicalMinor: -1_480, account: "cash-eur", weight: 10),
        Payee(
            name: "ACME GmbH", category: "Salary", typicalMinor: 342_000, account: "checking", weight: 0, monthlyDay: 27
        ),
        Payee(name: "Amazon refund", category: "Refunds", typicalMinor: 2_999, account: "checking", weight: 3),
        Payee(
            name: "dm-drogerie markt", category: "Points collected", typicalMinor: 120, account: "payback", weight: 40),
        Payee(name: "REWE Group", category: "Points collected", typicalMinor: 85, account: "payback", weight: 60),
        Payee(name: "Aral", category: "Points collected", typicalMinor: 60, account: "payback", weight: 10),
    ]
}

/// Generates a year of demo transactions ending `now`: the monthly bills and salary first, then
/// everyday spending spread over the year, oldest first. Deterministic for a seed.
///
/// Most are cleared; about a third of the current month, a little of the previous months and
/// one month of last year stay uncleared, so the review deck has work and a look-back to offer.
public struct DemoTransactions: IteratorProtocol, Sendable {
    let count: Int
    let start: Int64
    let span: Int64
    let now: Int64
    let monthStart: Int64
    let timeZone: TimeZone
    let categoryIDs: [String: Int64]
    let accountIDs: [String: Int64]
    let currencies: [String: Currency]
    let pick: [Int]
    let monthly: [NewTransaction]
    var produced = 0
    var random: SplitMix64

    public init(
        count: Int, now: Date, timeZone: TimeZone, categoryIDs: [String: Int64],
        accountIDs: [String: Int64], seed: UInt64 = 2026
    ) {
        self.count = count
        self.now = Int64(now.timeIntervalSince1970)
        self.span = 365 * 86_400
        self.start = self.now - span
        self.timeZone = timeZone
        let calendar = Calendar.gregorian(in: timeZone)
        let month = calendar.dateInterval(of: .month, for: now)!.start
        self.monthStart = Int64(month.timeIntervalSince1970)
        self.categoryIDs = categoryIDs
        self.accountIDs = accountIDs
        self.currencies = Dictionary(uniqueKeysWithValues: DemoBook.accounts.map { ($0.key, $0.currency) })
        self.pick = DemoBook.payees.indices.flatMap { Array(repeating: $0, count: DemoBook.payees[$0].weight) }
        self.random = SplitMix64(seed: seed)
        var bills: [NewTransaction] = []
        for monthsBack in (0..<12).reversed() {
            let first = calendar.date(byAdding: .month, value: -monthsBack, to: month)!
            for payee in DemoBook.payees {
                guard let day = payee.monthlyDay,
                    let date = calendar.date(byAdding: DateComponents(day: day - 1, hour: 9), to: first),
                    date < now
                else { continue }
                let epoch = Int64(date.timeIntervalSince1970)
                let key = "\(payee.category)-\(Day(date, in: timeZone))"
                bills.append(
                    NewTransaction(
                        accountID: accountIDs[payee.account],
                        bookedAt: BookingTime(epochSeconds: epoch, offsetSeconds: timeZone.secondsFromGMT(for: date)),
                        payee: payee.name, originalName: payee.name.uppercased(),
                        notes: payee.category == "Rent" ? "Monthly rent" : "",
                        money: Money(minorUnits: payee.typicalMinor, currency: .eur),
                        // A roll by the day of the month: this month's rent (day 1) waits for review,
                        // so even a small demo has a card on the deck; the other bills are cleared.
                        status: Self.status(
                            at: epoch, roll: UInt64((day * 31 + 3) % 100), now: self.now, monthStart: self.monthStart,
                            start: self.start),
                        categoryID: categoryIDs[payee.category], externalID: "demo-\(key)"))
            }
        }
        self.monthly = Array(bills.prefix(count))
    }

    /// Cleared, except about a third of the current month, a little of the last two months and
    /// of the year's first weeks; the last three days have some pending.
    static func status(at bookedAt: Int64, roll: UInt64, now: Int64, monthStart: Int64, start: Int64)
        -> TransactionStatus
    {
        if bookedAt >= now - 3 * 86_400 && roll < 15 { return .pending }
        if bookedAt >= monthStart { return roll < 35 ? .uncleared : .cleared }
        if bookedAt >= monthStart - 62 * 86_400 { return roll < 6 ? .uncleared : .cleared }
        if bookedAt < start + 45 * 86_400 { return roll < 3 ? .uncleared : .cleared }
        return .cleared
    }

    /// Moves a moment into 07:00–22:00 of its local day, keeping its order within the day.
    static func daytime(_ epoch: Int64, in zone: TimeZone) -> Int64 {
        let offset = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(epoch))))
        let local = epoch + offset
        let secondOfDay = ((local % 86_400) + 86_400) % 86_400
        return epoch - secondOfDay + 7 * 3600 + secondOfDay * 15 / 24
    }

    public mutating func next() -> NewTransaction? {
        guard produced < count else { return nil }
        if produced < monthly.count {
            produced += 1
            return monthly[produced - 1]
        }
        // Evenly spread over the year with jitter, so the newest is close to now.
        let everyday = count - monthly.count
        let index = produced - monthly.count
        let slot = start + span * Int64(index) / Int64(max(everyday, 1))
        let jitter = Int64(random.next() % UInt64(max(1, span / Int64(max(everyday, 1)))))
        let bookedAt = min(now - 60, Self.daytime(slot + jitter, in: timeZone))
        produced += 1
        let payee = DemoBook.payees[pick[Int(random.next() % UInt64(pick.count))]]
        let currency = currencies[payee.account]!  // every payee's account is in the fixed table above
        // Vary by -40%…+40%, keep the sign; points and rent stay round.
        let variation = Int64(random.next() % 81) - 40
        var minor = payee.typicalMinor + payee.typicalMinor * variation / 100
        if currency.isPoints { minor = payee.typicalMinor }
        if minor == 0 { minor = payee.typicalMinor }
        let roll = random.next() % 100
        let status = Self.status(at: bookedAt, roll: roll, now: now, monthStart: monthStart, start: start)
        let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(bookedAt)))
        let notes = roll % 9 == 0 && minor < 0 ? "Shared with Alex" : ""
        return NewTransaction(
            accountID: accountIDs[payee.account], bookedAt: BookingTime(epochSeconds: bookedAt, offsetSeconds: offset),
            payee: payee.name, originalName: payee.name.uppercased(), notes: notes,
            money: Money(minorUnits: minor, currency: currency), status: status,
            categoryID: categoryIDs[payee.category], externalID: "demo-\(index + 1)")
    }
}

/// A small, fast, seedable random number generator (SplitMix64), so demo data is repeatable.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
