import Foundation

/// A payment that comes again and again (a subscription, the rent, a salary), as found in a
/// person's history.
public struct RecurringPayment: Hashable, Sendable {
    /// The payee as the person sees it: the latest booking's.
    public var payee: String
    /// What its bookings share: the clean payee, folded (`SuggestionLearner.payeeKey`).
    public var key: String
    public var rhythm: Rhythm
    /// What it usually comes to: the middle one of the latest three amounts, or the new price
    /// after a change.
    public var usual: Money
    /// The latest amount, and the one before when the price changed between them (by more than
    /// 1 %): "Netflix went from 12.99 to 15.49".
    public var latest: Money
    public var before: Money?
    public var firstSeen: Day
    public var lastSeen: Day
    /// How many bookings it was found in.
    public var count: Int
    /// The day of the month it is billed on most.
    public var billingDay: Int

    public init(
        payee: String, key: String, rhythm: Rhythm, usual: Money, latest: Money, before: Money?, firstSeen: Day,
        lastSeen: Day, count: Int, billingDay: Int
    ) {
        self.payee = payee
        self.key = key
        self.rhythm = rhythm
        self.usual = usual
        self.latest = latest
        self.before = before
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
        self.count = count
        self.billingDay = billingDay
    }

    /// When the next one is expected.
    public var nextExpected: Day { rhythm.next(after: lastSeen, billingDay: billingDay) }

    /// What it costs a year and a month at its usual amount (a weekly 10.00 is 43.33 a month).
    public var perYear: Money {
        // Within `Money.maximumMinorUnits` a year of weekly payments fits; beyond, it is capped.
        let (year, overflow) = usual.minorUnits.multipliedReportingOverflow(by: Int64(rhythm.perYear))
        return Money(
            minorUnits: overflow ? (usual.minorUnits < 0 ? .min / 2 : .max / 2) : year, currency: usual.currency)
    }
    public var perMonth: Money {
        let year = perYear.minorUnits
        return Money(minorUnits: (year + (year < 0 ? -6 : 6)) / 12, currency: usual.currency)
    }

    /// Past its expected day by more than its rhythm allows.
    public func isMissed(on today: Day) -> Bool {
        today.daysSince1970 > nextExpected.daysSince1970 + Int64(rhythm.grace)
    }

    /// First seen within its last three steps: a subscription that is new.
    public func isNew(on today: Day) -> Bool {
        today.daysSince1970 - firstSeen.daysSince1970 <= Int64(rhythm.gaps.upperBound * 3 + rhythm.grace)
    }
}

/// Finds recurring payments in a person's bookings: the same payee (cleaned from the bank's
/// text), in one currency and one direction, at least `fewest` times at a regular rhythm, for a
/// similar amount (within a quarter of the latest, so a price change stays the same payment).
/// Shopping at the same store is not recurring: its gaps keep no rhythm.
public enum RecurringFinder {
    /// One booking of the person's, as the finder reads it.
    public struct Booking: Sendable {
        public var bankText: String
        public var payee: String
        public var money: Money
        public var day: Day

        public init(bankText: String, payee: String, money: Money, day: Day) {
            self.bankText = bankText
            self.payee = payee
            self.money = money
            self.day = day
        }
    }

    /// Fewer bookings than this are no rhythm yet.
    public static let fewest = 3
    /// How far an amount may be from the latest and still be the same payment.
    static let similarShare = 0.25

    struct Group: Hashable {
        var key: String
        var currency: Currency
        var income: Bool
    }

    /// The recurring payments among `bookings` (in any order), by payee.
    public static func find(_ bookings: [Booking]) -> [RecurringPayment] {
        var collector = Collector()
        for booking in bookings { collector.add(booking) }
        return collector.payments()
    }

    /// Bookings gathered a page at a time (a million of them, from the whole history), kept by
    /// payee without their texts, so what is held stays small.
    public struct Collector: Sendable {
        private var keys: [String: String] = [:]
        private var groups: [Group: [Booking]] = [:]
        /// Each payee's name as the latest booking gives it.
        private var payees: [String: (day: Day, payee: String)] = [:]

        public init() {}

        public mutating func add(_ booking: Booking) {
            guard booking.money.minorUnits != 0 else { return }
            let key =
                keys[booking.bankText]
                ?? {
                    let made = SuggestionLearner.payeeKey(booking.bankText)
                    keys[booking.bankText] = made
                    return made
                }()
            guard !key.isEmpty else { return }
            if payees[key].map({ $0.day <= booking.day }) ?? true { payees[key] = (booking.day, booking.payee) }
            let slim = Booking(bankText: "", payee: "", money: booking.money, day: booking.day)
            groups[Group(key: key, currency: booking.money.currency, income: booking.money.isIncome), default: []]
                .append(slim)
        }

        /// The recurring payments the bookings added make, ordered by payee.
        public func payments() -> [RecurringPayment] {
            groups.flatMap { group, bookings in
                RecurringFinder.payments(group.key, bookings).map { found in
                    var found = found
                    found.payee = payees[group.key]?.payee ?? found.payee
                    return found
                }
            }.sorted {
                ($0.key, $0.usual.currency.code, $0.usual.minorUnits) < (
                    $1.key, $1.usual.currency.code, $1.usual.minorUnits
                )
            }
        }
    }

    /// The payments one payee's bookings make: a store that bills 9.99 a month and sells
    /// things besides has one, found around the amount that repeats (the latest first).
    private static func payments(_ key: String, _ bookings: [Booking]) -> [RecurringPayment] {
        guard bookings.count >= fewest else { return [] }
        let sorted = bookings.sorted { ($0.day, $0.money.minorUnits) < ($1.day, $1.money.minorUnits) }
        var repeats: [Int64: Int] = [:]
        for booking in sorted { repeats[booking.money.minorUnits, default: 0] += 1 }
        var anchors: [Int64] = []
        if let newest = sorted.last?.money.minorUnits { anchors.append(newest) }
        for booking in sorted.reversed() where repeats[booking.money.minorUnits, default: 0] >= 2 {
            if !anchors.contains(booking.money.minorUnits) { anchors.append(booking.money.minorUnits) }
        }
        var found: [RecurringPayment] = []
        // Bookings (by place in `sorted`) already part of a payment found: a second subscription
        // billed the same day by the same payee is still found.
        var taken: Set<Int> = []
        for anchor in anchors.prefix(5) {
            let size = Double(anchor.magnitude)
            let open = sorted.indices.filter { !taken.contains($0) }
            // Similar amounts (a price change, a bill that varies), else the same amount alone
            // (two subscriptions of a similar price).
            let exact = open.filter { sorted[$0].money.minorUnits == anchor }
            let near = open.filter {
                abs(Double(sorted[$0].money.minorUnits.magnitude) - size) <= size * similarShare
            }
            for candidates in [near, exact] {
                if let (payment, used) = payment(key, candidates.map { sorted[$0] }, near: anchor) {
                    found.append(payment)
                    taken.formUnion(candidates.filter { used.contains(sorted[$0].day) })
                    break
                }
            }
        }
        return found
    }

    /// The payment bookings of similar amounts (oldest first) make, if they keep a rhythm, and
    /// the days of the bookings it is made of.
    private static func payment(_ key: String, _ near: [Booking], near anchor: Int64) -> (RecurringPayment, Set<Day>)? {
        guard near.count >= fewest else { return nil }
        // One a day: of two on one day, the one nearest the amount is the payment.
        var kept: [Booking] = []
        for booking in near {
            if let last = kept.last, last.day == booking.day {
                if abs(booking.money.minorUnits - anchor) < abs(last.money.minorUnits - anchor) {
                    kept[kept.count - 1] = booking
                }
            } else {
                kept.append(booking)
            }
        }
        guard
            let (rhythm, series) = Rhythm.allCases.lazy.compactMap({ rhythm in
                rhythm.series(kept, day: \.day).map { (rhythm, $0) }
            }).first
        else { return nil }
        kept = series
        let amounts = kept.map(\.money.minorUnits)
        func differ(_ a: Int64, _ b: Int64) -> Bool { abs(a - b) * 100 > abs(b) }
        let (latest, previous, third) = (
            amounts[amounts.count - 1], amounts[amounts.count - 2], amounts[amounts.count - 3]
        )
        // A price change: a steady amount, then another. A bill that varies every time has none.
        let changed = !differ(previous, third) && differ(latest, previous)
        let middle = amounts.suffix(3).sorted()[1]
        let newest = kept[kept.count - 1]
        let currency = newest.money.currency
        // The day of the month it is billed on most: a payment due on the 31st is expected on
        // the 31st again after February's 28th.
        var days: [Int: Int] = [:]
        for booking in kept { days[booking.day.day, default: 0] += 1 }
        let billingDay = days.max { ($0.value, $0.key) < ($1.value, $1.key) }?.key ?? newest.day.day
        let payment = RecurringPayment(
            payee: newest.payee, key: key, rhythm: rhythm,
            usual: Money(minorUnits: changed ? latest : middle, currency: currency),
            latest: Money(minorUnits: latest, currency: currency),
            before: changed ? Money(minorUnits: previous, currency: currency) : nil, firstSeen: kept[0].day,
            lastSeen: newest.day, count: kept.count, billingDay: billingDay)
        return (payment, Set(kept.map(\.day)))
    }
}
