import FluentKit
import SQLKit

/// A row from Lunch Money keeps that row's own `external_id`: Billfold's `external_id` is its key
/// for the row ("lunchmoney:" and the Lunch Money id), and `/v1` gives the source's back.
struct M022AddSourceExternalIDs: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql.raw("ALTER TABLE transactions ADD COLUMN source_external_id TEXT").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("ALTER TABLE transactions DROP COLUMN source_external_id").run()
    }
}
