import FluentKit
import SQLKit

/// A sign-in attempt is written before its password is checked (so a burst cannot pass before any
/// is counted) and is "in flight" until the answer is known: a good password takes it back, a
/// wrong one leaves it as a failure. Requests waiting on attempts in flight wait a moment instead
/// of being refused for the whole window.
struct M031SignInAttemptsInFlight: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql.raw("ALTER TABLE sign_in_attempts ADD COLUMN in_flight INTEGER NOT NULL DEFAULT 0").run()
        // The sweep of attempts out of the window runs on every attempt, behind the lock.
        try await database.sql.raw("CREATE INDEX sign_in_attempts_by_time ON sign_in_attempts (attempted_at)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP INDEX sign_in_attempts_by_time").run()
        try await database.sql.raw("ALTER TABLE sign_in_attempts DROP COLUMN in_flight").run()
    }
}
