import FluentKit
import SQLKit

struct M002CreateSessionsAndTokens: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("sessions")
            .field(.id, .int64, .identifier(auto: true))
            .field("user_id", .int64, .required, .references("users", .id, onDelete: .cascade))
            .field("secret_hash", .string, .required)
            .field("created_at", .int64, .required)
            .field("expires_at", .int64, .required)
            .unique(on: "secret_hash")
            .create()
        try await database.schema("access_tokens")
            .field(.id, .int64, .identifier(auto: true))
            .field("user_id", .int64, .required, .references("users", .id, onDelete: .cascade))
            .field("label", .string, .required)
            .field("secret_hash", .string, .required)
            .field("created_at", .int64, .required)
            .field("last_used_at", .int64)
            .unique(on: "secret_hash")
            .create()
        let sql = database.sql
        try await sql.raw("CREATE INDEX sessions_by_user ON sessions (user_id)").run()
        try await sql.raw("CREATE INDEX access_tokens_by_user ON access_tokens (user_id)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("access_tokens").delete()
        try await database.schema("sessions").delete()
    }
}
