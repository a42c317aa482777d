import FluentKit
import SQLKit

/// What running on the open internet needs in the database, so that several instances share it:
/// idle session expiry, sign-in attempts for the limit, each user's volume per currency (which
/// keeps every sum within 64 bits), Lunch Money pull status, and the one claim to set up the owner.
struct M012AddSafetyTables: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = database.sql
        let sqlite = sql.dialect.name == "sqlite"
        try await database.schema("sessions").field("last_seen_at", .int64).update()
        try await sql.raw("UPDATE sessions SET last_seen_at = created_at").run()

        try await database.schema("sign_in_attempts")
            .field(.id, .int64, .identifier(auto: true))
            .field("key", .string, .required)
            .field("attempted_at", .int64, .required)
            .create()
        try await sql.raw("CREATE INDEX sign_in_attempts_by_key ON sign_in_attempts (key, attempted_at)").run()

        // SQLite turns an integer sum that overflows into a float without a word; the CHECK
        // makes that write fail instead. PostgreSQL's BIGINT raises an error by itself.
        try await sql.raw(
            sqlite
                ? """
                CREATE TABLE currency_volumes (
                  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                  currency TEXT NOT NULL,
                  volume_minor INTEGER NOT NULL CHECK (typeof(volume_minor) = 'integer'),
                  PRIMARY KEY (user_id, currency))
                """
                : """
                CREATE TABLE currency_volumes (
                  user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                  currency TEXT NOT NULL,
                  volume_minor BIGINT NOT NULL,
                  PRIMARY KEY (user_id, currency))
                """
        ).run()
        try await sql.raw(
            """
            INSERT INTO currency_volumes (user_id, currency, volume_minor)
            SELECT user_id, currency, SUM(ABS(amount_minor)) FROM transactions GROUP BY user_id, currency
            """
        ).run()

        try await database.schema("lunchmoney_pulls")
            .field("user_id", .int64, .identifier(auto: false), .references("users", .id, onDelete: .cascade))
            .field("running", .bool, .required)
            .field("failed", .bool, .required)
            .field("message", .string, .required)
            .field("updated_at", .int64, .required)
            .create()

        try await database.schema("setup_claims")
            .field(.id, .int64, .identifier(auto: false))
            .field("claimed_at", .int64, .required)
            .create()
        try await sql.raw(
            "INSERT INTO setup_claims (id, claimed_at) SELECT 1, MIN(created_at) FROM users HAVING COUNT(*) > 0"
        ).run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("setup_claims").delete()
        try await database.schema("lunchmoney_pulls").delete()
        try await database.sql.raw("DROP TABLE currency_volumes").run()
        try await database.schema("sign_in_attempts").delete()
        try await database.schema("sessions").deleteField("last_seen_at").update()
    }
}
