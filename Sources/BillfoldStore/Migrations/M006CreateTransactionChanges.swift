import FluentKit
import SQLKit

/// What was changed on a transaction, field by field, for the history on its detail page.
/// Written by `TransactionRepository` in the same database transaction as the change itself.
struct M006CreateTransactionChanges: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("transaction_changes")
            .field(.id, .int64, .identifier(auto: true))
            .field("user_id", .int64, .required, .references("users", .id, onDelete: .cascade))
            .field("transaction_id", .int64, .required, .references("transactions", .id, onDelete: .cascade))
            .field("field", .string, .required)
            .field("old_value", .string)
            .field("new_value", .string)
            .field("changed_at", .int64, .required)
            .create()
        try await database.sql.raw(
            "CREATE INDEX transaction_changes_by_transaction ON transaction_changes (transaction_id, id)"
        ).run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("transaction_changes").delete()
    }
}
