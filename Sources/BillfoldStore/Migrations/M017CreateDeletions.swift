import FluentKit
import SQLKit

/// Deleted transactions, kept for a day so a delete can be undone: one row per delete (one
/// transaction or a selection), holding the rows and their history as they were.
struct M017CreateDeletions: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("deletions")
            .field(.id, .int64, .identifier(auto: true))
            .field("user_id", .int64, .required, .references("users", .id, onDelete: .cascade))
            .field("deleted_at", .int64, .required)
            .field("count", .int64, .required)
            .field("snapshot", .string, .required)
            .create()
        try await database.sql.raw("CREATE INDEX deletions_by_user ON deletions (user_id, deleted_at)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("deletions").delete()
    }
}
