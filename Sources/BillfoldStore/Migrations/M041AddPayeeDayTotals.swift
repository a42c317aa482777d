import FluentKit
import SQLKit

/// A search's totals over a range from sums, not from every row it finds: "rewe" over a quarter
/// summed 60,000 rows (66 ms on SQLite), and over the year 250,000. The per-payee sums (M027)
/// know no days, so a range fell back to the rows.
/// - `transaction_payee_day_totals`: the sums per payee and UTC day (`SumsTable.payeeDays`),
///   kept by the same writes as the others. A search over a range reads the days of the payees
///   that hold its words (found as M027 finds them), plus the rows of the partial days at its
///   edges and the rows whose notes hold them.
/// - Its unique index leads with the payee and day, so a payee's days are one range of it; on
///   PostgreSQL by the payee's MD5, as M027's (a payee may be longer than a B-tree entry).
/// - Its emptied rows are found through a partial index, as M028 does for the others.
struct M041AddPayeeDayTotals: AsyncMigration {
    static let name = "transaction_payee_day_totals"

    func prepare(on database: any Database) async throws {
        try await database.schema(Self.name)
            .field("user_id", .int64, .required, .references("users", .id, onDelete: .cascade))
            .field("category_key", .int64, .required)
            .field("status", .string, .required)
            .field("currency", .string, .required)
            .field("payee", .string, .required)
            .field("day", .int64, .required)
            .field("account_id", .int64, .required)
            .field("total_minor", .int64, .required)
            .field("count", .int64, .required)
            .create()
        let sql = database.sql
        let payee = sql.dialect.name == "sqlite" ? "payee" : "(md5(payee))"
        let key = "user_id, category_key, status, currency, payee, day, account_id"
        let rowKey = "user_id, \(Frozen.categoryKeySQL), status, currency, payee, \(Frozen.daySQL), account_id"
        for statement in [
            """
            CREATE UNIQUE INDEX transaction_payee_day_totals_key ON \(Self.name)
              (user_id, \(payee), day, category_key, status, currency, account_id)
            """,
            "CREATE INDEX transaction_payee_day_totals_emptied ON \(Self.name) (user_id) WHERE count = 0",
            """
            INSERT INTO \(Self.name) (\(key), total_minor, count)
            SELECT \(rowKey), SUM(amount_minor), COUNT(*) FROM transactions WHERE kind IS NULL GROUP BY \(rowKey)
            """,
        ] {
            try await sql.raw(SQLQueryString(statement)).run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Self.name).delete()
    }
}
