import BillfoldCore
import FluentKit
import SQLKit

/// What each user's Lunch Money pull is doing, in the database so any instance can report it.
public struct LunchMoneyPullRepository: Sendable {
    public typealias Status = LunchMoneyPullStatus

    let sql: any SQLDatabase
    let userID: Int64

    public init(database: any Database, userID: Int64) {
        sql = database.sql
        self.userID = userID
    }

    private struct Row: Decodable {
        var running: Bool
        var failed: Bool
        var message: String
        var updated_at: Int64
    }

    public func status() async throws -> Status? {
        try await sql.raw(
            "SELECT running, failed, message, updated_at FROM lunchmoney_pulls WHERE user_id = \(bind: userID)"
        ).first(decoding: Row.self).map { Status(running: $0.running, message: $0.message, failed: $0.failed) }
    }

    /// Marks a pull as started; false when one is running already. A pull whose instance died
    /// (no progress for `staleAfter` seconds) no longer counts as running.
    public func start(now: Int64, staleAfter: Int64) async throws -> Bool {
        struct Claimed: Decodable { var user_id: Int64 }
        let rows = try await sql.raw(
            """
            INSERT INTO lunchmoney_pulls (user_id, running, failed, message, updated_at)
            VALUES (\(bind: userID), \(bind: true), \(bind: false), \(bind: "Starting…"), \(bind: now))
            ON CONFLICT (user_id) DO UPDATE SET running = excluded.running, failed = excluded.failed,
              message = excluded.message, updated_at = excluded.updated_at
            WHERE lunchmoney_pulls.running = \(bind: false) OR lunchmoney_pulls.updated_at < \(bind: now - staleAfter)
            RETURNING user_id
            """
        ).all(decoding: Claimed.self)
        return !rows.isEmpty
    }

    /// Records where the pull stands (made when the person has no pull yet).
    public func update(_ status: Status, now: Int64) async throws {
        try await sql.raw(
            """
            INSERT INTO lunchmoney_pulls (user_id, running, failed, message, updated_at)
            VALUES (\(bind: userID), \(bind: status.running), \(bind: status.failed), \(bind: status.message), \(bind: now))
            ON CONFLICT (user_id) DO UPDATE SET running = excluded.running, failed = excluded.failed,
              message = excluded.message, updated_at = excluded.updated_at
            """
        ).run()
    }
}
