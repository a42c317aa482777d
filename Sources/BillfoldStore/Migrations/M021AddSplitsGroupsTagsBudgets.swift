import FluentKit
import SQLKit

/// Splits, transaction groups, tags and budgets, as Lunch Money keeps them:
/// - a transaction's `kind` marks a split parent or a group row, which is shown but kept out of
///   the per-day sums (its parts or members count instead); a part names its parent in
///   `parent_id`, a member its group row in `group_id`;
/// - `tags` and `transaction_tags` (a transaction's tags; a tag's transactions by the second index);
/// - `budgets`: an amount per category and month.
struct M021AddSplitsGroupsTagsBudgets: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = database.sql
        for statement: SQLQueryString in [
            "ALTER TABLE transactions ADD COLUMN kind TEXT",
            "ALTER TABLE transactions ADD COLUMN parent_id BIGINT",
            "ALTER TABLE transactions ADD COLUMN group_id BIGINT",
            "CREATE INDEX transactions_by_parent ON transactions (parent_id) WHERE parent_id IS NOT NULL",
            "CREATE INDEX transactions_by_group ON transactions (group_id) WHERE group_id IS NOT NULL",
        ] {
            try await sql.raw(statement).run()
        }
        try await database.schema("tags")
            .field(.id, .int64, .identifier(auto: true))
            .field("user_id", .int64, .required, .references("users", .id, onDelete: .cascade))
            .field("name", .string, .required)
            // The name as compared: one person cannot have "Tax" and "tax".
            .field("name_key", .string, .required)
            .field("description", .string, .required)
            .field("archived", .bool, .required)
            .field("created_at", .int64, .required)
            .unique(on: "user_id", "name_key")
            .create()
        try await database.schema("transaction_tags")
            .field("transaction_id", .int64, .required, .references("transactions", .id, onDelete: .cascade))
            .field("tag_id", .int64, .required, .references("tags", .id, onDelete: .cascade))
            .field("user_id", .int64, .required, .references("users", .id, onDelete: .cascade))
            .unique(on: "transaction_id", "tag_id")
            .create()
        try await sql.raw("CREATE INDEX transaction_tags_by_tag ON transaction_tags (tag_id, transaction_id)").run()
        try await database.schema("budgets")
            .field("user_id", .int64, .required, .references("users", .id, onDelete: .cascade))
            .field("category_id", .int64, .required, .references("categories", .id, onDelete: .cascade))
            // The month's first day, YYYY-MM-01.
            .field("month", .string, .required)
            .field("amount_minor", .int64, .required)
            .field("currency", .string, .required)
            .unique(on: "user_id", "category_id", "month")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("budgets").delete()
        try await database.schema("transaction_tags").delete()
        try await database.schema("tags").delete()
        for statement: SQLQueryString in [
            "DROP INDEX transactions_by_group", "DROP INDEX transactions_by_parent",
            "ALTER TABLE transactions DROP COLUMN group_id", "ALTER TABLE transactions DROP COLUMN parent_id",
            "ALTER TABLE transactions DROP COLUMN kind",
        ] {
            try await database.sql.raw(statement).run()
        }
    }
}
