import BillfoldAPI
import BillfoldCore
import BillfoldStore
import FluentKit
import Foundation

/// The person's reports over months, from the sums tables (a month costs its days' sums and its
/// edge days' rows), in the primary currency.
struct ReportService: Sendable {
    let database: any Database
    let user: User
    let clock: WallClock

    var currency: Currency { user.preferences.currency }
    var zone: TimeZone { user.preferences.zone }
    var thisMonth: Month { Month(clock.now, in: zone) }

    /// The most months one report covers.
    static let maxMonths = 120
    /// The years a year in review can be of (the one before is read too).
    static let years = 1901...9999
    /// The spans the page offers.
    static let spans = [12, 24, 36]

    /// The months asked for: `from`…`to` (YYYY-MM each), or the last `months` ending this month
    /// (12 when nothing is asked).
    func months(from: String?, to: String?, last: String?) throws -> [Month] {
        let first: Month
        let end: Month
        if let from, !from.isEmpty {
            first = try Month(parsing: from, field: "from")
            end = try to.flatMap { $0.isEmpty ? nil : try Month(parsing: $0, field: "to") } ?? thisMonth
        } else {
            let count =
                try last.flatMap { $0.isEmpty ? nil : $0 }.map { text throws(BillfoldError) -> Int in
                    guard let count = Int(text), (1...Self.maxMonths).contains(count) else {
                        throw BillfoldError.validation(
                            "months", Phrase("error.service.reports.monthCount", ["max": String(Self.maxMonths)]))
                    }
                    return count
                } ?? 12
            end = try to.flatMap { $0.isEmpty ? nil : try Month(parsing: $0, field: "to") } ?? thisMonth
            first = end.adding(months: -(count - 1))
        }
        guard first <= end else {
            throw BillfoldError.validation("to", Phrase("error.service.reports.endBeforeStart"))
        }
        guard (1900...9999).contains(first.year), (1900...9999).contains(end.year) else {
            throw BillfoldError.validation("from", Phrase("error.service.budgets.monthOutOfRange"))
        }
        var months = [first]
        while let last = months.last, last < end {
            guard months.count < Self.maxMonths else {
                throw BillfoldError.validation(
                    "months", Phrase("error.service.reports.monthCount", ["max": String(Self.maxMonths)]))
            }
            months.append(last.adding(months: 1))
        }
        return months
    }

    /// The list's filters a report takes (`account`, `category`, `tag`), read as the list reads
    /// them; a report's own `from` and `to` are months, not the list's days.
    static func filter(_ query: [String: String]) throws(BillfoldError) -> TransactionFilter {
        try TransactionFilter(query: query.filter { ["account", "category", "tag"].contains($0.key) })
    }

    /// Income and spending per month, and spending by category (or group) over them, of what the
    /// filter lets through: the list's totals for the same filter and month, month by month. An
    /// account or tag of someone else's is refused as missing.
    func monthly(_ months: [Month], filter: TransactionFilter, byGroup: Bool) async throws -> MonthlyReport {
        try await checkOwned(filter)
        let tree = try await CategoryRepository(database: database, userID: user.id).tree()
        let sums = try await net(filter, in: months.map { $0.range(in: zone) }, tree: tree)
        return MonthlyReport(
            months: months, sums: Dictionary(uniqueKeysWithValues: zip(months, sums)), currency: currency, tree: tree,
            byGroup: byGroup)
    }

    /// What the filter lets through in each range, per category: the list's totals for it there.
    private func net(_ filter: TransactionFilter, in ranges: [InstantRange], tree: CategoryTree) async throws
        -> [MonthlyReport.Sums]
    {
        var unbounded = filter
        unbounded.from = nil
        unbounded.to = nil
        let query = try unbounded.query(categories: tree, timeZone: zone)
        return try await SpendingRepository(database: database.sql, userID: user.id).net(query, in: ranges).map {
            $0.map { ($0.categoryID, $0.money) }
        }
    }

    /// One year's figures per category (or group) and month beside the same months of the year
    /// before, of what the filter lets through.
    func year(_ year: Int, filter: TransactionFilter, byGroup: Bool) async throws -> YearInReview {
        guard Self.years.contains(year) else {
            throw BillfoldError.validation("year", Phrase("error.service.budgets.monthOutOfRange"))
        }
        try await checkOwned(filter)
        let tree = try await CategoryRepository(database: database, userID: user.id).tree()
        let months = (1...12).map { Month(year: year, month: $0) }
        let counted = year == thisMonth.year ? thisMonth.month : 12
        // The year before's same months as one range before the twelve: one read for all.
        let before = InstantRange(
            lowerBound: Month(year: year - 1, month: 1).range(in: zone).lowerBound,
            upperBound: Month(year: year - 1, month: counted).range(in: zone).upperBound)
        let sums = try await net(filter, in: [before] + months.map { $0.range(in: zone) }, tree: tree)
        let report = MonthlyReport(
            months: months, sums: Dictionary(uniqueKeysWithValues: zip(months, sums.dropFirst())), currency: currency,
            tree: tree, byGroup: byGroup)
        // The year before's months as one slot of a report: its totals, counted the same way.
        let slot = Month(year: year - 1, month: 1)
        let lastYear = MonthlyReport(
            months: [slot], sums: [slot: sums[0]], currency: currency, tree: tree, byGroup: byGroup)
        return YearInReview(year: year, monthsCounted: counted, report: report, lastYear: lastYear)
    }

    /// What every account (or only `accountID`) held at each month's end, per currency.
    func netWorth(_ months: [Month], accountID: Int64?) async throws -> NetWorthReport {
        let accounts = AccountRepository(database: database, userID: user.id)
        var owned = try await accounts.all()
        if let accountID {
            owned = owned.filter { $0.id == accountID }
            if owned.isEmpty { throw BillfoldError.notFound(.account) }
        }
        let ends = months.compactMap { $0.range(in: zone).upperBound }
        let history = BalanceHistory(database: database.sql, userID: user.id)
        let sums = try await history.sums(before: ends, accountID: accountID)
        let firsts = try await history.firstBookings()
        let since = Dictionary(
            uniqueKeysWithValues: owned.map { ($0.id, min(firsts[$0.id] ?? $0.createdAt, $0.createdAt)) })
        return try NetWorthReport(
            months: months, accounts: owned, sums: sums.map { $0.map { ($0.accountID, $0.money) } },
            opened: ends.map { end in Set(owned.filter { since[$0.id, default: 0] < end }.map(\.id)) },
            primary: currency)
    }

    /// Income, spending and net over `months` with the other currencies (`others`, those the
    /// report met) converted in, each day's money at that day's rate: `income` and `spending`
    /// are the report's own figures in the primary currency.
    func converted(
        _ filter: TransactionFilter, over months: ClosedRange<Month>, in others: [Currency], income: Money,
        spending: Money, rates: RatesService
    ) async throws -> ConvertedFigures {
        let tree = try await CategoryRepository(database: database, userID: user.id).tree()
        var unbounded = filter
        unbounded.from = nil
        unbounded.to = nil
        var query = try unbounded.query(categories: tree, timeZone: zone)
        query.range = InstantRange(
            lowerBound: months.lowerBound.range(in: zone).lowerBound,
            upperBound: months.upperBound.range(in: zone).upperBound)
        let book = try await rates.book()
        let (days, leftOut) = try await rates.days(query, in: others, book: book, perCategory: true)
        return try ConvertedFigures(
            income: income, spending: spending, days: days, leftOut: leftOut, tree: tree, book: book)
    }

    /// Refuses an account or tag the person does not have, the same way whether it is missing or
    /// someone else's.
    private func checkOwned(_ filter: TransactionFilter) async throws {
        if let accountID = filter.accountID,
            try await AccountRepository(database: database, userID: user.id).find(accountID) == nil
        {
            throw BillfoldError.notFound(.account)
        }
        if let tagID = filter.tagID, try await TagRepository(database: database, userID: user.id).find(tagID) == nil {
            throw BillfoldError.notFound(.tag)
        }
    }
}
