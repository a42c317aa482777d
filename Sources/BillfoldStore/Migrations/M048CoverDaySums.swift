import FluentKit
import SQLKit

/// The per-day sums read by day, without a visit to the table for each row. Reports, Home, a
/// range's edge days and the converted totals read a person's days (a year is thousands of sum
/// rows); the sums' own key leads with the category, so a range of days was found by reading all
/// the person's rows and then each one's amount from the table: 5 ms of a 12-month report at a
/// million transactions. Both indexes hold every column those reads ask for.
/// - `transaction_totals_by_day`: a range of days, whatever else the filter is.
/// - `transaction_totals_by_currency` (M039, now covering): one currency's days, in day order, as
///   a converted total converts them.
struct M048CoverDaySums: AsyncMigration {
    static let byDay = """
        CREATE INDEX transaction_totals_by_day ON transaction_totals
          (user_id, day, category_key, status, currency, account_id, total_minor, count, spent_minor, spent_count)
        """
    static let byCurrency = """
        CREATE INDEX transaction_totals_by_currency ON transaction_totals
          (user_id, currency, day, category_key, status, account_id, total_minor)
        """

    func prepare(on database: any Database) async throws {
        let sql = database.sql
        try await sql.raw(SQLQueryString(Self.byDay)).run()
        try await sql.raw("DROP INDEX transaction_totals_by_currency").run()
        try await sql.raw(SQLQueryString(Self.byCurrency)).run()
    }

    func revert(on database: any Database) async throws {
        let sql = database.sql
        try await sql.raw("DROP INDEX transaction_totals_by_currency").run()
        try await sql.raw(
            "CREATE INDEX transaction_totals_by_currency ON transaction_totals (user_id, currency, day)"
        ).run()
        try await sql.raw("DROP INDEX transaction_totals_by_day").run()
    }
}
