import FluentKit
import SQLKit

/// Group rows and split parents by time: the per-day sums do not count them, so a deep
/// `offset` found through the sums (`TransactionOffset`) counts them here, among a few rows
/// instead of all of them.
struct M026IndexGroupRowsAndParents: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql.raw(
            "CREATE INDEX transactions_with_kind ON transactions (user_id, booked_at) WHERE kind IS NOT NULL"
        ).run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP INDEX transactions_with_kind").run()
    }
}
