import FluentKit
import SQLKit

/// Home's chart of what each category took this month from sums, not from every row of the
/// month: it counts the money spent alone (income in the same category must not hide spending),
/// which the day sums did not keep, so it summed 78,000 rows a request at a million (32 ms on
/// PostgreSQL, 360 ms p50 at 16 connections on SQLite).
/// - `transaction_totals` (`SumsTable.days`) also keeps, per key, the sum of the negative
///   amounts (`spent_minor`) and how many there are (`spent_count`), kept by the same writes.
/// - The blocks (M023) do not: a month is a few dozen days.
/// - Filled from the rows here, in one statement.
struct M044AddSpentSums: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = database.sql
        for column in ["spent_minor", "spent_count"] {
            try await sql.raw(
                SQLQueryString("ALTER TABLE transaction_totals ADD COLUMN \(column) BIGINT NOT NULL DEFAULT 0")
            ).run()
        }
        let key = "user_id, \(Frozen.categoryKeySQL), status, currency, \(Frozen.daySQL), account_id"
        try await sql.raw(
            SQLQueryString(
                """
                UPDATE transaction_totals SET spent_minor = spent.total, spent_count = spent.n
                FROM (SELECT user_id AS u, \(Frozen.categoryKeySQL) AS k, status AS s, currency AS c,
                    \(Frozen.daySQL) AS d, account_id AS a, SUM(amount_minor) AS total, COUNT(*) AS n
                  FROM transactions WHERE kind IS NULL AND amount_minor < 0 GROUP BY \(key)) AS spent
                WHERE transaction_totals.user_id = spent.u AND transaction_totals.category_key = spent.k
                  AND transaction_totals.status = spent.s AND transaction_totals.currency = spent.c
                  AND transaction_totals.day = spent.d AND transaction_totals.account_id = spent.a
                """)
        ).run()
    }

    func revert(on database: any Database) async throws {
        for column in ["spent_minor", "spent_count"] {
            try await database.sql.raw(SQLQueryString("ALTER TABLE transaction_totals DROP COLUMN \(column)")).run()
        }
    }
}
