import FluentKit
import SQLKit

/// The person's bookings of one payee, newest first, through an index: what a suggestion for a
/// card learns from (`SuggestionHistory`), without reading a million rows.
struct M035IndexPayees: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql.raw(
            "CREATE INDEX transactions_by_payee ON transactions (user_id, payee, booked_at)"
        ).run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP INDEX transactions_by_payee").run()
    }
}
