import FluentKit
import SQLKit

/// The per-day sums rolled up by UTC calendar month, so a report's months read a few hundred rows
/// instead of every day's: a 12-month report sorted a year of day sums (8,000 rows at a million
/// transactions, 3.4 ms of its statements), and net worth every account's days. A month in the
/// person's zone is its UTC month give or take a day at each end, which the day sums add or take
/// away (`MonthCut`), so months serve every zone, not only UTC.
///
/// Kept as M025 keeps the 32-day blocks: triggers on `transaction_totals` follow every write to
/// the day sums in the same database transaction, adding the difference when a row keeps its key
/// and day (an upsert, the common write), or else taking the old row out and putting the new in. The key leads with the person and the month, and holds the sums beside it (SQLite
/// `WITHOUT ROWID`, PostgreSQL `INCLUDE`), so a range of months is read from the key alone.
struct M049AddTotalsByMonth: AsyncMigration {
    static let key = "user_id, month, category_key, status, currency, account_id"

    /// The UTC month of a day sum's day (days since 1900-01-01) as months since January 1900, in
    /// integer arithmetic that both databases do alike for every day (Howard Hinnant's
    /// civil_from_days; SQLite's `strftime` has no year after 9999). `MonthCut.month(ofDay:)` is
    /// the same in Swift, `MonthCut.sql(ofDay:)` the same SQL for live code.
    static func month(_ day: String) -> String {
        // Days since 0000-03-01, in 400-year eras; the day of the era, its year, its day of the
        // year from March, its month from March.
        let era = "((\(day) + 693901) / 146097)"
        let dayOfEra = "((\(day) + 693901) % 146097)"
        let year = "((\(dayOfEra) - \(dayOfEra) / 1460 + \(dayOfEra) / 36524 - \(dayOfEra) / 146096) / 365)"
        let dayOfYear = "(\(dayOfEra) - (365 * \(year) + \(year) / 4 - \(year) / 100))"
        let month = "((5 * \(dayOfYear) + 2) / 153)"
        // March of year 0 is month 2 of the count from January of year 0; January 1900 is 22,800.
        return "((\(era) * 400 + \(year)) * 12 + \(month) - 22798)"
    }

    func prepare(on database: any Database) async throws {
        let sql = database.sql
        let sqlite = sql.dialect.name == "sqlite"
        let integer = sqlite ? "INTEGER" : "BIGINT"
        try await sql.raw(
            SQLQueryString(
                """
                CREATE TABLE transaction_totals_by_month (
                  user_id \(integer) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                  month \(integer) NOT NULL, category_key \(integer) NOT NULL, status TEXT NOT NULL,
                  currency TEXT NOT NULL, account_id \(integer) NOT NULL,
                  total_minor \(integer) NOT NULL, count \(integer) NOT NULL,
                  PRIMARY KEY (\(Self.key))\(sqlite ? ") WITHOUT ROWID" : " INCLUDE (total_minor, count))")
                """)
        ).run()
        for statement in sqlite ? Self.sqliteTriggers : Self.postgresTriggers {
            try await sql.raw(SQLQueryString(statement)).run()
        }
        let month = Self.month("day")
        try await sql.raw(
            SQLQueryString(
                """
                INSERT INTO transaction_totals_by_month (\(Self.key), total_minor, count)
                SELECT user_id, \(month), category_key, status, currency, account_id, SUM(total_minor), SUM(count)
                FROM transaction_totals GROUP BY user_id, \(month), category_key, status, currency, account_id
                HAVING NOT (SUM(count) = 0 AND SUM(total_minor) = 0)
                """)
        ).run()
    }

    func revert(on database: any Database) async throws {
        let sql = database.sql
        if sql.dialect.name == "sqlite" {
            for name in ["insert", "update", "move", "delete"] {
                try await sql.raw(SQLQueryString("DROP TRIGGER transaction_totals_to_months_\(name)")).run()
            }
        } else {
            try await sql.raw("DROP TRIGGER transaction_totals_to_months ON transaction_totals").run()
            try await sql.raw("DROP FUNCTION transaction_totals_to_months()").run()
        }
        try await sql.raw("DROP TABLE transaction_totals_by_month").run()
    }

    /// Adds `total` and `count` to `row`'s key in month `month`, and drops the month left at zero.
    static func follow(_ row: String, month: String, total: String, count: String) -> String {
        """
        INSERT INTO transaction_totals_by_month (\(key), total_minor, count)
        VALUES (\(row).user_id, \(month), \(row).category_key, \(row).status, \(row).currency,
          \(row).account_id, \(total), \(count))
        ON CONFLICT (\(key)) DO UPDATE SET
          total_minor = transaction_totals_by_month.total_minor + excluded.total_minor,
          count = transaction_totals_by_month.count + excluded.count;
        DELETE FROM transaction_totals_by_month WHERE user_id = \(row).user_id AND month = \(month)
          AND category_key = \(row).category_key AND status = \(row).status AND currency = \(row).currency
          AND account_id = \(row).account_id AND count = 0 AND total_minor = 0;
        """
    }

    /// An update that keeps the row's key and day (an upsert): only the difference goes on.
    static let sameKey = """
        NEW.user_id = OLD.user_id AND NEW.category_key = OLD.category_key AND NEW.status = OLD.status
          AND NEW.currency = OLD.currency AND NEW.account_id = OLD.account_id AND NEW.day = OLD.day
        """
    static let difference = follow(
        "NEW", month: month("NEW.day"), total: "NEW.total_minor - OLD.total_minor", count: "NEW.count - OLD.count")
    static let oldHoldsSomething = "(OLD.count <> 0 OR OLD.total_minor <> 0)"

    /// A whole row taken out (`sign` "-") or put in.
    static func whole(_ row: String, _ sign: String) -> String {
        follow(row, month: month("\(row).day"), total: "\(sign)\(row).total_minor", count: "\(sign)\(row).count")
    }

    static var sqliteTriggers: [String] {
        [
            "CREATE TRIGGER transaction_totals_to_months_insert AFTER INSERT ON transaction_totals BEGIN "
                + whole("NEW", "") + " END",
            "CREATE TRIGGER transaction_totals_to_months_update AFTER UPDATE ON transaction_totals"
                + " WHEN \(sameKey) BEGIN " + difference + " END",
            "CREATE TRIGGER transaction_totals_to_months_move AFTER UPDATE ON transaction_totals"
                + " WHEN NOT (\(sameKey)) BEGIN " + whole("OLD", "-") + whole("NEW", "")
                + " END",
            "CREATE TRIGGER transaction_totals_to_months_delete AFTER DELETE ON transaction_totals"
                + " WHEN \(oldHoldsSomething) BEGIN " + whole("OLD", "-") + " END",
        ]
    }

    static var postgresTriggers: [String] {
        [
            """
            CREATE FUNCTION transaction_totals_to_months() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF TG_OP = 'UPDATE' THEN
                IF \(sameKey) THEN
                  \(difference)
                  RETURN NULL;
                END IF;
              END IF;
              IF TG_OP IN ('UPDATE', 'DELETE') THEN
                IF \(oldHoldsSomething) THEN
                  \(whole("OLD", "-"))
                END IF;
              END IF;
              IF TG_OP IN ('INSERT', 'UPDATE') THEN
                \(whole("NEW", ""))
              END IF;
              RETURN NULL;
            END $$
            """,
            """
            CREATE TRIGGER transaction_totals_to_months AFTER INSERT OR UPDATE OR DELETE ON transaction_totals
            FOR EACH ROW EXECUTE FUNCTION transaction_totals_to_months()
            """,
        ]
    }
}
