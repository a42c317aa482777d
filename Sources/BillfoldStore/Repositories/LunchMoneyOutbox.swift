import BillfoldCore
import FluentKit
import SQLKit

/// The sender's view of every user's outbox. Any number of instances may send: a change is
/// taken with a lease first, so only one of them sends it, and a lease that runs out (its
/// instance died) lets another take it again.
public struct LunchMoneyOutbox: Sendable {
    let sql: any SQLDatabase

    public init(database: any Database) { sql = database.sql }

    public struct Due: Sendable, Hashable {
        public var userID: Int64
        public var transactionID: Int64
    }

    /// Transactions with changes due, in the order the changes were made.
    public func due(now: Int64, limit: Int) async throws -> [Due] {
        struct Row: Decodable {
            var user_id: Int64
            var transaction_id: Int64
        }
        return try await sql.raw(
            """
            SELECT user_id, transaction_id FROM lunchmoney_outbox
            WHERE state = 'waiting' AND next_attempt_at <= \(bind: now) AND leased_until < \(bind: now)
            GROUP BY user_id, transaction_id ORDER BY MIN(id) LIMIT \(bind: limit)
            """
        ).all(decoding: Row.self).map { Due(userID: $0.user_id, transactionID: $0.transaction_id) }
    }

    public struct Claimed: Sendable, Equatable {
        public var id: Int64
        public var field: TransactionEdit.Field
        public var value: String?
        public var attempts: Int
        /// The lease it was taken with: the sender's writes touch it only while it is still
        /// theirs (a change made after the lease ran out is a new value, not what was sent).
        public var lease: Int64
    }

    /// Takes a transaction's due changes for `leaseSeconds`; none when another sender has them.
    public func claim(_ due: Due, now: Int64, leaseSeconds: Int64) async throws -> [Claimed] {
        struct Row: Decodable {
            var id: Int64
            var field: String
            var value: String?
            var attempts: Int
        }
        let rows = try await sql.raw(
            """
            UPDATE lunchmoney_outbox SET leased_until = \(bind: now + leaseSeconds)
            WHERE user_id = \(bind: due.userID) AND transaction_id = \(bind: due.transactionID) AND state = 'waiting'
              AND next_attempt_at <= \(bind: now) AND leased_until < \(bind: now)
            RETURNING id, field, value, attempts
            """
        ).all(decoding: Row.self)
        return rows.compactMap { row in
            TransactionEdit.Field(rawValue: row.field).map {
                Claimed(id: row.id, field: $0, value: row.value, attempts: row.attempts, lease: now + leaseSeconds)
            }
        }.sorted { $0.id < $1.id }
    }

    /// Lunch Money has these changes: they leave the outbox.
    public func sent(_ ids: [Int64], lease: Int64) async throws {
        guard !ids.isEmpty else { return }
        try await sql.raw(
            "DELETE FROM lunchmoney_outbox WHERE id IN (\(binds: ids)) AND leased_until = \(bind: lease)"
        ).run()
    }

    /// Lunch Money refused these changes: they wait for the person (Retry).
    public func refused(_ ids: [Int64], lease: Int64, message: String) async throws {
        guard !ids.isEmpty else { return }
        try await sql.raw(
            """
            UPDATE lunchmoney_outbox SET state = 'refused', message = \(bind: message), leased_until = 0,
              attempts = attempts + 1 WHERE id IN (\(binds: ids)) AND leased_until = \(bind: lease)
            """
        ).run()
    }

    /// Lunch Money changed the field too, to something else: the person decides.
    public func conflicted(_ id: Int64, lease: Int64, remote: String?) async throws {
        try await sql.raw(
            """
            UPDATE lunchmoney_outbox SET state = 'conflict', remote_value = \(bind: remote), leased_until = 0
            WHERE id = \(bind: id) AND leased_until = \(bind: lease)
            """
        ).run()
    }

    /// Lunch Money could not take them now (down, or too many requests): these changes, and
    /// every other change of the user's waiting, are tried again no sooner than `until`.
    public func postpone(_ ids: [Int64], lease: Int64, userID: Int64, until: Int64, message: String) async throws {
        guard !ids.isEmpty else { return }
        try await sql.raw(
            """
            UPDATE lunchmoney_outbox SET attempts = attempts + 1, leased_until = 0
            WHERE id IN (\(binds: ids)) AND leased_until = \(bind: lease)
            """
        ).run()
        try await sql.raw(
            """
            UPDATE lunchmoney_outbox SET next_attempt_at = \(bind: until), message = \(bind: message)
            WHERE user_id = \(bind: userID) AND state = 'waiting' AND next_attempt_at < \(bind: until)
            """
        ).run()
    }
}
