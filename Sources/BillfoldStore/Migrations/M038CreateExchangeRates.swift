import FluentKit
import SQLKit

/// Exchange rates: the published ones (a central bank's, imported or fetched) shared by everyone,
/// `day` as YYYYMMDD and the rate as the exact decimal text the source wrote; a person's own
/// (for points, or a currency no source has); and when each source last changed, which tells a
/// server whether the rates it holds in memory are still the stored ones.
struct M038CreateExchangeRates: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("exchange_rates")
            .field("base", .string, .required)
            .field("currency", .string, .required)
            .field("day", .int64, .required)
            .field("rate", .string, .required)
            .field("source", .string, .required)
            .unique(on: "base", "currency", "day")
            .create()
        try await database.schema("personal_rates")
            .field("id", .int64, .identifier(auto: true))
            .field("user_id", .int64, .required, .references("users", .id, onDelete: .cascade))
            .field("currency", .string, .required)
            .field("quote", .string, .required)
            .field("day", .int64, .required)
            .field("rate", .string, .required)
            .field("created_at", .int64, .required)
            .unique(on: "user_id", "currency", "day")
            .create()
        try await database.schema("rate_sources")
            .field("name", .string, .identifier(auto: false))
            .field("changed_at", .int64, .required)
            .field("rates", .int64, .required)
            .field("version", .int64, .required)
            .field("last_error", .string)
            .create()
    }

    func revert(on database: any Database) async throws {
        for table in ["rate_sources", "personal_rates", "exchange_rates"] {
            try await database.schema(table).delete()
        }
    }
}
