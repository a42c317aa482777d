import FluentKit
import SQLKit

/// Two-way sync with a connected Lunch Money:
/// - `lunchmoney_synced` holds each pulled transaction's fields as both sides last agreed on
///   them, so a pull can tell which side changed a field (and a conflict when both did);
/// - `lunchmoney_outbox` holds each local change still to be sent, one row per field, in order,
///   with its attempts and what Lunch Money answered; a row is deleted once sent;
/// - the connection gains a pull schedule (minutes between pulls; null is off).
struct M020AddLunchMoneySync: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("lunchmoney_synced")
            .field(
                "transaction_id", .int64, .identifier(auto: false), .references("transactions", .id, onDelete: .cascade)
            )
            .field("user_id", .int64, .required, .references("users", .id, onDelete: .cascade))
            // Each field as the history writes it (`Transaction.text(of:)`).
            .field("status", .string, .required)
            .field("category", .string)
            .field("notes", .string)
            .field("payee", .string, .required)
            .field("amount", .string, .required)
            .create()
        try await database.schema("lunchmoney_outbox")
            .field(.id, .int64, .identifier(auto: true))
            .field("user_id", .int64, .required, .references("users", .id, onDelete: .cascade))
            .field("transaction_id", .int64, .required, .references("transactions", .id, onDelete: .cascade))
            .field("field", .string, .required)
            .field("value", .string)
            // waiting, refused or conflict.
            .field("state", .string, .required)
            .field("remote_value", .string)
            .field("attempts", .int, .required)
            .field("next_attempt_at", .int64, .required)
            .field("leased_until", .int64, .required)
            .field("message", .string, .required)
            .field("created_at", .int64, .required)
            .create()
        let sql = database.sql
        try await sql.raw("CREATE INDEX lunchmoney_outbox_due ON lunchmoney_outbox (state, next_attempt_at, id)").run()
        try await sql.raw("CREATE INDEX lunchmoney_outbox_by_transaction ON lunchmoney_outbox (transaction_id, field)")
            .run()
        try await database.schema("lunchmoney_connections").field("pull_every_minutes", .int).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("lunchmoney_connections").deleteField("pull_every_minutes").update()
        try await database.schema("lunchmoney_outbox").delete()
        try await database.schema("lunchmoney_synced").delete()
    }
}
