import BillfoldCore
import SQLKit

/// One person's budgets: an amount per category and month (what each spent: `SpendingRepository`).
public struct BudgetRepository: Sendable {
    let sql: any SQLDatabase
    let userID: Int64

    public init(database: any SQLDatabase, userID: Int64) {
        self.sql = database
        self.userID = userID
    }

    public struct Budget: Sendable, Equatable {
        public var categoryID: Int64
        /// The month's first day, YYYY-MM-01.
        public var month: String
        public var money: Money
    }

    /// The budgets of the months from `first` to `last` (YYYY-MM-01 each).
    public func budgets(from first: String, to last: String) async throws -> [Budget] {
        struct Row: Decodable {
            var category_id: Int64
            var month: String
            var amount_minor: Int64
            var currency: String
        }
        return try await sql.raw(
            """
            SELECT category_id, month, amount_minor, currency FROM budgets WHERE user_id = \(bind: userID)
            AND month >= \(bind: first) AND month <= \(bind: last)
            """
        ).all(decoding: Row.self).map {
            Budget(
                categoryID: $0.category_id, month: $0.month,
                money: Money(minorUnits: $0.amount_minor, currency: Currency(stored: $0.currency)))
        }
    }

    /// Sets a category's budget for a month (a category the caller has checked is the person's).
    public func set(_ money: Money, categoryID: Int64, month: String) async throws {
        try await sql.raw(
            """
            INSERT INTO budgets (user_id, category_id, month, amount_minor, currency)
            VALUES (\(bind: userID), \(bind: categoryID), \(bind: month), \(bind: money.minorUnits), \(bind: money.currency.code))
            ON CONFLICT (user_id, category_id, month) DO UPDATE SET
            amount_minor = excluded.amount_minor, currency = excluded.currency
            """
        ).run()
    }

    public func remove(categoryID: Int64, month: String) async throws {
        try await sql.raw(
            """
            DELETE FROM budgets WHERE user_id = \(bind: userID) AND category_id = \(bind: categoryID)
            AND month = \(bind: month)
            """
        ).run()
    }

    // MARK: Rollover

    /// The categories that roll over, each with the month (YYYY-MM-01) it started from.
    public func rollovers() async throws -> [Int64: String] {
        struct Row: Decodable {
            var category_id: Int64
            var since_month: String
        }
        return Dictionary(
            try await sql.raw(
                "SELECT category_id, since_month FROM budget_rollovers WHERE user_id = \(bind: userID)"
            ).all(decoding: Row.self).map { ($0.category_id, $0.since_month) }, uniquingKeysWith: { a, _ in a })
    }

    /// Rolls a category over from `month` (YYYY-MM-01) on, or stops (nil).
    public func setRollover(categoryID: Int64, since month: String?) async throws {
        guard let month else {
            try await sql.raw(
                "DELETE FROM budget_rollovers WHERE user_id = \(bind: userID) AND category_id = \(bind: categoryID)"
            ).run()
            return
        }
        try await sql.raw(
            """
            INSERT INTO budget_rollovers (user_id, category_id, since_month)
            VALUES (\(bind: userID), \(bind: categoryID), \(bind: month))
            ON CONFLICT (user_id, category_id) DO UPDATE SET since_month = CASE
              WHEN excluded.since_month < budget_rollovers.since_month THEN excluded.since_month
              ELSE budget_rollovers.since_month END
            """
        ).run()
    }

    /// The sum of each category's budgets in the months `first...last` (YYYY-MM-01), in one currency.
    public func budgetSums(categories: [Int64], from first: String, to last: String, currency: Currency)
        async throws -> [Int64: Int64]
    {
        guard !categories.isEmpty else { return [:] }
        struct Row: Decodable {
            var category_id: Int64
            var total: Int64
        }
        return Dictionary(
            try await sql.raw(
                """
                SELECT category_id, CAST(SUM(amount_minor) AS BIGINT) AS total FROM budgets
                WHERE user_id = \(bind: userID) AND category_id IN (\(binds: categories))
                AND month >= \(bind: first) AND month <= \(bind: last) AND currency = \(bind: currency.code)
                GROUP BY category_id
                """
            ).all(decoding: Row.self).map { ($0.category_id, $0.total) }, uniquingKeysWith: { a, _ in a })
    }
}
