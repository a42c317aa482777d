import BillfoldCore
import FluentKit
import SQLKit

/// The counts awards are judged by, from count queries (no rows are loaded), and the
/// record of when each award was first earned.
public struct AwardRepository: Sendable {
    let sql: any SQLDatabase
    let userID: Int64

    public init(database: any Database, userID: Int64) {
        self.sql = database.sql
        self.userID = userID
    }

    /// `utcOffset` (seconds) places a review's moment on the user's calendar day.
    public func counts(utcOffset: Int) async throws -> [AwardCriterion: Int] {
        let user = SQLBind(userID)
        let queries: [(AwardCriterion, SQLQueryString)] = [
            (.itemsAdded, "SELECT COUNT(*) AS n FROM items WHERE user_id = \(user)"),
            (.itemsCompleted, "SELECT COUNT(*) AS n FROM items WHERE user_id = \(user) AND completed = \(bind: true)"),
            (.projectsClosed, "SELECT COUNT(*) AS n FROM projects WHERE user_id = \(user) AND closed = \(bind: true)"),
            (.transactionsReviewed, "SELECT COUNT(*) AS n FROM review_decisions WHERE user_id = \(user)"),
            // Made by the user: imports and the demo mark theirs with a source key.
            (.categoriesCreated, "SELECT COUNT(*) AS n FROM categories WHERE user_id = \(user) AND source_key IS NULL"),
            (
                .reviewDays,
                """
                SELECT COUNT(DISTINCT (decided_at + \(literal: utcOffset) + 2208988800) / 86400) AS n
                FROM review_decisions WHERE user_id = \(user)
                """
            ),
            (.unlock, "SELECT COUNT(*) AS n FROM access_tokens WHERE user_id = \(user) AND last_used_at IS NOT NULL"),
        ]
        // One statement of seven counts: each statement is a trip to the database's thread and
        // back, and Home asks for these on every visit.
        var statement: SQLQueryString = "SELECT "
        for (index, (_, query)) in queries.enumerated() {
            statement += (index == 0 ? "(" : ", (") + query + ") AS \(unsafeRaw: "n\(index)")"
        }
        let row = try await sql.engine.rows(statement).first
        var counts: [AwardCriterion: Int] = [:]
        for (index, (criterion, _)) in queries.enumerated() {
            counts[criterion] = Int(try row?.integer("n\(index)") ?? 0)
        }
        return counts
    }

    /// Award id → when it was first earned.
    public func earned() async throws -> [String: Int64] {
        struct Row: Decodable {
            var award_id: String
            var earned_at: Int64
        }
        let rows = try await sql.raw(
            "SELECT award_id, earned_at FROM awards_earned WHERE user_id = \(bind: userID)"
        ).all(decoding: Row.self)
        return Dictionary(rows.map { ($0.award_id, $0.earned_at) }, uniquingKeysWith: { first, _ in first })
    }

    /// Records first-earned dates; an award already recorded keeps its first date.
    public func record(_ awards: [String], at time: Int64) async throws {
        guard !awards.isEmpty else { return }
        var insert = sql.insert(into: "awards_earned").columns("user_id", "award_id", "earned_at")
        for award in awards { insert = insert.values(SQLBind(userID), SQLBind(award), SQLBind(time)) }
        try await insert.ignoringConflicts(with: ["user_id", "award_id"]).run()
    }
}
