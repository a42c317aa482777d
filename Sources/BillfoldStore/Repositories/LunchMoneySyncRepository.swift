import BillfoldCore
import FluentKit
import SQLKit

/// What a connected Lunch Money and Billfold share of a transaction, both ways.
public enum LunchMoneyShared {
    /// The fields a change to is sent to Lunch Money, and taken from it on a pull.
    public static let fields: [TransactionEdit.Field] = [.status, .category, .notes, .payee]
    /// Matched with LIKE, not a range: PostgreSQL's locale collations sort ":" and ";" their own way.
    static let prefix = "lunchmoney:"

    /// The external id of the transaction a pull or a Lunch Money file brings in with this id.
    public static func externalID(_ remoteID: Int64) -> String { prefix + String(remoteID) }

    /// The Lunch Money id of a transaction a pull or a Lunch Money file brought in.
    public static func remoteID(_ externalID: String?) -> Int64? {
        guard let externalID, externalID.hasPrefix(prefix) else { return nil }
        return Int64(externalID.dropFirst(prefix.count))
    }
}

/// One field's change waiting to go to Lunch Money, or held there.
public struct LunchMoneyPending: Sendable, Equatable {
    public enum State: String, Sendable { case waiting, refused, conflict }
    public var field: TransactionEdit.Field
    public var state: State
    /// Billfold's value, as `Transaction.text(of:)` writes it.
    public var value: String?
    /// Lunch Money's value, for a conflict.
    public var remoteValue: String?
    /// Why it waits or what Lunch Money said.
    public var message: String
    public var attempts: Int
}

/// One user's side of the sync: what both sides last agreed on, and the changes still to send.
public struct LunchMoneySyncRepository: Sendable {
    let sql: any SQLDatabase
    let userID: Int64

    public init(database: any Database, userID: Int64) {
        sql = database.sql
        self.userID = userID
    }

    /// A Lunch Money transaction as it is here, with the values both sides last agreed on (nil
    /// for one pulled before the sync kept them).
    public struct Known: Sendable {
        public var transaction: Transaction
        public var agreed: [TransactionEdit.Field: String?]?
    }

    /// The user's Lunch Money transactions by Lunch Money id.
    public func known() async throws -> [Int64: Known] {
        let rows = try await sql.raw(
            """
            SELECT \(unsafeRaw: TransactionRow.columns(of: "t")), s.transaction_id AS agreed_id,
              s.status AS agreed_status, s.category AS agreed_category, s.notes AS agreed_notes,
              s.payee AS agreed_payee, s.amount AS agreed_amount
            FROM transactions t LEFT JOIN lunchmoney_synced s ON s.transaction_id = t.id
            WHERE t.user_id = \(bind: userID) AND t.external_id LIKE \(bind: LunchMoneyShared.prefix + "%")
            """
        ).all()
        var known: [Int64: Known] = [:]
        for row in rows {
            let transaction = try TransactionRow(row).transaction()
            guard let remote = LunchMoneyShared.remoteID(transaction.externalID) else { continue }
            let kept = try row.decode(column: "agreed_id", as: Int64?.self) != nil
            known[remote] = Known(transaction: transaction, agreed: kept ? try Self.agreedValues(row) : nil)
        }
        return known
    }

    /// The values both sides last agreed on for one transaction; nil when none are kept.
    public func agreed(_ transactionID: Int64) async throws -> [TransactionEdit.Field: String?]? {
        let row = try await sql.raw(
            """
            SELECT status AS agreed_status, category AS agreed_category, notes AS agreed_notes,
              payee AS agreed_payee, amount AS agreed_amount
            FROM lunchmoney_synced WHERE user_id = \(bind: userID) AND transaction_id = \(bind: transactionID)
            """
        ).first()
        return try row.map(Self.agreedValues)
    }

    private static func agreedValues(_ row: any SQLRow) throws -> [TransactionEdit.Field: String?] {
        var agreed: [TransactionEdit.Field: String?] = [:]
        for field in LunchMoneyShared.fields + [.amount] {
            agreed[field] = try row.decode(column: "agreed_\(field.rawValue)", as: String?.self)
        }
        return agreed
    }

    /// Records `transactions` as both sides have them now (just pulled, say).
    public func agree(_ transactions: [Transaction]) async throws {
        for chunk in transactions.chunked(500) {
            try await sql.raw(
                "DELETE FROM lunchmoney_synced WHERE user_id = \(bind: userID) AND transaction_id IN (\(binds: chunk.map(\.id)))"
            ).run()
            var insert = sql.insert(into: "lunchmoney_synced").columns(
                "transaction_id", "user_id", "status", "category", "notes", "payee", "amount")
            for t in chunk {
                insert = insert.values(
                    SQLBind(t.id), SQLBind(userID), SQLBind(t.text(of: .status)), SQLBind(t.text(of: .category)),
                    SQLBind(t.text(of: .notes)), SQLBind(t.text(of: .payee)), SQLBind(t.text(of: .amount)))
            }
            try await insert.run()
        }
    }

    /// Records one field as both sides have it.
    public func agree(_ transactionID: Int64, _ field: TransactionEdit.Field, _ value: String?) async throws {
        guard LunchMoneyShared.fields.contains(field) || field == .amount else { return }
        try await sql.raw(
            """
            UPDATE lunchmoney_synced SET \(ident: field.rawValue) = \(bind: value)
            WHERE user_id = \(bind: userID) AND transaction_id = \(bind: transactionID)
            """
        ).run()
    }

    private static let insertOutbox: SQLQueryString = """
        INSERT INTO lunchmoney_outbox (user_id, transaction_id, field, value, state, remote_value, attempts,
          next_attempt_at, leased_until, message, created_at)

        """

    /// Puts the shared fields among `edits` in the outbox, when the user has a connection. A
    /// change not yet taken by the sender replaces the one before it: the outbox sends the
    /// latest value, once.
    public func enqueue(_ transactionID: Int64, _ edits: [TransactionEdit], now: Int64) async throws {
        for edit in edits where LunchMoneyShared.fields.contains(edit.field) {
            struct Updated: Decodable { var id: Int64 }
            let updated = try await sql.raw(
                """
                UPDATE lunchmoney_outbox SET value = \(bind: edit.newValue),
                  state = CASE WHEN state = 'conflict' THEN 'conflict' ELSE 'waiting' END,
                  attempts = 0, next_attempt_at = \(bind: now), message = '', leased_until = 0
                WHERE user_id = \(bind: userID) AND transaction_id = \(bind: transactionID)
                  AND field = \(bind: edit.field.rawValue) AND leased_until < \(bind: now)
                RETURNING id
                """
            ).all(decoding: Updated.self)
            guard updated.isEmpty else { continue }
            try await sql.raw(
                Self.insertOutbox
                    + """
                    SELECT \(bind: userID), \(bind: transactionID), \(bind: edit.field.rawValue), \(bind: edit.newValue),
                      'waiting', NULL, 0, \(bind: now), 0, '', \(bind: now)
                    WHERE EXISTS (SELECT 1 FROM lunchmoney_connections WHERE user_id = \(bind: userID))
                    """
            ).run()
        }
    }

    /// Puts the move of every Lunch Money transaction in `categories` to `target` in the outbox
    /// (a category being deleted); called before the move.
    public func enqueueMoves(from categories: [Int64], to target: Int64?, now: Int64) async throws {
        let moved: SQLQueryString = """
            SELECT id FROM transactions WHERE user_id = \(bind: userID) AND category_id IN (\(binds: categories))
              AND external_id LIKE \(bind: LunchMoneyShared.prefix + "%")
            """
        try await sql.raw(
            """
            DELETE FROM lunchmoney_outbox WHERE user_id = \(bind: userID) AND field = 'category'
              AND leased_until < \(bind: now) AND transaction_id IN (
            """ + moved + ")"
        ).run()
        try await sql.raw(
            Self.insertOutbox
                + """
                SELECT \(bind: userID), id, 'category', \(bind: target.map(String.init)), 'waiting', NULL, 0, \(bind: now), 0,
                  '', \(bind: now) FROM (
                """ + moved
                + ") moved WHERE EXISTS (SELECT 1 FROM lunchmoney_connections WHERE user_id = \(bind: userID))"
        ).run()
    }

    private struct PendingRow: Decodable {
        var transaction_id: Int64
        var field: String
        var state: String
        var value: String?
        var remote_value: String?
        var message: String
        var attempts: Int
        var pending: LunchMoneyPending? {
            guard let field = TransactionEdit.Field(rawValue: field),
                let state = LunchMoneyPending.State(rawValue: state)
            else { return nil }
            return LunchMoneyPending(
                field: field, state: state, value: value, remoteValue: remote_value, message: message,
                attempts: attempts)
        }
    }

    /// The changes of these transactions not yet in Lunch Money, by transaction.
    public func pending(_ transactionIDs: [Int64]) async throws -> [Int64: [LunchMoneyPending]] {
        var found: [Int64: [LunchMoneyPending]] = [:]
        for chunk in transactionIDs.chunked(500) {
            let rows = try await sql.raw(
                """
                SELECT transaction_id, field, state, value, remote_value, message, attempts FROM lunchmoney_outbox
                WHERE user_id = \(bind: userID) AND transaction_id IN (\(binds: Array(chunk))) ORDER BY id
                """
            ).all(decoding: PendingRow.self)
            for row in rows { if let pending = row.pending { found[row.transaction_id, default: []].append(pending) } }
        }
        return found
    }

    /// Whether Lunch Money has a transaction as both sides last agreed (it was pulled).
    public func isShared(_ transactionID: Int64) async throws -> Bool {
        try await sql.raw(
            "SELECT 1 AS found FROM lunchmoney_synced WHERE user_id = \(bind: userID) AND transaction_id = \(bind: transactionID)"
        ).first() != nil
    }

    /// Holds a field for the person to decide: Billfold has `local`, Lunch Money `remote`.
    public func conflict(
        _ transactionID: Int64, _ field: TransactionEdit.Field, local: String?, remote: String?, now: Int64
    )
        async throws
    {
        try await settle(transactionID, field)
        try await sql.raw(
            Self.insertOutbox
                + """
                VALUES (\(bind: userID), \(bind: transactionID), \(bind: field.rawValue), \(bind: local), 'conflict',
                  \(bind: remote), 0, \(bind: now), 0, '', \(bind: now))
                """
        ).run()
    }

    /// Takes a field out of the outbox: both sides have the same value now.
    public func settle(_ transactionID: Int64, _ field: TransactionEdit.Field) async throws {
        try await sql.raw(
            """
            DELETE FROM lunchmoney_outbox WHERE user_id = \(bind: userID) AND transaction_id = \(bind: transactionID)
              AND field = \(bind: field.rawValue)
            """
        ).run()
    }

    /// Sends a refused change again (after the person fixed what Lunch Money refused, say).
    public func retry(_ transactionID: Int64, now: Int64) async throws {
        try await sql.raw(
            """
            UPDATE lunchmoney_outbox SET state = 'waiting', attempts = 0, next_attempt_at = \(bind: now), message = ''
            WHERE user_id = \(bind: userID) AND transaction_id = \(bind: transactionID) AND state = 'refused'
            """
        ).run()
    }

    /// "Keep Billfold's": sends Billfold's value, taking Lunch Money's as the one agreed on so
    /// the sender does not see a conflict again.
    public func keepLocal(_ transactionID: Int64, _ field: TransactionEdit.Field, now: Int64) async throws {
        struct Row: Decodable { var remote_value: String? }
        guard
            let row = try await sql.raw(
                """
                SELECT remote_value FROM lunchmoney_outbox WHERE user_id = \(bind: userID)
                AND transaction_id = \(bind: transactionID) AND field = \(bind: field.rawValue) AND state = 'conflict'
                """
            ).first(decoding: Row.self)
        else { return }
        try await agree(transactionID, field, row.remote_value)
        try await sql.raw(
            """
            UPDATE lunchmoney_outbox SET state = 'waiting', attempts = 0, next_attempt_at = \(bind: now), message = ''
            WHERE user_id = \(bind: userID) AND transaction_id = \(bind: transactionID)
              AND field = \(bind: field.rawValue) AND state = 'conflict'
            """
        ).run()
    }

    /// How many changes wait, were refused, or are in conflict.
    public func counts() async throws -> [LunchMoneyPending.State: Int] {
        struct Row: Decodable {
            var state: String
            var count: Int64
        }
        let rows = try await sql.raw(
            "SELECT state, COUNT(*) AS count FROM lunchmoney_outbox WHERE user_id = \(bind: userID) GROUP BY state"
        ).all(decoding: Row.self)
        return Dictionary(
            rows.compactMap { row in LunchMoneyPending.State(rawValue: row.state).map { ($0, Int(row.count)) } },
            uniquingKeysWith: +)
    }

    /// The transactions with a change Lunch Money refused or in conflict, oldest first.
    public func troubled(limit: Int) async throws -> [Int64] {
        struct Row: Decodable { var transaction_id: Int64 }
        return try await sql.raw(
            """
            SELECT transaction_id FROM lunchmoney_outbox WHERE user_id = \(bind: userID) AND state <> 'waiting'
            GROUP BY transaction_id ORDER BY MIN(id) LIMIT \(bind: limit)
            """
        ).all(decoding: Row.self).map(\.transaction_id)
    }
}
