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
    /// same category does not hide spending. The sums do not keep those: the rows are summed.
    public func spent(in range: InstantRange) async throws -> [Line] {
        struct Row: Decodable {
            var category_id: Int64?
            var currency: String
            var total: Int64
            var count: Int64
        }
        var statement: SQLQueryString = """
            SELECT category_id, currency, CAST(SUM(amount_minor) AS BIGINT) AS total, COUNT(*) AS count
            FROM transactions WHERE user_id = \(bind: userID) AND transfer_id IS NULL AND kind IS NULL
              AND amount_minor < 0
            """
        statement += TransactionQuery(range: range).conditions(on: sql) + " GROUP BY category_id, currency"
        return try await sql.raw(statement).all(decoding: Row.self).map {
            Line(
                categoryID: $0.category_id, money: Money(minorUnits: $0.total, currency: Currency(stored: $0.currency)),
                count: Int($0.count))
        }
    }
}
