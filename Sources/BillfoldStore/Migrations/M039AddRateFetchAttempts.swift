import FluentKit
import SQLKit

/// When a fetched source was last tried, successful or not: the instances sharing a database
/// claim the next fetch with it, so the address is asked once per interval, not once per server.
/// And the day sums by currency: a converted total reads the days of the currencies it converts,
/// which the sums' own key (leading with the category) would find only by reading every row.
struct M039AddRateFetchAttempts: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("rate_sources").field("attempted_at", .int64).update()
        try await (database as! any SQLDatabase).raw(
            "CREATE INDEX transaction_totals_by_currency ON transaction_totals (user_id, currency, day)"
        ).run()
    }

    func revert(on database: any Database) async throws {
        try await (database as! any SQLDatabase).raw("DROP INDEX transaction_totals_by_currency").run()
        try await database.schema("rate_sources").deleteField("attempted_at").update()
    }
}
