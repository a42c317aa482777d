import FluentKit
import SQLKit

/// Per-day sums of transactions, so a filter's totals cost the same for 100 rows or a million.
///
/// One row per (user, category, status, currency, UTC day); `category_key` is 0 for
/// uncategorised transactions because a NULL would never match an upsert's conflict target.
/// Every write to `transactions` goes through `TransactionRepository`, which keeps these in step
/// in the same database transaction; anything that changes transactions another way (a category
/// delete, a bulk reassign) must call `TransactionTotals.rebuild` or adjust them itself.
struct M005CreateTransactionTotals: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("transaction_totals")
            .field("user_id", .int64, .required, .references("users", .id, onDelete: .cascade))
            .field("category_key", .int64, .required)
            .field("status", .string, .required)
            .field("currency", .string, .required)
            .field("day", .int64, .required)
            .field("total_minor", .int64, .required)
            .field("count", .int64, .required)
            .unique(on: "user_id", "category_key", "status", "currency", "day")
            .create()
        // The sums as they were kept before M018 added the account (its revert comes back here).
        try await database.sql.raw(
            """
            INSERT INTO transaction_totals (user_id, category_key, status, currency, day, total_minor, count)
            SELECT user_id, COALESCE(category_id, 0), status, currency, \(unsafeRaw: Frozen.daySQL),
              SUM(amount_minor), COUNT(*)
            FROM transactions WHERE id > 0
            GROUP BY user_id, COALESCE(category_id, 0), status, currency, \(unsafeRaw: Frozen.daySQL)
            """
        ).run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("transaction_totals").delete()
    }
}
