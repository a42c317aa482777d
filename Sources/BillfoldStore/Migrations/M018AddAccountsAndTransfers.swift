import FluentKit
import SQLKit

/// Accounts as people keep them, and transfers between them:
/// - an account's opening balance (what it held before its first transaction here) and when it
///   was archived (kept with its transactions, no longer offered for new ones);
/// - on each side of a transfer the id of the other side, so the pair is one thing;
/// - the per-day sums per account too, so an account's balance and number of transactions, and a
///   list filtered by account, are read from the sums. Transfers are summed under category key -1
///   there: they count in a balance, never as spending or income.
struct M018AddAccountsAndTransfers: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = database.sql
        for statement: SQLQueryString in [
            "ALTER TABLE accounts ADD COLUMN opening_minor BIGINT NOT NULL DEFAULT 0",
            "ALTER TABLE accounts ADD COLUMN archived_at BIGINT",
            "ALTER TABLE transactions ADD COLUMN transfer_id BIGINT",
        ] {
            try await sql.raw(statement).run()
        }
        // The unique key gains the account (`SumsTable.uniqueKey`); SQLite cannot change a table's constraints, so the
        // table is made again and filled from the transactions.
        try await database.schema("transaction_totals").delete()
        try await database.schema("transaction_totals")
            .field("user_id", .int64, .required, .references("users", .id, onDelete: .cascade))
            .field("category_key", .int64, .required)
            .field("status", .string, .required)
            .field("currency", .string, .required)
            .field("day", .int64, .required)
            .field("account_id", .int64, .required)
            .field("total_minor", .int64, .required)
            .field("count", .int64, .required)
            // The account last: a category's totals are still found by the index's prefix.
            .unique(on: "user_id", "category_key", "status", "currency", "day", "account_id")
            .create()
        try await Frozen.Sums.days.rebuild(on: sql, beforeSplits: true)
    }

    func revert(on database: any Database) async throws {
        try await database.schema("transaction_totals").delete()
        try await M005CreateTransactionTotals().prepare(on: database)
        for statement: SQLQueryString in [
            "ALTER TABLE transactions DROP COLUMN transfer_id",
            "ALTER TABLE accounts DROP COLUMN archived_at",
            "ALTER TABLE accounts DROP COLUMN opening_minor",
        ] {
            try await database.sql.raw(statement).run()
        }
    }
}
