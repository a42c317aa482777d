import BillfoldCore
import FluentKit
import SQLKit

/// Sign-in attempts, by key ("pair:…", "address:203.0.113.9", "account:lou@example.com"), kept
/// in the database so every instance behind a load balancer counts the same attempts. An attempt
/// is written before its password is checked and is in flight until the answer is known; a good
/// password takes it back. A place an account signed in from is remembered ("known:…").
public struct SignInAttemptRepository: Sendable {
    let sql: any SQLDatabase

    public init(database: any Database) {
        sql = database.sql
    }

    /// A count an attempt must stay under: `limit` attempts under `key` in the window.
    public struct Limit: Sendable {
        public var key: String
        public var limit: Int

        public init(key: String, limit: Int) {
            self.key = key
            self.limit = limit
        }
    }

    /// What `reserve` decided.
    public enum Decision: Sendable, Equatable {
        /// Counted: the attempts' ids, to take back or settle once the password is checked.
        case counted([Int64])
        /// A limit is reached by failures: the next attempt is allowed when the oldest leaves the
        /// window, at `until`.
        case refused(until: Int64)
        /// A limit is reached only with attempts still in flight: try again in a moment.
        case busy
    }

    struct Count: Decodable {
        var settled: Int64?
        var inFlight: Int64?
        var oldest: Int64?
    }

    /// In one transaction, after every other instance's reservations (a lock on PostgreSQL; the
    /// write gate on SQLite): counts an attempt under each limit's key when all are under their
    /// limits. An attempt in flight for longer than `flightSeconds` counts as a failure (its
    /// request died before it could settle it).
    public func reserve(
        _ limits: [Limit], at now: Int64, window: Int64, flightSeconds: Int64 = 60, forgetKnownBefore: Int64
    ) async throws -> Decision {
        // Any number (0x5349474e, "SIGN"), the same in every instance.
        try await sql.engine.waitForOthers(1_397_311_310)
        // Out of the window: a range of the time index. Known places last 90 days and are swept
        // now and then only, so the many of a large instance are not read on every attempt.
        try await sql.raw(
            """
            DELETE FROM sign_in_attempts WHERE attempted_at <= \(bind: now - window) AND key NOT LIKE 'known:%'
            """
        ).run()
        if Int.random(in: 0..<64) == 0 {
            try await sql.raw(
                """
                DELETE FROM sign_in_attempts WHERE attempted_at <= \(bind: forgetKnownBefore) AND key LIKE 'known:%'
                """
            ).run()
        }
        var busy = false
        for limit in limits {
            let count =
                try await sql.raw(
                    """
                    SELECT SUM(CASE WHEN in_flight = 1 AND attempted_at > \(bind: now - flightSeconds) THEN 0 ELSE 1 END)
                    AS settled,
                    SUM(CASE WHEN in_flight = 1 AND attempted_at > \(bind: now - flightSeconds) THEN 1 ELSE 0 END)
                    AS "inFlight",
                    MIN(attempted_at) AS oldest
                    FROM sign_in_attempts WHERE key = \(bind: limit.key) AND attempted_at > \(bind: now - window)
                    """
                ).first(decoding: Count.self) ?? Count()
            let settled = Int(count.settled ?? 0)
            if settled >= limit.limit { return .refused(until: (count.oldest ?? now) + window) }
            if settled + Int(count.inFlight ?? 0) >= limit.limit { busy = true }
        }
        if busy { return .busy }
        struct Inserted: Decodable { var id: Int64 }
        var insert = sql.insert(into: "sign_in_attempts").columns("key", "attempted_at", "in_flight")
        for limit in limits { insert = insert.values(SQLBind(limit.key), SQLBind(now), SQLBind(1)) }
        return .counted(try await insert.returning("id").all(decoding: Inserted.self).map(\.id))
    }

    /// The attempts were wrong passwords: they count until they leave the window.
    public func settle(_ ids: [Int64]) async throws {
        guard !ids.isEmpty else { return }
        try await sql.update("sign_in_attempts").set("in_flight", to: SQLBind(0))
            .where("id", .in, SQLBind.group(ids)).run()
    }

    /// Takes the attempts back (a good password is no guess).
    public func takeBack(_ ids: [Int64]) async throws {
        guard !ids.isEmpty else { return }
        try await sql.delete(from: "sign_in_attempts").where("id", .in, SQLBind.group(ids)).run()
    }

    /// Forgets a key's attempts (a place after its owner signed in there; an account whose
    /// password was reset).
    public func clear(_ key: String) async throws {
        try await sql.raw("DELETE FROM sign_in_attempts WHERE key = \(bind: key)").run()
    }

    /// Forgets a key's wrong passwords, not the attempts still being checked.
    public func clearFailures(_ key: String) async throws {
        try await sql.raw("DELETE FROM sign_in_attempts WHERE key = \(bind: key) AND in_flight = 0").run()
    }

    /// Forgets the attempts of every key that starts with `prefix` (an account's at every place).
    public func clear(startingWith prefix: String) async throws {
        try await sql.raw(
            "DELETE FROM sign_in_attempts WHERE substr(key, 1, CAST(\(bind: prefix.unicodeScalars.count) AS INTEGER)) = \(bind: prefix)"
        ).run()
    }

    /// Remembers that the account signed in from a place, at `now`.
    public func remember(_ key: String, at now: Int64) async throws {
        try await clear(key)
        try await sql.insert(into: "sign_in_attempts").columns("key", "attempted_at", "in_flight")
            .values(SQLBind(key), SQLBind(now), SQLBind(0)).run()
    }

    /// Whether `key` was remembered since `since`.
    public func remembered(_ key: String, since: Int64) async throws -> Bool {
        struct Found: Decodable { var id: Int64 }
        return try await sql.raw(
            "SELECT id FROM sign_in_attempts WHERE key = \(bind: key) AND attempted_at > \(bind: since) LIMIT 1"
        ).first(decoding: Found.self) != nil
    }
}
