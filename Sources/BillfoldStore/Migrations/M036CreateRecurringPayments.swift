import FluentKit
import SQLKit

/// Recurring payments (`KeptRecurring` in Core): what was found in a person's history or added
/// by hand, with the person's decision (`state`), and how far the history has been looked
/// through (`recurring_scans`), so a new import is looked at alone.
struct M036CreateRecurringPayments: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.transaction { db in
            try await db.schema("recurring_payments")
                .field(.id, .int64, .identifier(auto: true))
                .field("user_id", .int64, .required, .references("users", .id, onDelete: .cascade))
                .field("payee", .string, .required)
                .field("payee_key", .string, .required)
                .field("currency", .string, .required)
                .field("rhythm", .string, .required)
                .field("usual_minor", .int64, .required)
                .field("latest_minor", .int64, .required)
                .field("before_minor", .int64)
                .field("first_seen", .int64, .required)
                .field("last_seen", .int64, .required)
                .field("seen_count", .int64, .required)
                .field("billing_day", .int64, .required)
                .field("state", .string, .required)
                .field("by_hand", .bool, .required)
                .field("created_at", .int64, .required)
                .field("updated_at", .int64, .required)
                .create()
            try await db.sql.raw("CREATE INDEX recurring_payments_by_user ON recurring_payments (user_id, payee_key)")
                .run()
            try await db.schema("recurring_scans")
                .field("user_id", .int64, .identifier(auto: false), .references("users", .id, onDelete: .cascade))
                .field("last_transaction_id", .int64, .required)
                .field("scanned_at", .int64, .required)
                .create()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema("recurring_scans").delete()
        try await database.schema("recurring_payments").delete()
    }
}
