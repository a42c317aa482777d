import FluentKit
import SQLKit

/// Bank file imports: one row per import, and on each transaction the import that brought it
/// (for "Undo this import" and the link to exactly its transactions) and its import key, unique
/// per account, so the same booking imported again is recognised and skipped. And the CSV
/// mappings people save as named profiles, to use again for the next statement from that bank.
struct M015CreateImports: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("imports")
            .field(.id, .int64, .identifier(auto: true))
            .field("user_id", .int64, .required, .references("users", .id, onDelete: .cascade))
            .field("file_name", .string, .required)
            .field("format", .string, .required)
            .field("created_at", .int64, .required)
            .field("added", .int64, .required)
            .field("skipped", .int64, .required)
            .field("pending", .int64, .required)
            .field("unreadable", .int64, .required)
            .field("undone_at", .int64)
            .create()
        let sql = database.sql
        try await sql.raw(
            """
            CREATE TABLE import_profiles (
                user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                mapping TEXT NOT NULL,
                updated_at BIGINT NOT NULL,
                PRIMARY KEY (user_id, name)
            )
            """
        ).run()
        for statement in [
            "CREATE INDEX imports_newest ON imports (user_id, created_at)",
            "ALTER TABLE transactions ADD COLUMN import_id BIGINT REFERENCES imports(id) ON DELETE SET NULL",
            "ALTER TABLE transactions ADD COLUMN import_key TEXT",
            "CREATE UNIQUE INDEX transactions_import_key ON transactions (account_id, import_key)",
            "CREATE INDEX transactions_by_import ON transactions (import_id)",
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database.sql
        for statement in [
            "DROP INDEX transactions_by_import", "DROP INDEX transactions_import_key",
            "ALTER TABLE transactions DROP COLUMN import_key", "ALTER TABLE transactions DROP COLUMN import_id",
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
        try await database.schema("imports").delete()
        try await sql.raw("DROP TABLE import_profiles").run()
    }
}
