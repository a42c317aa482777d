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
    public func spent(in range: InstantRange) async throws -> [Line] {
        let firstDay = range.lowerBound.map { TransactionTotals.day($0 - 1) + 1 }
        let endDay = range.upperBound.map { TransactionTotals.day($0) }
        var lines: [SpentRow] = []
        if let firstDay, let endDay, firstDay >= endDay {
            lines = try await spentRows(in: range)
        } else {
            var statement: SQLQueryString = """
                SELECT CASE WHEN category_key = 0 THEN NULL ELSE category_key END AS category_id, currency,
                  CAST(SUM(spent_minor) AS BIGINT) AS total, CAST(SUM(spent_count) AS BIGINT) AS count
                FROM transaction_totals WHERE user_id = \(bind: userID) AND category_key >= 0
                """
            if let firstDay { statement += " AND day >= \(bind: firstDay)" }
            if let endDay { statement += " AND day < \(bind: endDay)" }
            lines = try await sql.raw(statement + " GROUP BY category_key, currency").all(decoding: SpentRow.self)
            if let lower = range.lowerBound, let firstDay, lower < TransactionTotals.start(ofDay: firstDay) {
                lines += try await spentRows(
                    in: InstantRange(lowerBound: lower, upperBound: TransactionTotals.start(ofDay: firstDay)))
            }
            if let upper = range.upperBound, let endDay, TransactionTotals.start(ofDay: endDay) < upper {
                lines += try await spentRows(
                    in: InstantRange(lowerBound: TransactionTotals.start(ofDay: endDay), upperBound: upper))
            }
        }
        var summed: [SpentKey: (total: Int64, count: Int64)] = [:]
        for line in lines {
            let key = SpentKey(category: line.category_id, currency: line.currency)
            let sum = summed[key, default: (0, 0)]
            summed[key] = (sum.total + line.total, sum.count + line.count)
        }
        // In one order every time: by category (the uncategorised first), then currency.
        let kept = summed.filter { $0.value.count > 0 }.sorted {
            ($0.key.category ?? 0, $0.key.currency) < ($1.key.category ?? 0, $1.key.currency)
        }
        return kept.map { key, sum in
            Line(
                categoryID: key.category, money: Money(minorUnits: sum.total, currency: Currency(stored: key.currency)),
                count: Int(sum.count))
        }
    }

    private struct SpentKey: Hashable {
        var category: Int64?
        var currency: String
    }

    private struct SpentRow: Decodable {
        var category_id: Int64?
        var currency: String
        var total: Int64
        var count: Int64
    }

    /// The negative amounts of the rows in `range`, per category and currency.
    private func spentRows(in range: InstantRange) async throws -> [SpentRow] {
        var statement: SQLQueryString = """
            SELECT category_id, currency, CAST(SUM(amount_minor) AS BIGINT) AS total, COUNT(*) AS count
            FROM transactions WHERE user_id = \(bind: userID) AND transfer_id IS NULL AND kind IS NULL
              AND amount_minor < 0
            """
        statement += TransactionQuery(range: range).conditions(on: sql) + " GROUP BY category_id, currency"
        return try await sql.raw(statement).all(decoding: SpentRow.self)
    }
}
