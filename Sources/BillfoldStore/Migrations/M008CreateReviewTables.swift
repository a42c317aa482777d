import FluentKit
import SQLKit

/// The review deck's batches and decisions.
///
/// `review_batches` remembers each `Idempotency-Key` with a hash of its request and the answer
/// given, so a retried batch gets the first answer and applies nothing twice; a row without an
/// answer is a batch still being applied. `review_decisions` is the activity log: one row per
/// applied decision, written in the same database transaction as the change it records.
struct M008CreateReviewTables: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("review_batches")
            .field(.id, .int64, .identifier(auto: true))
            .field("user_id", .int64, .required, .references("users", .id, onDelete: .cascade))
            .field("idempotency_key", .string, .required)
            .field("request_hash", .string, .required)
            .field("response", .string)
            .field("created_at", .int64, .required)
            .unique(on: "user_id", "idempotency_key")
            .create()
        try await database.schema("review_decisions")
            .field(.id, .int64, .identifier(auto: true))
            .field("user_id", .int64, .required, .references("users", .id, onDelete: .cascade))
            .field("transaction_id", .int64, .required, .references("transactions", .id, onDelete: .cascade))
            .field("batch_id", .int64, .required, .references("review_batches", .id, onDelete: .cascade))
            .field("action", .string, .required)
            .field("old_category_id", .int64)
            .field("new_category_id", .int64)
            .field("decided_at", .int64, .required)
            .create()
        try await database.sql.raw(
            "CREATE INDEX review_decisions_by_user ON review_decisions (user_id, id)"
        ).run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("review_decisions").delete()
        try await database.schema("review_batches").delete()
    }
}
