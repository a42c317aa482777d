import Foundation

/// What a person owns at each month's end: every account's balance (its opening balance and
/// everything booked before the month ended, transfers included) added up per currency. Totals
/// in different currencies stand side by side; they are never added together.
public struct NetWorthReport: Sendable, Equatable {
    /// The totals at one month's end, one per currency of `currencies` in that order.
    public struct Point: Sendable, Equatable {
        public var month: Month
        public var totals: [Money]
    }

    /// One account's balance at each month's end in its own currency, and what it held in other
    /// currencies at the last month's end.
    public struct AccountLine: Sendable, Equatable {
        public var account: Account
        public var balances: [Money]
        public var otherCurrencies: [Money]
    }

    /// The person's primary currency first, then the others that hold money in some month, by code.
    public var currencies: [Currency]
    public var points: [Point]
    /// Open accounts first, each part as given.
    public var accounts: [AccountLine]
    /// Each month's totals as one in the primary currency, when there are others (`convert`).
    public var converted: [ConvertedTotal]?

    /// `sums[i]` are the accounts' sums (without opening balances) at the end of `months[i]`;
    /// `opened[i]` the accounts whose opening balance counts by then (an account's opening
    /// balance is what it held before its first booking, or before it was opened here when it
    /// has none: before that it held nothing the person had told Billfold of).
    public init(
        months: [Month], accounts: [Account], sums: [[(accountID: Int64, money: Money)]], opened: [Set<Int64>],
        primary: Currency
    ) throws(BillfoldError) {
        precondition(months.count == sums.count && months.count == opened.count, "one set of sums per month")
        let known = Set(accounts.map(\.id))
        var seen: Set<Currency> = [primary]
        for account in accounts { seen.insert(account.currency) }
        for line in sums.joined() where known.contains(line.accountID) { seen.insert(line.money.currency) }
        currencies = [primary] + seen.subtracting([primary]).sorted { $0.code < $1.code }
        var balances: [[Int64: [Currency: Int64]]] = []
        for (monthSums, begun) in zip(sums, opened) {
            var held: [Int64: [Currency: Int64]] = [:]
            for account in accounts {
                held[account.id] = [account.currency: begun.contains(account.id) ? account.openingMinor : 0]
            }
            for line in monthSums where known.contains(line.accountID) {
                guard let sum = [held[line.accountID]?[line.money.currency] ?? 0, line.money.minorUnits].checkedSum
                else { throw Self.overflow }
                held[line.accountID, default: [:]][line.money.currency] = sum
            }
            balances.append(held)
        }
        let all = self.currencies
        var points = try zip(months, balances).map { month, held throws(BillfoldError) in
            Point(
                month: month,
                totals: try all.map { currency throws(BillfoldError) in
                    guard let total = held.values.compactMap({ $0[currency] }).checkedSum else { throw Self.overflow }
                    return Money(minorUnits: total, currency: currency)
                })
        }
        // A currency no month holds money in is left out; the primary always stays.
        let shown = all.indices.filter { index in index == 0 || points.contains { $0.totals[index].minorUnits != 0 } }
        currencies = shown.map { all[$0] }
        for index in points.indices { points[index].totals = shown.map { points[index].totals[$0] } }
        self.points = points
        let ordered = accounts.filter { !$0.isArchived } + accounts.filter(\.isArchived)
        self.accounts = ordered.map { account in
            AccountLine(
                account: account,
                balances: balances.map {
                    Money(minorUnits: $0[account.id]?[account.currency] ?? 0, currency: account.currency)
                },
                otherCurrencies: (balances.last?[account.id] ?? [:]).filter {
                    $0.key != account.currency && $0.value != 0
                }
                .map { Money(minorUnits: $0.value, currency: $0.key) }.sorted { $0.currency.code < $1.currency.code })
        }
    }

    static let overflow: BillfoldError = {
        let message = Phrase("error.store.sumsWouldOverflow")
        return BillfoldError(.invalidAmount, message, fields: ["amount": message])
    }()

    /// Sets `converted`: each month's totals as one in the primary currency, every currency at
    /// the rate of the month's last day (a balance at the rate of the day it is for; a month not
    /// over yet at `today`'s). Nothing when all of it is in the primary currency.
    public mutating func convert(with book: RateBook, today: Day) throws(BillfoldError) {
        guard currencies.count > 1 else { return }
        converted = try points.map { point throws(BillfoldError) in
            var sum = ConvertedTotal.Sum(to: currencies[0], book: book)
            let day = min(point.month.lastDay, today)
            for total in point.totals where total.minorUnits != 0 { sum.add(total, on: day) }
            return try sum.total()
        }
    }

    /// The one figure per month to read: the converted total when there is one, the primary
    /// currency's otherwise.
    public var headline: [Money] { converted?.map(\.money) ?? points.map { $0.totals[0] } }

    /// How much the headline moved from the end of the month at `start` to the end of the one
    /// at `end` (nil where a month is not in the report, or the difference outgrows 64 bits).
    public func headlineChange(from start: Int, to end: Int) -> Money? {
        let headline = headline
        guard headline.indices.contains(start), headline.indices.contains(end) else { return nil }
        let (change, overflow) = headline[end].minorUnits.subtractingReportingOverflow(headline[start].minorUnits)
        return overflow ? nil : Money(minorUnits: change, currency: headline[end].currency)
    }
}
