import FluentKit
import SQLKit

/// Transactions, with the indexes the list needs at a million rows:
/// - newest first for one user, optionally within one category or one status, read as a keyset
///   (booked_at, id) so any page costs the same as the first;
/// - the category index also covers currency, amount and status, so a filter's per-currency
///   totals are summed from the index without touching the table.
struct M004CreateTransactions: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("transactions")
            .field(.id, .int64, .identifier(auto: true))
            .field("user_id", .int64, .required, .references("users", .id, onDelete: .cascade))
            .field("account_id", .int64, .required, .references("accounts", .id, onDelete: .restrict))
            .field("booked_at", .int64, .required)
            .field("booked_offset", .int, .required)
            .field("payee", .string, .required)
            .field("original_name", .string, .required)
            .field("notes", .string, .required)
            .field("amount_minor", .int64, .required)
            .field("currency", .string, .required)
            // A deleted category leaves its transactions uncategorised, never deleted.
            .field("category_id", .int64, .references("categories", .id, onDelete: .setNull))
            .field("status", .string, .required)
            .field("external_id", .string)
            .field("created_at", .int64, .required)
            .field("updated_at", .int64, .required)
            .unique(on: "user_id", "external_id")
            .create()
        let sql = database.sql
        for statement in [
            "CREATE INDEX transactions_newest ON transactions (user_id, booked_at, id)",
            """
            CREATE INDEX transactions_by_category ON transactions
              (user_id, category_id, booked_at, id, currency, amount_minor, status)
            """,
            "CREATE INDEX transactions_by_status ON transactions (user_id, status, booked_at, id)",
            "CREATE INDEX transactions_by_account ON transactions (account_id)",
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema("transactions").delete()
    }
}
