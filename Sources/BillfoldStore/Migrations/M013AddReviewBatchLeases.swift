import FluentKit

/// A claimed review batch holds its Idempotency-Key only until `lease_until`: a server that
/// crashed between claim and answer no longer wedges the key, and a retry takes it over.
struct M013AddReviewBatchLeases: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("review_batches").field("lease_until", .int64).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("review_batches").deleteField("lease_until").update()
    }
}
