import FluentKit
import SQLKit

/// A stamp on each person that changes with every write to their categories, read with the
/// sign-in's row, so the server can keep a person's category tree between requests and know in
/// the same statement whether it is still theirs (`CategoryTrees`): nearly every question reads
/// the tree, and on PostgreSQL each statement saved is a round trip.
///
/// Triggers write it, so every write counts, whoever makes it (another server sharing the
/// database among them). It is a random number rather than a count: a backup put back brings its
/// old stamps with it, and a count would then come round to values a server already holds for
/// other categories.
struct M050AddCategoriesStamp: AsyncMigration {
    static let events = ["insert": "NEW", "update": "NEW", "delete": "OLD"]

    func prepare(on database: any Database) async throws {
        let sql = database.sql
        let sqlite = sql.dialect.name == "sqlite"
        try await sql.raw("ALTER TABLE users ADD COLUMN categories_stamp BIGINT NOT NULL DEFAULT 0").run()
        let fresh = Self.fresh(sqlite: sqlite)
        try await sql.raw(SQLQueryString("UPDATE users SET categories_stamp = \(fresh)")).run()
        if sqlite {
            for (event, row) in Self.events.sorted(by: { $0.key < $1.key }) {
                try await sql.raw(
                    SQLQueryString(
                        """
                        CREATE TRIGGER categories_stamp_\(event) AFTER \(event.uppercased()) ON categories BEGIN
                          UPDATE users SET categories_stamp = \(fresh) WHERE id = \(row).user_id; END
                        """)
                ).run()
            }
        } else {
            try await sql.raw(
                SQLQueryString(
                    """
                    CREATE FUNCTION categories_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                      IF TG_OP = 'DELETE' THEN
                        UPDATE users SET categories_stamp = \(fresh) WHERE id = OLD.user_id;
                      ELSE
                        UPDATE users SET categories_stamp = \(fresh) WHERE id = NEW.user_id;
                      END IF;
                      RETURN NULL;
                    END $$
                    """)
            ).run()
            try await sql.raw(
                """
                CREATE TRIGGER categories_stamp AFTER INSERT OR UPDATE OR DELETE ON categories
                FOR EACH ROW EXECUTE FUNCTION categories_stamp()
                """
            ).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database.sql
        if sql.dialect.name == "sqlite" {
            for event in Self.events.keys.sorted() {
                try await sql.raw(SQLQueryString("DROP TRIGGER categories_stamp_\(event)")).run()
            }
        } else {
            try await sql.raw("DROP TRIGGER categories_stamp ON categories").run()
            try await sql.raw("DROP FUNCTION categories_stamp()").run()
        }
        try await sql.raw("ALTER TABLE users DROP COLUMN categories_stamp").run()
    }

    /// A new random stamp (SQLite's `random()` is a whole 64-bit number; PostgreSQL's a fraction).
    static func fresh(sqlite: Bool) -> String {
        sqlite ? "random()" : "CAST(floor(random() * 9007199254740991) AS BIGINT)"
    }
}
