import FluentKit
import Foundation
import SQLKit

/// One account per name and currency for a person. Until now only an account's source name was
/// unique, so a cash transaction made "Cash (EUR)" (`cash-eur`) beside the demo's or a hand-opened
/// "Cash (EUR)". The display name's key (`AccountRules.nameKey`) joins the currency in a unique
/// index, and accounts that already share both are merged into the oldest, losing nothing: its
/// transactions, their sums, opening balances added, open if either was, and deletions that
/// can still be undone pointing at it.
struct M029OneAccountPerName: AsyncMigration {
    private struct Row: Decodable {
        var id: Int64
        var user_id: Int64
        var display_name: String
        var currency: String
        var opening_minor: Int64
        var archived_at: Int64?
    }

    /// In one transaction: a merge that fails partway leaves the book as it was, and the
    /// migration can run again.
    func prepare(on database: any Database) async throws {
        try await database.transaction { try await merge(on: $0.sql) }
    }

    private func merge(on sql: any SQLDatabase) async throws {
        try await sql.raw("ALTER TABLE accounts ADD COLUMN display_key TEXT NOT NULL DEFAULT ''").run()
        let accounts = try await sql.raw(
            "SELECT id, user_id, display_name, currency, opening_minor, archived_at FROM accounts ORDER BY id"
        ).all(decoding: Row.self)
        var groups: [String: [Row]] = [:]
        for account in accounts {
            let key = Frozen.accountNameKey(account.display_name)
            try await sql.raw("UPDATE accounts SET display_key = \(bind: key) WHERE id = \(bind: account.id)").run()
            groups["\(account.user_id)\u{0}\(key)\u{0}\(account.currency)", default: []].append(account)
        }
        for group in groups.values where group.count > 1 {
            for duplicate in group.dropFirst() { try await merge(duplicate, into: group[0], on: sql) }
        }
        try await sql.raw("CREATE UNIQUE INDEX accounts_display_key ON accounts (user_id, display_key, currency)")
            .run()
    }

    func revert(on database: any Database) async throws {
        let sql = database.sql
        try await sql.raw("DROP INDEX accounts_display_key").run()
        try await sql.raw("ALTER TABLE accounts DROP COLUMN display_key").run()
    }

    /// Moves everything of `duplicate` into `keeper` and deletes it.
    private func merge(_ duplicate: Row, into keeper: Row, on sql: any SQLDatabase) async throws {
        let both: SQLQueryString = "kind IS NULL AND account_id IN (\(bind: keeper.id), \(bind: duplicate.id))"
        for table in Frozen.Sums.all { try await table.add(sign: -1, where: both, on: sql) }
        // An import key is unique within its account: a row the keeper already has by key keeps
        // its place but no longer its key (only a re-import of that file would have used it).
        try await sql.raw(
            """
            UPDATE transactions SET import_key = NULL WHERE account_id = \(bind: duplicate.id)
            AND import_key IN (SELECT import_key FROM transactions
              WHERE account_id = \(bind: keeper.id) AND import_key IS NOT NULL)
            """
        ).run()
        try await sql.raw(
            "UPDATE transactions SET account_id = \(bind: keeper.id) WHERE account_id = \(bind: duplicate.id)"
        ).run()
        let kept: SQLQueryString = "kind IS NULL AND account_id = \(bind: keeper.id)"
        for table in Frozen.Sums.all { try await table.add(sign: 1, where: kept, on: sql) }
        for table in ["transaction_totals", "transaction_payee_totals", "transaction_totals_by_block"] {
            try await sql.raw("DELETE FROM \(ident: table) WHERE account_id = \(bind: duplicate.id)").run()
        }
        for table in Frozen.Sums.all {
            try await sql.raw(
                "DELETE FROM \(ident: table.name) WHERE account_id = \(bind: keeper.id) AND count = 0"
            ).run()
        }
        // Added in SQL, not from the row read at the start: a third twin adds to what the second
        // left. Each opening is within Money's limit (`checkedLimit`), far below Int64's half.
        try await sql.raw(
            """
            UPDATE accounts SET opening_minor = opening_minor + \(bind: duplicate.opening_minor),
              archived_at = CASE WHEN \(bind: duplicate.archived_at == nil) THEN NULL ELSE archived_at END
            WHERE id = \(bind: keeper.id)
            """
        ).run()
        try await repointDeletions(of: duplicate, to: keeper.id, on: sql)
        try await sql.raw("DELETE FROM accounts WHERE id = \(bind: duplicate.id)").run()
    }

    /// Deletions that can still be undone hold their rows as JSON: a row of the merged account
    /// comes back into the keeper. Read as plain JSON, not the live snapshot type, so a later
    /// change to that type does not change what this migration did.
    private func repointDeletions(of duplicate: Row, to keeper: Int64, on sql: any SQLDatabase) async throws {
        struct Deletion: Decodable {
            var id: Int64
            var snapshot: String
        }
        let deletions = try await sql.raw(
            "SELECT id, snapshot FROM deletions WHERE user_id = \(bind: duplicate.user_id)"
        ).all(decoding: Deletion.self)
        for deletion in deletions {
            guard var kept = try JSONSerialization.jsonObject(with: Data(deletion.snapshot.utf8)) as? [[String: Any]]
            else { continue }
            var changed = false
            for index in kept.indices {
                guard var row = kept[index]["row"] as? [String: Any],
                    (row["account_id"] as? NSNumber)?.int64Value == duplicate.id
                else { continue }
                row["account_id"] = keeper
                kept[index]["row"] = row
                changed = true
            }
            guard changed else { continue }
            let text = String(decoding: try JSONSerialization.data(withJSONObject: kept), as: UTF8.self)
            try await sql.raw("UPDATE deletions SET snapshot = \(bind: text) WHERE id = \(bind: deletion.id)").run()
        }
    }
}
