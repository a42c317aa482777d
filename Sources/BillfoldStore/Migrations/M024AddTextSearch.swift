import FluentKit
import SQLKit

/// Searching payees and notes through an index instead of reading every row.
///
/// SQLite: an FTS5 table with the trigram tokenizer over the transactions' payee and notes (its
/// content stays in `transactions`), kept in step by triggers on every insert, delete and change
/// of either text; a search of three or more characters finds its rows there, ignoring case.
/// PostgreSQL: trigram indexes (`pg_trgm`) on the lowercased payee and notes, which serve the
/// search's `LOWER(…) LIKE '%…%'` as it is written. Where the server's database offers no
/// `pg_trgm`, the search reads the rows as before.
struct M024AddTextSearch: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = database.sql
        if sql.dialect.name == "sqlite" {
            for statement in Self.sqlite { try await sql.raw(SQLQueryString(statement)).run() }
            return
        }
        struct Found: Decodable { var name: String }
        guard
            try await sql.raw("SELECT name FROM pg_available_extensions WHERE name = 'pg_trgm'")
                .first(decoding: Found.self) != nil
        else {
            database.logger.warning("PostgreSQL offers no pg_trgm here: searches will read every row.")
            return
        }
        for statement in [
            "CREATE EXTENSION IF NOT EXISTS pg_trgm",
            "CREATE INDEX transactions_payee_search ON transactions USING gin (LOWER(payee) gin_trgm_ops)",
            "CREATE INDEX transactions_notes_search ON transactions USING gin (LOWER(notes) gin_trgm_ops)",
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database.sql
        let statements =
            sql.dialect.name == "sqlite"
            ? [
                "DROP TRIGGER transaction_search_insert", "DROP TRIGGER transaction_search_delete",
                "DROP TRIGGER transaction_search_update", "DROP TABLE transaction_search",
            ]
            : ["DROP INDEX IF EXISTS transactions_payee_search", "DROP INDEX IF EXISTS transactions_notes_search"]
        for statement in statements { try await sql.raw(SQLQueryString(statement)).run() }
    }

    static let add = "INSERT INTO transaction_search (rowid, payee, notes) VALUES (NEW.id, NEW.payee, NEW.notes);"
    static let remove = """
        INSERT INTO transaction_search (transaction_search, rowid, payee, notes)
        VALUES ('delete', OLD.id, OLD.payee, OLD.notes);
        """

    static let sqlite = [
        """
        CREATE VIRTUAL TABLE transaction_search USING fts5(
          payee, notes, content = 'transactions', content_rowid = 'id', tokenize = 'trigram')
        """,
        "CREATE TRIGGER transaction_search_insert AFTER INSERT ON transactions BEGIN \(add) END",
        "CREATE TRIGGER transaction_search_delete AFTER DELETE ON transactions BEGIN \(remove) END",
        "CREATE TRIGGER transaction_search_update AFTER UPDATE OF payee, notes ON transactions BEGIN \(remove) \(add) END",
        "INSERT INTO transaction_search (transaction_search) VALUES ('rebuild')",
    ]
}
