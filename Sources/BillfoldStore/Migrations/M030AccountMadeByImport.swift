import FluentKit
import SQLKit

/// The import that made an account, if one did: undoing that import takes the account too, when
/// nothing else came to it meanwhile.
struct M030AccountMadeByImport: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql.raw(
            "ALTER TABLE accounts ADD COLUMN made_by_import BIGINT REFERENCES imports(id) ON DELETE SET NULL"
        ).run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("ALTER TABLE accounts DROP COLUMN made_by_import").run()
    }
}
