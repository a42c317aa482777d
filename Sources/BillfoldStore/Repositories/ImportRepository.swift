import BillfoldCore
import FluentKit
import SQLKit

/// One user's bank file imports, and the transactions each brought.
public struct ImportRepository: Sendable {
    let database: any Database
    let userID: Int64
    private var sql: any SQLDatabase { database.sql }

    public init(database: any Database, userID: Int64) {
        self.database = database
        self.userID = userID
    }

    private struct Row: Decodable {
        var id: Int64
        var file_name: String
        var format: String
        var created_at: Int64
        var added: Int64
        var skipped: Int64
        var pending: Int64
        var unreadable: Int64
        var undone_at: Int64?

        var record: ImportRecord {
            ImportRecord(
                id: id, fileName: file_name, format: format, createdAt: created_at, added: Int(added),
                skipped: Int(skipped), pending: Int(pending), unreadable: Int(unreadable), undoneAt: undone_at)
        }
    }

    private static let select: SQLQueryString =
        "SELECT id, file_name, format, created_at, added, skipped, pending, unreadable, undone_at FROM imports"

    /// Records an import before its transactions are written (they name it); the counts are set
    /// by `finish` in the same database transaction.
    public func start(fileName: String, format: String, now: Int64) async throws -> Int64 {
        struct Inserted: Decodable { var id: Int64 }
        let row = try await sql.insert(into: "imports")
            .columns("user_id", "file_name", "format", "created_at", "added", "skipped", "pending", "unreadable")
            .values(
                SQLBind(userID), SQLBind(fileName), SQLBind(format), SQLBind(now), SQLBind(0), SQLBind(0), SQLBind(0),
                SQLBind(0)
            )
            .returning("id").first(decoding: Inserted.self)
        guard let row else { throw BillfoldError(.unavailable, Phrase("error.store.importNotRecorded")) }
        return row.id
    }

    public func finish(_ id: Int64, added: Int, skipped: Int, pending: Int, unreadable: Int) async throws {
        try await sql.raw(
            """
            UPDATE imports SET added = \(bind: added), skipped = \(bind: skipped), pending = \(bind: pending),
              unreadable = \(bind: unreadable) WHERE id = \(bind: id) AND user_id = \(bind: userID)
            """
        ).run()
    }

    /// Every import, newest first.
    public func all() async throws -> [ImportRecord] {
        try await sql.raw(Self.select + " WHERE user_id = \(bind: userID) ORDER BY created_at DESC, id DESC")
            .all(decoding: Row.self).map(\.record)
    }

    public func find(_ id: Int64) async throws -> ImportRecord? {
        try await sql.raw(Self.select + " WHERE id = \(bind: id) AND user_id = \(bind: userID)")
            .first(decoding: Row.self)?.record
    }

    /// Which of `keys` an account already has.
    public func existingKeys(account: Int64, _ keys: [String]) async throws -> Set<String> {
        var found = Set<String>()
        // Within PostgreSQL's 65,535 parameters a statement.
        for chunk in keys.chunked(5000) {
            let rows = try await database.storedRows(
                """
                SELECT import_key FROM transactions WHERE user_id = \(bind: userID) AND account_id = \(bind: account)
                AND import_key IN (\(binds: Array(chunk)))
                """)
            for row in rows { found.insert(try row.text("import_key")) }
        }
        return found
    }

    /// Removes exactly the transactions an import added, taking them out of the sums
    /// first, and marks it undone; how many were removed. Their history and review lines go
    /// with them.
    public func undo(_ id: Int64, now: Int64) async throws -> Int {
        try await database.transaction { db in
            let sql = db.sql
            struct ID: Decodable { var id: Int64 }
            struct Count: Decodable { var n: Int64 }
            // A row split or grouped since carries other rows with it (its parts, its group): the
            // person takes those back first, rather than the undo leaving parts without their
            // parent or a group whose sum no longer holds.
            let tied =
                try await sql.raw(
                    """
                    SELECT COUNT(*) AS n FROM transactions WHERE user_id = \(bind: userID) AND import_id = \(bind: id)
                      AND (kind IS NOT NULL OR group_id IS NOT NULL)
                    """
                ).first(decoding: Count.self)?.n ?? 0
            guard tied == 0 else {
                throw BillfoldError(.conflict, Phrase("error.store.importHasSplitsOrGroups", count: Int(tied)))
            }
            // Marked undone first, and only if it was not: of two undos at once (a double click),
            // the second finds nothing to mark and takes nothing out of the sums again.
            let marked = try await sql.raw(
                """
                UPDATE imports SET undone_at = \(bind: now)
                WHERE id = \(bind: id) AND user_id = \(bind: userID) AND undone_at IS NULL RETURNING id
                """
            ).all(decoding: ID.self)
            guard !marked.isEmpty else {
                throw BillfoldError(.conflict, Phrase("error.store.importAlreadyUndone"))
            }
            // The whole import at once, through the import index: out of the sums, then out of the table.
            try await TransactionTotals.add(
                matching: "import_id = \(bind: id)", userID: userID, sign: -1, on: sql)
            // Counted through the same index, so the delete need not send a million ids back.
            let removed =
                try await sql.raw(
                    """
                    SELECT COUNT(*) AS n FROM transactions WHERE user_id = \(bind: userID) AND import_id = \(bind: id)
                    """
                ).first(decoding: Count.self)?.n ?? 0
            try await sql.raw(
                "DELETE FROM transactions WHERE user_id = \(bind: userID) AND import_id = \(bind: id)"
            ).run()
            // The accounts the import made go with it, unless something else came to them since: a
            // transaction, an opening balance, or a delete that may still be undone into them.
            try await sql.raw(
                """
                DELETE FROM accounts WHERE user_id = \(bind: userID) AND made_by_import = \(bind: id)
                  AND opening_minor = 0
                  AND NOT EXISTS (SELECT 1 FROM transactions WHERE transactions.account_id = accounts.id)
                  AND NOT EXISTS (SELECT 1 FROM deletions WHERE deletions.user_id = \(bind: userID)
                    AND deletions.deleted_at >= \(bind: now - TransactionRepository.undoSeconds)
                    AND (deletions.snapshot LIKE '%"account_id":' || CAST(accounts.id AS TEXT) || ',%'
                      OR deletions.snapshot LIKE '%"account_id":' || CAST(accounts.id AS TEXT) || '}%'))
                """
            ).run()
            return Int(removed)
        }
    }

    // MARK: Profiles

    /// Saves (or replaces) a named profile; `mapping` is its JSON.
    public func saveProfile(_ name: String, mapping: String, now: Int64) async throws {
        try await sql.raw(
            """
            INSERT INTO import_profiles (user_id, name, mapping, updated_at)
            VALUES (\(bind: userID), \(bind: name), \(bind: mapping), \(bind: now))
            ON CONFLICT (user_id, name) DO UPDATE SET mapping = excluded.mapping, updated_at = excluded.updated_at
            """
        ).run()
    }

    /// A profile's JSON, or nil.
    public func profile(_ name: String) async throws -> String? {
        struct Row: Decodable { var mapping: String }
        return try await sql.raw(
            "SELECT mapping FROM import_profiles WHERE user_id = \(bind: userID) AND name = \(bind: name)"
        ).first(decoding: Row.self)?.mapping
    }

    /// Every profile's name, in order.
    public func profileNames() async throws -> [String] {
        struct Row: Decodable { var name: String }
        return try await sql.raw("SELECT name FROM import_profiles WHERE user_id = \(bind: userID) ORDER BY name")
            .all(decoding: Row.self).map(\.name)
    }
}
