import FluentKit
import SQLKit

/// Writes to the native API sent with an `Idempotency-Key`: the first answer, kept per user and
/// key for a day, so a retried request answers the same and applies nothing twice.
struct M014CreateIdempotentRequests: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = database.sql
        try await sql.raw(
            """
            CREATE TABLE idempotent_requests (
                user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                key TEXT NOT NULL,
                request_hash TEXT NOT NULL,
                status INTEGER NOT NULL,
                content_type TEXT,
                location TEXT,
                body TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                PRIMARY KEY (user_id, key)
            )
            """
        ).run()
        try await sql.raw("CREATE INDEX idempotent_requests_age ON idempotent_requests (created_at)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP TABLE idempotent_requests").run()
    }
}
