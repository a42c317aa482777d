import FluentKit
import SQLKit

/// How a decided card leaves the review deck (`DeckAnimation`); everyone keeps the fly-off they had.
struct M047AddDeckAnimation: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql.raw("ALTER TABLE users ADD COLUMN deck_animation TEXT NOT NULL DEFAULT 'fly'").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("ALTER TABLE users DROP COLUMN deck_animation").run()
    }
}
