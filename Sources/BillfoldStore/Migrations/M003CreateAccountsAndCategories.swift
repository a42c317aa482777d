import FluentKit
import SQLKit

struct M003CreateAccountsAndCategories: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("accounts")
            .field(.id, .int64, .identifier(auto: true))
            .field("user_id", .int64, .required, .references("users", .id, onDelete: .cascade))
            .field("name", .string, .required)
            .field("display_name", .string, .required)
            .field("currency", .string, .required)
            .field("created_at", .int64, .required)
            .unique(on: "user_id", "name")
            .create()
        try await database.schema("categories")
            .field(.id, .int64, .identifier(auto: true))
            .field("user_id", .int64, .required, .references("users", .id, onDelete: .cascade))
            .field("name", .string, .required)
            .field("description", .string, .required)
            // Deleting a group never deletes its children: they move to the top level.
            .field("group_id", .int64, .references("categories", .id, onDelete: .setNull))
            .field("is_group", .bool, .required)
            .field("colour", .string, .required)
            .field("icon", .string, .required)
            .field("source_key", .string)
            .field("created_at", .int64, .required)
            .field("updated_at", .int64)
            .unique(on: "user_id", "source_key")
            .create()
        let sql = database.sql
        try await sql.raw("CREATE INDEX categories_by_user ON categories (user_id, group_id)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("categories").delete()
        try await database.schema("accounts").delete()
    }
}
