import FluentKit
import SQLKit

/// Projects and their items. Deleting a project deletes its items; nothing else refers to them.
struct M010CreateProjectsAndItems: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("projects")
            .field(.id, .int64, .identifier(auto: true))
            .field("user_id", .int64, .required, .references("users", .id, onDelete: .cascade))
            .field("title", .string, .required)
            .field("detail", .string, .required)
            .field("colour", .string, .required)
            .field("closed", .bool, .required)
            .field("created_at", .int64, .required)
            .field("updated_at", .int64)
            .create()
        try await database.schema("items")
            .field(.id, .int64, .identifier(auto: true))
            .field("user_id", .int64, .required, .references("users", .id, onDelete: .cascade))
            .field("project_id", .int64, .required, .references("projects", .id, onDelete: .cascade))
            .field("title", .string, .required)
            .field("detail", .string, .required)
            .field("priority", .string, .required)
            .field("completed", .bool, .required)
            .field("created_at", .int64, .required)
            .field("updated_at", .int64)
            .create()
        let sql = database.sql
        try await sql.raw("CREATE INDEX projects_by_user ON projects (user_id, closed)").run()
        try await sql.raw("CREATE INDEX items_by_project ON items (project_id, user_id)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("items").delete()
        try await database.schema("projects").delete()
    }
}
