import BillfoldCore
import SQLKit

/// Money spent (negative amounts only) per category and currency in a range, for the home
/// page's chart. Income in the same category does not hide spending; a transfer is neither.
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
    }

    public func byCategory(in range: InstantRange) async throws -> [Line] {
        struct Row: Decodable {
            var category_id: Int64?
            var currency: String
            var total: Int64
        }
        var statement: SQLQueryString = """
            SELECT category_id, currency, CAST(SUM(amount_minor) AS BIGINT) AS total FROM transactions
            WHERE user_id = \(bind: userID) AND amount_minor < 0 AND transfer_id IS NULL AND kind IS NULL
            """
        statement += TransactionQuery(range: range).conditions(on: sql) + " GROUP BY category_id, currency"
        return try await sql.raw(statement).all(decoding: Row.self).map {
            Line(
                categoryID: $0.category_id, money: Money(minorUnits: $0.total, currency: Currency(stored: $0.currency)))
        }
    }
}
