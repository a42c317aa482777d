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

    public func save(_ connection: LunchMoneyConnection) async throws {
        try await sql.raw("DELETE FROM lunchmoney_connections WHERE user_id = \(bind: userID)").run()
        try await sql.insert(into: "lunchmoney_connections")
            .columns("user_id", "base_url", "token", "account_name", "checked_at")
            .values(
                SQLBind(userID), SQLBind(connection.baseURL), SQLBind(connection.token),
                SQLBind(connection.accountName), SQLBind(connection.checkedAt)
            ).run()
    }

    public func delete() async throws {
        try await sql.raw("DELETE FROM lunchmoney_connections WHERE user_id = \(bind: userID)").run()
    }
}
