import FluentKit
import SQLKit

/// The activity page counts each day's decisions in the person's zone: by time, not by id.
struct M019IndexReviewDecisionsByTime: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql.raw("CREATE INDEX review_decisions_by_time ON review_decisions (user_id, decided_at)")
            .run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP INDEX review_decisions_by_time").run()
    }
}
