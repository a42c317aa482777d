import FluentKit
import SQLKit

/// Each history line keeps where the change was made (`ChangeSource`): the Activity page lists
/// every clear and recategorisation with it, newest first, by the person's time (hence the index).
/// Lines written before have none, and say so.
struct M046AddChangeSources: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = database.sql
        try await sql.raw("ALTER TABLE transaction_changes ADD COLUMN source TEXT").run()
        try await sql.raw(
            "CREATE INDEX transaction_changes_by_time ON transaction_changes (user_id, changed_at, id)"
        ).run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP INDEX transaction_changes_by_time").run()
        try await database.sql.raw("ALTER TABLE transaction_changes DROP COLUMN source").run()
    }
}
