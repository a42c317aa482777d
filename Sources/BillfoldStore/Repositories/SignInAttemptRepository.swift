import BillfoldCore
import FluentKit
import SQLKit

/// Failed sign-in attempts, by key ("account:lou@example.com", "address:203.0.113.9"), kept in
/// the database so every instance behind a load balancer counts the same attempts.
public struct SignInAttemptRepository: Sendable {
    let sql: any SQLDatabase

    public init(database: any Database) {
        sql = database.sql
    }

    struct Row: Decodable {
        var count: Int64
        var oldest: Int64?
    }

    /// How many attempts `key` had since `since`, and the oldest of them (it leaves the window
    /// first, which is when the next attempt is allowed again).
    public func recent(_ key: String, since: Int64) async throws -> (count: Int, oldest: Int64?) {
        let row = try await sql.raw(
            """
            SELECT COUNT(*) AS count, MIN(attempted_at) AS oldest FROM sign_in_attempts
            WHERE key = \(bind: key) AND attempted_at > \(bind: since)
            """
        ).first(decoding: Row.self)
        return (Int(row?.count ?? 0), row?.oldest)
    }

    /// Records one failed attempt under each key, and sweeps attempts older than `forgetBefore`.
    public func record(_ keys: [String], at now: Int64, forgetBefore: Int64) async throws {
        var insert = sql.insert(into: "sign_in_attempts").columns("key", "attempted_at")
        for key in keys { insert = insert.values(SQLBind(key), SQLBind(now)) }
        try await insert.run()
        try await sql.raw("DELETE FROM sign_in_attempts WHERE attempted_at <= \(bind: forgetBefore)").run()
    }

    /// Takes back one attempt under each key: the one made at `at`, or the latest.
    public func forget(_ keys: [String], at: Int64?) async throws {
        struct Found: Decodable { var id: Int64 }
        for key in keys {
            var find: SQLQueryString = "SELECT id FROM sign_in_attempts WHERE key = \(bind: key)"
            if let at { find += " AND attempted_at = \(bind: at)" }
            find += " ORDER BY id DESC LIMIT 1"
            guard let found = try await sql.raw(find).first(decoding: Found.self) else { continue }
            try await sql.raw("DELETE FROM sign_in_attempts WHERE id = \(bind: found.id)").run()
        }
    }

    /// Forgets a key's attempts (an account after its owner signed in).
    public func clear(_ key: String) async throws {
        try await sql.raw("DELETE FROM sign_in_attempts WHERE key = \(bind: key)").run()
    }
}
