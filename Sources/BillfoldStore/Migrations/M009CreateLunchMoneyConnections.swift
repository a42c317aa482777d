import FluentKit

/// A user's connection to a Lunch Money account (or any server speaking its v1 API) for "Pull
/// now". The token is never shown again once saved.
struct M009CreateLunchMoneyConnections: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("lunchmoney_connections")
            .field("user_id", .int64, .identifier(auto: false), .references("users", .id, onDelete: .cascade))
            .field("base_url", .string, .required)
            .field("token", .string, .required)
            .field("account_name", .string, .required)
            .field("checked_at", .int64, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("lunchmoney_connections").delete()
    }
}
