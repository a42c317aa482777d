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

    /// Income and spending per month, and spending by category (or group) over them; only one
    /// account's when `accountID` is given (another person's is refused as missing).
    func monthly(_ months: [Month], accountID: Int64?, byGroup: Bool) async throws -> MonthlyReport {
        if let accountID, try await AccountRepository(database: database, userID: user.id).find(accountID) == nil {
            throw BillfoldError.notFound(.account)
        }
        let tree = try await CategoryRepository(database: database, userID: user.id).tree()
        let spending = SpendingRepository(database: database.sql, userID: user.id)
        var sums: [Month: MonthlyReport.Sums] = [:]
        for month in months {
            sums[month] = try await spending.net(in: month.range(in: zone), accountID: accountID).map {
                ($0.categoryID, $0.money)
            }
        }
        return MonthlyReport(months: months, sums: sums, currency: currency, tree: tree, byGroup: byGroup)
    }
}
