import FluentKit
import SQLKit

/// Stamps on each person that change with every write to their categories and to their own
/// exchange rates, read with the sign-in's row (`SignInStamps`), so the server can keep a
/// person's category tree and rate book between requests and know in the same statement whether
/// they are still theirs (`CategoryTrees`, `KeptRateBooks`): nearly every question reads the
/// tree, and on PostgreSQL each statement saved is a round trip.
///
/// Triggers write them, so every write counts, whoever makes it (another server sharing the
/// database among them). A stamp is a random number rather than a count: a backup put back
/// brings its old stamps with it, and a count would then come round to values a server already
/// holds for other rows.
struct M050AddStamps: AsyncMigration {
    /// Each stamp's column on `users` and the table whose writes change it.
    static let stamps = [("categories_stamp", "categories"), ("rates_stamp", "personal_rates")]
    static let events = ["insert": "NEW", "update": "NEW", "delete": "OLD"]

    func prepare(on database: any Database) async throws {
        let sql = database.sql
        let sqlite = sql.dialect.name == "sqlite"
        let fresh = Self.fresh(sqlite: sqlite)
        for (column, table) in Self.stamps {
            try await sql.raw(SQLQueryString("ALTER TABLE users ADD COLUMN \(column) BIGINT NOT NULL DEFAULT 0")).run()
            try await sql.raw(SQLQueryString("UPDATE users SET \(column) = \(fresh)")).run()
            guard sqlite else {
                // Once per statement, from its rows (`changed`): an import's many categories
                // write the person's row once, and hold its lock once.
                try await sql.raw(
                    SQLQueryString(
                        """
                        CREATE FUNCTION \(column)() RETURNS trigger LANGUAGE plpgsql AS $$
                        BEGIN
                          UPDATE users SET \(column) = \(fresh) WHERE id IN (SELECT user_id FROM changed);
                          RETURN NULL;
                        END $$
                        """)
                ).run()
                for (event, row) in Self.events.sorted(by: { $0.key < $1.key }) {
                    try await sql.raw(
                        SQLQueryString(
                            """
                            CREATE TRIGGER \(column)_\(event) AFTER \(event.uppercased()) ON \(table)
                            REFERENCING \(row) TABLE AS changed
                            FOR EACH STATEMENT EXECUTE FUNCTION \(column)()
                            """)
                    ).run()
                }
                continue
            }
            for (event, row) in Self.events.sorted(by: { $0.key < $1.key }) {
                try await sql.raw(
                    SQLQueryString(
                        """
                        CREATE TRIGGER \(column)_\(event) AFTER \(event.uppercased()) ON \(table) BEGIN
                          UPDATE users SET \(column) = \(fresh) WHERE id = \(row).user_id; END
                        """)
                ).run()
            }
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database.sql
        for (column, table) in Self.stamps {
            if sql.dialect.name == "sqlite" {
                for event in Self.events.keys.sorted() {
                    try await sql.raw(SQLQueryString("DROP TRIGGER \(column)_\(event)")).run()
                }
            } else {
                for event in Self.events.keys.sorted() {
                    try await sql.raw(SQLQueryString("DROP TRIGGER \(column)_\(event) ON \(table)")).run()
                }
                try await sql.raw(SQLQueryString("DROP FUNCTION \(column)()")).run()
            }
            try await sql.raw(SQLQueryString("ALTER TABLE users DROP COLUMN \(column)")).run()
        }
    }

    /// A new random stamp (SQLite's `random()` is a whole 64-bit number; PostgreSQL's a fraction).
    static func fresh(sqlite: Bool) -> String {
        sqlite ? "random()" : "CAST(floor(random() * 9007199254740991) AS BIGINT)"
    }
}
