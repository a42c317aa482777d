import BillfoldCore
import SQLKit

/// What each category took in a range, per currency: for the home page's chart only the money
/// spent (negative amounts: income in the same category does not hide spending), for budgets the
/// net of every counted transaction with how many there were. A transfer is neither.
public struct SpendingRepository: Sendable {
    let sql: any SQLDatabase
    let userID: Int64

    public init(database: any SQLDatabase, userID: Int64) {
        self.sql = database
        self.userID = userID
    }

    public struct Line: Sendable, Equatable {
        public var categoryID: Int64?
        public var money: Money
        public var count: Int
    }

    /// The net of every counted transaction per category (budgets): the per-day sums hold it, so a
    /// month costs a few dozen of them and its edge days' rows.
    public func net(in range: InstantRange, accountID: Int64? = nil) async throws -> [Line] {
        var query = TransactionQuery(range: range)
        query.accountID = accountID
        return try await net(query)
    }

    /// The net of every counted transaction per category that `query` lets through: the list's
    /// totals for it, per category.
    public func net(_ query: TransactionQuery) async throws -> [Line] {
        try await TransactionTotals.byCategory(query, userID: userID, on: sql).map {
            Line(
                categoryID: $0.categoryID, money: Money(minorUnits: $0.total, currency: Currency(stored: $0.currency)),
                count: Int($0.count))
        }
    }

    /// The net per category that `query` lets through in each of `ranges` (a report's months,
    /// bounded and not overlapping; the query's own range is not read), in a few statements
    /// however many ranges there are.
    public func net(_ query: TransactionQuery, in ranges: [InstantRange]) async throws -> [[Line]] {
        try await TransactionTotals.byCategory(query, in: ranges, userID: userID, on: sql).map { sums in
            sums.map {
                Line(
                    categoryID: $0.categoryID,
                    money: Money(minorUnits: $0.total, currency: Currency(stored: $0.currency)),
                    count: Int($0.count))
            }
        }
    }

    /// The money spent per category (the home chart): the negative amounts alone, so income in the
    /// same category does not hide spending. The whole UTC days inside the range come from the
    /// day sums' spent columns (`M044AddSpentSums`), the partial days at its edges from the rows.
    /// In one order every time: by category (the uncategorised first), then currency.
    public func spent(in range: InstantRange) async throws -> [Line] {
        let query = TransactionQuery(range: range)
        let rows = try await TransactionTotals.byDays(range) { firstDay, endDay in
            try await sql.raw(
                TransactionTotals.piece(
                    select: """
                        category_key, currency, CAST(SUM(spent_minor) AS BIGINT) AS total,
                          CAST(SUM(spent_count) AS BIGINT) AS count
                        """,
                    of: query, in: "transaction_totals", by: "day", firstDay, endDay, userID: userID,
                    groupBy: "category_key, currency", transfers: false)
            ).all(decoding: TransactionTotals.Row.self)
        } edge: { edge in
            try await TransactionTotals.scan(
                query, true, from: edge.lowerBound, to: edge.upperBound, matching: " AND amount_minor < 0",
                userID: userID, on: sql)
        }
        return TransactionTotals.summed(rows).sorted {
            ($0.key.category, $0.key.currency) < ($1.key.category, $1.key.currency)
        }.map { key, sum in
            Line(
                categoryID: key.category == 0 ? nil : key.category,
                money: Money(minorUnits: sum.total, currency: Currency(stored: key.currency)), count: Int(sum.count))
        }
    }
}
