import FluentKit
import SQLKit

/// A tag's rows newest first without sorting them all: a tag's first page read all its rows
/// (21,000 in the bench's book) to find the newest 51, 10–20 ms on SQLite.
/// - `transaction_tags.booked_at`: when the tagged row was booked, kept by triggers (written when
///   the tag is given, moved when the row's time changes), and an index on the tag, that time and
///   the row, so a tag's page walks its own list in order (`TransactionRepository.pageStatement`).
struct M042AddTagTimes: AsyncMigration {
    static let sqlite = [
        """
        CREATE TRIGGER transaction_tags_time AFTER INSERT ON transaction_tags BEGIN
          UPDATE transaction_tags SET booked_at = (SELECT booked_at FROM transactions WHERE id = NEW.transaction_id)
          WHERE transaction_id = NEW.transaction_id AND tag_id = NEW.tag_id; END
        """,
        """
        CREATE TRIGGER transaction_tags_moved AFTER UPDATE OF booked_at ON transactions BEGIN
          UPDATE transaction_tags SET booked_at = NEW.booked_at WHERE transaction_id = NEW.id; END
        """,
    ]

    static let postgres = [
        """
        CREATE FUNCTION transaction_tags_time() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          NEW.booked_at := (SELECT booked_at FROM transactions WHERE id = NEW.transaction_id);
          RETURN NEW;
        END $$
        """,
        """
        CREATE TRIGGER transaction_tags_time BEFORE INSERT ON transaction_tags
        FOR EACH ROW EXECUTE FUNCTION transaction_tags_time()
        """,
        """
        CREATE FUNCTION transaction_tags_moved() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE transaction_tags SET booked_at = NEW.booked_at WHERE transaction_id = NEW.id;
          RETURN NULL;
        END $$
        """,
        """
        CREATE TRIGGER transaction_tags_moved AFTER UPDATE OF booked_at ON transactions
        FOR EACH ROW WHEN (OLD.booked_at IS DISTINCT FROM NEW.booked_at) EXECUTE FUNCTION transaction_tags_moved()
        """,
    ]

    func prepare(on database: any Database) async throws {
        let sql = database.sql
        for statement in [
            "ALTER TABLE transaction_tags ADD COLUMN booked_at BIGINT",
            """
            UPDATE transaction_tags SET booked_at = (SELECT booked_at FROM transactions
            WHERE transactions.id = transaction_tags.transaction_id)
            """,
            "CREATE INDEX transaction_tags_newest ON transaction_tags (tag_id, booked_at, transaction_id)",
        ] + (sql.dialect.name == "sqlite" ? Self.sqlite : Self.postgres) {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database.sql
        let triggers =
            sql.dialect.name == "sqlite"
            ? ["DROP TRIGGER transaction_tags_time", "DROP TRIGGER transaction_tags_moved"]
            : [
                "DROP TRIGGER transaction_tags_time ON transaction_tags", "DROP FUNCTION transaction_tags_time()",
                "DROP TRIGGER transaction_tags_moved ON transactions", "DROP FUNCTION transaction_tags_moved()",
            ]
        for statement in triggers + [
            "DROP INDEX transaction_tags_newest", "ALTER TABLE transaction_tags DROP COLUMN booked_at",
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }
}
