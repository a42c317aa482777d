import FluentKit
import SQLKit

/// Rules applied to existing transactions, kept so the whole change can be undone at once: each
/// run, and for each transaction it changed, its fields before and after (as `RuleRunRepository`
/// writes them). A transaction deleted since takes its line with it; nothing else does.
struct M034CreateRuleRuns: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.transaction { db in
            try await db.schema("rule_runs")
                .field(.id, .int64, .identifier(auto: true))
                .field("user_id", .int64, .required, .references("users", .id, onDelete: .cascade))
                .field("changed", .int64, .required)
                .field("created_at", .int64, .required)
                .field("undone_at", .int64)
                .create()
            try await db.sql.raw("CREATE INDEX rule_runs_by_user ON rule_runs (user_id, id)").run()
            try await db.schema("rule_run_rows")
                .field("run_id", .int64, .required, .references("rule_runs", .id, onDelete: .cascade))
                .field("transaction_id", .int64, .required, .references("transactions", .id, onDelete: .cascade))
                .field("before", .string, .required)
                .field("after", .string, .required)
                .compositeIdentifier(over: "run_id", "transaction_id")
                .create()
            try await db.sql.raw("CREATE INDEX rule_run_rows_by_transaction ON rule_run_rows (transaction_id)").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema("rule_run_rows").delete()
        try await database.schema("rule_runs").delete()
    }
}
