import FluentKit
import SQLKit

/// A person's rules (`Rule` in Core): their order, whether they are on, and their conditions and
/// actions as the JSON `RuleCoding` writes (a rule is always read and written whole, never
/// searched by a condition), with how many transactions each has matched.
struct M033CreateRules: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.transaction { db in
            try await db.schema("rules")
                .field(.id, .int64, .identifier(auto: true))
                .field("user_id", .int64, .required, .references("users", .id, onDelete: .cascade))
                .field("name", .string, .required)
                .field("enabled", .bool, .required)
                .field("position", .int64, .required)
                .field("stops_after", .bool, .required)
                .field("overrides_source", .bool, .required)
                .field("conditions", .string, .required)
                .field("actions", .string, .required)
                .field("matched_count", .int64, .required)
                .field("created_at", .int64, .required)
                .field("updated_at", .int64, .required)
                .create()
            try await db.sql.raw("CREATE INDEX rules_by_user ON rules (user_id, position, id)").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema("rules").delete()
    }
}
