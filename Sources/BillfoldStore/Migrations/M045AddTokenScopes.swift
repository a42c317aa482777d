import FluentKit
import SQLKit

/// Access tokens get a scope (read only, or read and write) and may expire. Tokens made before
/// had every right and no end, so they keep both.
struct M045AddTokenScopes: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = database.sql
        try await sql.raw("ALTER TABLE access_tokens ADD COLUMN scope TEXT NOT NULL DEFAULT 'read-write'").run()
        try await sql.raw("ALTER TABLE access_tokens ADD COLUMN expires_at BIGINT").run()
    }

    func revert(on database: any Database) async throws {
        for column in ["scope", "expires_at"] {
            try await database.sql.raw(SQLQueryString("ALTER TABLE access_tokens DROP COLUMN \(column)")).run()
        }
    }
}
