import BillfoldCore
import FluentKit
import SQLKit

/// What a person's suggestions learn from: their categorised transactions (counted ones: a
/// split's parts, not the split), read through indexes, never the whole history.
public struct SuggestionHistory: Sendable {
    let sql: any SQLDatabase
    let userID: Int64

    public init(database: any Database, userID: Int64) {
        self.sql = database.sql
        self.userID = userID
    }

    struct Row: Decodable {
        var id: Int64
        var original_name: String
        var amount_minor: Int64
        var account_id: Int64
        var category_id: Int64
        var booked_at: Int64
    }

    private static let columns: SQLQueryString =
        "SELECT id, original_name, amount_minor, account_id, category_id, booked_at FROM transactions"

    /// The latest `perPayee`-ish bookings of these payees and the latest `recent` of all, oldest
    /// first, each once: the first for a payee seen before, the second for words of one never seen.
    public func examples(payees: [String], limit: Int, recent: Int) async throws -> [SuggestionLearner.Example] {
        var rows: [Int64: Row] = [:]
        if !payees.isEmpty {
            for row in try await sql.raw(
                Self.columns
                    + """
                     WHERE user_id = \(bind: userID) AND payee IN (\(binds: payees))
                    AND category_id IS NOT NULL AND kind IS NULL
                    ORDER BY booked_at DESC, id DESC LIMIT \(bind: Int64(limit))
                    """
            ).all(decoding: Row.self) {
                rows[row.id] = row
            }
        }
        for row in try await sql.raw(
            Self.columns
                + """
                 WHERE user_id = \(bind: userID) AND category_id IS NOT NULL AND kind IS NULL
                ORDER BY booked_at DESC, id DESC LIMIT \(bind: Int64(recent))
                """
        ).all(decoding: Row.self) {
            rows[row.id] = row
        }
        return rows.values.sorted { ($0.booked_at, $0.id) < ($1.booked_at, $1.id) }.map {
            .init(
                bankText: $0.original_name, minorUnits: $0.amount_minor, accountID: $0.account_id,
                categoryID: $0.category_id)
        }
    }

    /// Every categorised, counted transaction of the person's, oldest first (`billfold suggest
    /// --evaluate`), read a page at a time.
    public func all() async throws -> [SuggestionLearner.Example] {
        var examples: [SuggestionLearner.Example] = []
        var after: (Int64, Int64) = (Int64.min, Int64.min)
        while true {
            let rows = try await sql.raw(
                Self.columns
                    + """
                     WHERE user_id = \(bind: userID) AND category_id IS NOT NULL AND kind IS NULL
                    AND (booked_at > \(bind: after.0) OR (booked_at = \(bind: after.0) AND id > \(bind: after.1)))
                    ORDER BY booked_at, id LIMIT 5000
                    """
            ).all(decoding: Row.self)
            guard let last = rows.last else { return examples }
            examples += rows.map {
                .init(
                    bankText: $0.original_name, minorUnits: $0.amount_minor, accountID: $0.account_id,
                    categoryID: $0.category_id)
            }
            after = (last.booked_at, last.id)
        }
    }
}
