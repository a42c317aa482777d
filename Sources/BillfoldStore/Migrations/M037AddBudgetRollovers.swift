import FluentKit
import SQLKit

/// Which of a person's categories carry what is left (or overspent) into the next month, and
/// from which month on (YYYY-MM-01): what rolls into a month is the sum of the budgets and the
/// transactions since then, so nothing is stored per month.
struct M037AddBudgetRollovers: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("budget_rollovers")
            .field("user_id", .int64, .required, .references("users", .id, onDelete: .cascade))
            .field("category_id", .int64, .required, .references("categories", .id, onDelete: .cascade))
            .field("since_month", .string, .required)
            .unique(on: "user_id", "category_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("budget_rollovers").delete()
    }
}
