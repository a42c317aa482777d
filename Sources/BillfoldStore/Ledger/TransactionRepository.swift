import BillfoldCore
import FluentKit
import SQLKit
import SQLiteNIO

/// One user's transactions. Every statement carries `user_id`, so no query can reach another
/// user's rows.
public struct TransactionRepository: Sendable {
    let database: any Database
    let sql: any SQLDatabase
    let userID: Int64
    /// What differs between SQLite and PostgreSQL, chosen once.
    let engine: any DatabaseEngine

    public init(database: any Database, userID: Int64) {
        self.database = database
        self.sql = database.sql
        self.userID = userID
        self.engine = sql.engine
    }

    /// Runs `work` in a database transaction, joining the caller's when there is one, so a row
    /// and its place in the totals are written together or not at all.
    func atomically<T: Sendable>(_ work: @escaping @Sendable (TransactionRepository) async throws -> T)
        async throws -> T
    {
        if database.inTransaction { return try await work(self) }
        return try await database.transaction { db in
            try await work(TransactionRepository(database: db, userID: userID))
        }
    }

    /// Oldest first (ties by id), skipping `offset` rows: the order the review deck and the Lunch
    /// Money API read in.
    public func ascending(_ query: TransactionQuery, offset: Int = 0, limit: Int) async throws -> [Transaction] {
        try await ascending(query, offset: offset, limit: limit, seekingFrom: TransactionOffset.worthSeeking)
    }

    /// `seekingFrom`: the offset from which the per-day sums find the page's first day
    /// (`TransactionOffset`); tests set it low to compare both ways.
    func ascending(_ query: TransactionQuery, offset: Int, limit: Int, seekingFrom: Int) async throws
        -> [Transaction]
    {
        var query = query
        var offset = offset
        if offset >= seekingFrom,
            let start = try await TransactionOffset.start(of: query, offset: offset, userID: userID, on: sql)
        {
            query.range = InstantRange(lowerBound: start.from, upperBound: query.range.upperBound)
            offset -= start.before
        }
        let rows = rowsRead(query)
        let statement: SQLQueryString =
            "SELECT \(TransactionRow.columns)" + rows.from
            + " ORDER BY \(unsafeRaw: rows.time), \(unsafeRaw: rows.id) LIMIT \(literal: limit) OFFSET \(literal: offset)"
        return try await engine.rows(statement).map { try TransactionRow($0).transaction() }
    }

    /// Oldest first after `cursor` (from the start when nil): the list's keyset walk the other
    /// way, so every page of an export costs the same, the millionth row as the first.
    public func ascending(_ query: TransactionQuery, after cursor: TransactionCursor?, limit: Int) async throws
        -> [Transaction]
    {
        let rows = rowsRead(query)
        var statement: SQLQueryString = "SELECT \(TransactionRow.columns)" + rows.from
        if let cursor {
            // A row value, as in `page`, so both databases seek in the (user, booked_at, id) index.
            statement +=
                " AND (\(unsafeRaw: rows.time), \(unsafeRaw: rows.id)) > (\(bind: cursor.bookedAt), \(bind: cursor.id))"
        }
        statement += " ORDER BY \(unsafeRaw: rows.time), \(unsafeRaw: rows.id) LIMIT \(literal: limit)"
        return try await engine.rows(statement).map { try TransactionRow($0).transaction() }
    }

    /// The currencies the user's transactions are in.
    public func currencies() async throws -> [Currency] {
        struct Row: Decodable { var currency: String }
        return try await sql.raw(
            "SELECT currency FROM currency_volumes WHERE user_id = \(bind: userID) ORDER BY currency"
        ).all(decoding: Row.self).map { Currency(stored: $0.currency) }
    }

    /// The currencies the person's money or accounts are in (an account may not have been booked
    /// to yet), in order: what a rate book must hold for them, in one statement.
    public func currenciesHeld() async throws -> [Currency] {
        struct Row: Decodable { var currency: String }
        return try await sql.raw(
            """
            SELECT currency FROM currency_volumes WHERE user_id = \(bind: userID)
            UNION SELECT currency FROM accounts WHERE user_id = \(bind: userID) ORDER BY currency
            """
        ).all(decoding: Row.self).map { Currency(stored: $0.currency) }
    }

    /// The sum and count of the whole query, one line per currency, in currency order.
    public func totals(_ query: TransactionQuery) async throws -> [CurrencyTotal] {
        try await TransactionTotals.read(query, userID: userID, on: sql)
    }

    /// Those of `ids` that are the user's, newest first.
    public func find(_ ids: [Int64]) async throws -> [Transaction] {
        guard !ids.isEmpty else { return [] }
        return try await sql.raw(
            """
            SELECT \(TransactionRow.columns) FROM transactions
            WHERE user_id = \(bind: userID) AND id IN (\(binds: ids)) ORDER BY booked_at DESC, id DESC
            """
        ).all().map { try TransactionRow($0).transaction() }
    }

    public func find(_ id: Int64) async throws -> Transaction? { try await find([id]).first }

    /// The ids of the user's transactions with these external ids, by external id (read through
    /// the unique external id index).
    public func ids(externalIDs: [String]) async throws -> [String: Int64] {
        struct Row: Decodable {
            var id: Int64
            var external_id: String
        }
        var found: [String: Int64] = [:]
        for chunk in externalIDs.chunked(500) {
            let rows = try await sql.raw(
                """
                SELECT id, external_id FROM transactions
                WHERE user_id = \(bind: userID) AND external_id IN (\(binds: Array(chunk)))
                """
            ).all(decoding: Row.self)
            for row in rows { found[row.external_id] = row.id }
        }
        return found
    }

    /// Whether any of the user's transactions has an external id starting with `prefix` (an
    /// ASCII word such as "demo-"); read through the external id index.
    public func hasExternalID(startingWith prefix: String) async throws -> Bool {
        guard let last = prefix.unicodeScalars.last, last.isASCII, last.value < 127 else {
            preconditionFailure("an ASCII prefix")
        }
        // Every id starting with "demo-" sorts at or after "demo-" and before "demo.".
        let end = String(prefix.unicodeScalars.dropLast()) + String(UnicodeScalar(UInt8(last.value + 1)))
        return try await sql.raw(
            """
            SELECT 1 AS found FROM transactions WHERE user_id = \(bind: userID)
            AND external_id >= \(bind: prefix) AND external_id < \(bind: end) LIMIT 1
            """
        ).first() != nil
    }

    /// Whether the user has a transaction within `range` with this payee and amount.
    public func hasDuplicate(payee: String, money: Money, in range: InstantRange) async throws -> Bool {
        try await sql.raw(
            """
            SELECT 1 AS found FROM transactions WHERE user_id = \(bind: userID)
            AND booked_at >= \(bind: range.lowerBound ?? Int64.min) AND booked_at < \(bind: range.upperBound ?? Int64.max)
            AND payee = \(bind: payee) AND amount_minor = \(bind: money.minorUnits)
            AND currency = \(bind: money.currency.code) LIMIT 1
            """
        ).first() != nil
    }

    /// Adds one transaction to an account the caller has checked belongs to the user.
    public func create(_ new: NewTransaction, accountID: Int64, now: Int64) async throws -> Transaction {
        let ids = try await insert([new], accountID: { _ in accountID }, now: now)
        guard let id = ids.first, let created = try await find(id) else {
            throw BillfoldError(.conflict, Phrase("error.store.externalIDTaken"))
        }
        return created
    }

    /// Applies a change to the row and its sums at `now`: the transaction after it and the fields
    /// that really changed (none: nothing was written); nil when the user has no such
    /// transaction. What follows a change (its history, the Lunch Money outbox) is the caller's.
    public func update(_ id: Int64, _ change: TransactionChange, at now: Int64) async throws
        -> (Transaction, [TransactionEdit])?
    {
        try await atomically { try await $0.updateRow(id, change, at: now) }
    }

    private func updateRow(_ id: Int64, _ change: TransactionChange, at now: Int64) async throws
        -> (Transaction, [TransactionEdit])?
    {
        guard let old = try await find(id) else { return nil }
        if let money = change.money, money != old.money, old.amountIsTied {
            throw BillfoldError.validation(
                "amount",
                old.groupID != nil || old.kind == .group
                    ? Phrase("error.store.amountTiedToGroup")
                    : Phrase("error.store.amountPartOfSplit"))
        }
        if let bookedAt = change.bookedAt {
            try Self.refuseTooEarly([NewTransaction(bookedAt: bookedAt, payee: old.payee, money: old.money)])
        }
        let edits = TransactionEdit.edits(from: old, applying: change, at: now)
        // Nothing really changes: no write, no history line, no new updated time.
        guard !edits.isEmpty else { return (old, []) }
        let new = old.applying(change, at: now)
        // Out of the totals under the old category, status and payee, back in under the new; a
        // new note moves no total. Judged by what really changes: a form sends every field. A
        // payee whose accents are written another way is the same to Swift, not to the sums.
        let newPayeeBytes = change.payee.map { !$0.utf8.elementsEqual(old.payee.utf8) } ?? false
        let movesTotals = newPayeeBytes || edits.contains { $0.field != .notes }
        if movesTotals { try await TransactionTotals.add(ids: [id], userID: userID, sign: -1, on: sql) }
        var assignments: [SQLQueryString] = ["updated_at = \(bind: now)"]
        if new.categoryID != old.categoryID || new.categorySource != old.categorySource {
            assignments.append("category_id = \(bind: new.categoryID)")
            assignments.append("category_source = \(bind: new.categorySource?.rawValue)")
        }
        if let notes = change.notes { assignments.append("notes = \(bind: notes)") }
        if let status = change.status { assignments.append("status = \(bind: status.rawValue)") }
        if let payee = change.payee { assignments.append("payee = \(bind: payee)") }
        if let money = change.money {
            assignments.append("amount_minor = \(bind: money.minorUnits)")
            assignments.append("currency = \(bind: money.currency.code)")
            // The currency's volume only grows: every sum stays within 64 bits.
            try await CurrencyVolumes.add(
                [money.currency.code: Int64(clamping: money.minorUnits.magnitude)], userID: userID, on: sql)
        }
        if let bookedAt = change.bookedAt {
            assignments.append("booked_at = \(bind: bookedAt.epochSeconds)")
            assignments.append("booked_offset = \(bind: bookedAt.offsetSeconds)")
        }
        if let accountID = change.accountID { assignments.append("account_id = \(bind: accountID)") }
        try await sql.raw(
            "UPDATE transactions SET " + assignments.joined(separator: ", ")
                + " WHERE id = \(bind: id) AND user_id = \(bind: userID)"
        ).run()
        if movesTotals { try await TransactionTotals.add(ids: [id], userID: userID, on: sql) }
        return (new, edits)
    }

    /// Adds a transaction's changed fields to its history, with where they were changed.
    public func recordHistory(of id: Int64, _ edits: [TransactionEdit], source: ChangeSource) async throws {
        try await recordHistory(edits.map { HistoryLine(id, $0, source: source.rawValue) })
    }

    /// One line of a transaction's history as stored; `source` is a `ChangeSource`, nil for lines
    /// written before sources were kept.
    struct HistoryLine: Codable {
        var transaction_id: Int64
        var field: String
        var old_value: String?
        var new_value: String?
        var changed_at: Int64
        var source: String?

        init(_ transaction: Int64, _ edit: TransactionEdit, source: String?) {
            self.transaction_id = transaction
            field = edit.field.rawValue
            old_value = edit.oldValue
            new_value = edit.newValue
            changed_at = edit.changedAt
            self.source = source
        }
    }

    /// Adds lines to transactions' history.
    func recordHistory(_ lines: [HistoryLine]) async throws {
        guard !lines.isEmpty else { return }
        var insert = sql.insert(into: "transaction_changes").columns(
            "user_id", "transaction_id", "field", "old_value", "new_value", "changed_at", "source")
        for line in lines {
            insert = insert.values(
                SQLBind(userID), SQLBind(line.transaction_id), SQLBind(line.field), SQLBind(line.old_value),
                SQLBind(line.new_value), SQLBind(line.changed_at), SQLBind(line.source))
        }
        try await insert.run()
    }

    /// What the user changed on a transaction, newest first.
    public func history(_ id: Int64) async throws -> [TransactionEdit] {
        struct Row: Decodable {
            var field: String
            var old_value: String?
            var new_value: String?
            var changed_at: Int64
            var source: String?
        }
        return try await sql.raw(
            """
            SELECT field, old_value, new_value, changed_at, source FROM transaction_changes
            WHERE transaction_id = \(bind: id) AND user_id = \(bind: userID) ORDER BY id DESC
            """
        ).all(decoding: Row.self).compactMap { row in
            TransactionEdit.Field(rawValue: row.field).map {
                TransactionEdit(
                    field: $0, oldValue: row.old_value, newValue: row.new_value, changedAt: row.changed_at,
                    source: row.source.flatMap(ChangeSource.init(rawValue:)))
            }
        }
    }

    public func count() async throws -> Int {
        struct Row: Decodable { var count: Int64 }
        let row = try await sql.raw(
            "SELECT COUNT(*) AS count FROM transactions WHERE user_id = \(bind: userID)"
        ).first(decoding: Row.self)
        return Int(row?.count ?? 0)
    }
}
