import FluentKit

/// When a fetched source was last tried, successful or not: the instances sharing a database
/// claim the next fetch with it, so the address is asked once per interval, not once per server.
struct M039AddRateFetchAttempts: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("rate_sources").field("attempted_at", .int64).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("rate_sources").deleteField("attempted_at").update()
    }
}
