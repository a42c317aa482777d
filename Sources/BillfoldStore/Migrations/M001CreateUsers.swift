import FluentKit

struct M001CreateUsers: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("users")
            .field(.id, .int64, .identifier(auto: true))
            .field("email", .string, .required)
            .field("name", .string, .required)
            .field("password_hash", .string, .required)
            .field("locale", .string, .required)
            .field("time_zone", .string, .required)
            .field("currency", .string, .required)
            .field("deck_size", .int, .required)
            .field("created_at", .int64, .required)
            .unique(on: "email")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("users").delete()
    }
}
