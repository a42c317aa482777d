import BillfoldCore
import FluentKit
import SQLKit

/// A user's saved Lunch Money connection.
public struct LunchMoneyConnection: Sendable, Equatable {
    public var baseURL: String
    public var token: String
    /// Who the token signed in as ("Lou · lou@example.com"), shown instead of the token.
    public var accountName: String
    public var checkedAt: Int64

    public init(baseURL: String, token: String, accountName: String, checkedAt: Int64) {
        self.baseURL = baseURL
        self.token = token
        self.accountName = accountName
        self.checkedAt = checkedAt
    }
}

public struct LunchMoneyConnectionRepository: Sendable {
    let sql: any SQLDatabase
    let userID: Int64

    public init(database: any Database, userID: Int64) {
        self.sql = database.sql
        self.userID = userID
    }

    public func find() async throws -> LunchMoneyConnection? {
        struct Row: Decodable {
            var base_url: String
            var token: String
            var account_name: String
            var checked_at: Int64
        }
        return try await sql.raw(
            "SELECT base_url, token, account_name, checked_at FROM lunchmoney_connections WHERE user_id = \(bind: userID)"
        ).first(decoding: Row.self).map {
            LunchMoneyConnection(
                baseURL: $0.base_url, token: $0.token, accountName: $0.account_name, checkedAt: $0.checked_at)
        }
    }

    /// Saves the connection, keeping its pull schedule.
    public func save(_ connection: LunchMoneyConnection) async throws {
        try await sql.raw(
            """
            INSERT INTO lunchmoney_connections (user_id, base_url, token, account_name, checked_at)
            VALUES (\(bind: userID), \(bind: connection.baseURL), \(bind: connection.token),
              \(bind: connection.accountName), \(bind: connection.checkedAt))
            ON CONFLICT (user_id) DO UPDATE SET base_url = excluded.base_url, token = excluded.token,
              account_name = excluded.account_name, checked_at = excluded.checked_at
            """
        ).run()
    }

    /// Forgets the connection and the changes still to be sent to it.
    public func delete() async throws {
        try await sql.raw("DELETE FROM lunchmoney_outbox WHERE user_id = \(bind: userID)").run()
        try await sql.raw("DELETE FROM lunchmoney_connections WHERE user_id = \(bind: userID)").run()
    }

    /// Minutes between scheduled pulls; nil when they are off (or there is no connection).
    public func pullEveryMinutes() async throws -> Int? {
        struct Row: Decodable { var pull_every_minutes: Int? }
        return try await sql.raw(
            "SELECT pull_every_minutes FROM lunchmoney_connections WHERE user_id = \(bind: userID)"
        ).first(decoding: Row.self)?.pull_every_minutes
    }

    public func schedulePulls(everyMinutes minutes: Int?) async throws {
        try await sql.raw(
            "UPDATE lunchmoney_connections SET pull_every_minutes = \(bind: minutes) WHERE user_id = \(bind: userID)"
        ).run()
    }

    /// The users whose scheduled pull is due: never pulled, or the last pull ended (or stalled)
    /// longer ago than their schedule.
    public static func duePulls(on database: any Database, now: Int64) async throws -> [Int64] {
        struct Row: Decodable { var user_id: Int64 }
        return try await database.sql.raw(
            """
            SELECT c.user_id FROM lunchmoney_connections c LEFT JOIN lunchmoney_pulls p ON p.user_id = c.user_id
            WHERE c.pull_every_minutes IS NOT NULL
              AND (p.user_id IS NULL OR p.updated_at < \(bind: now) - c.pull_every_minutes * 60)
            """
        ).all(decoding: Row.self).map(\.user_id)
    }
}
