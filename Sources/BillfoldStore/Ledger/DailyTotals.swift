import BillfoldCore
import SQLKit

extension TransactionRepository {
    /// The query's sums per UTC day in `currencies`, and per category when `perCategory`.
    public func dailyTotals(_ query: TransactionQuery, in currencies: [Currency], perCategory: Bool = false)
        async throws -> [DayAmount]
    {
        guard !currencies.isEmpty else { return [] }
        return try await TransactionTotals.byDay(
            query, in: currencies, perCategory: perCategory, userID: userID, on: sql)
    }
}

/// A query's sums per currency and UTC day in the currencies asked for: what a converted total
/// converts, each day at its own rate. The whole days come from the per-day sums (never the
/// blocks: a rate changes within one), the partial days at the range's edges and the queries the
/// sums cannot answer (words, a tag, an import, group rows) from the rows.
extension TransactionTotals {
    struct DayRow: Decodable {
        var category: Int64
        var currency: String
        var day: Int64
        var total: Int64
    }

    static func byDay(
        _ query: TransactionQuery, in currencies: [Currency], perCategory: Bool, userID: Int64, on sql: any SQLDatabase
    ) async throws -> [DayAmount] {
        let codes = currencies.map(\.code)
        var rows: [DayRow]
        if query.text != nil || query.importID != nil || query.tagID != nil || query.onlyGroups {
            rows = try await scanByDay(query, codes, perCategory, in: query.range, userID: userID, on: sql)
        } else {
            let key = perCategory ? "category_key" : "CAST(0 AS BIGINT)"
            rows = try await byDays(query.range) { firstDay, endDay in
                try await decoded(
                    piece(
                        select: "\(key) AS category, currency, day, CAST(SUM(total_minor) AS BIGINT) AS total",
                        of: query, in: "transaction_totals", by: "day", firstDay, endDay, userID: userID,
                        groupBy: (perCategory ? "category_key, " : "") + "currency, day",
                        transfers: false, matching: " AND currency IN (\(binds: codes))"), on: sql)
            } edge: { range in
                try await scanByDay(query, codes, perCategory, in: range, userID: userID, on: sql)
            }
        }
        return rows.filter { $0.total != 0 }.map {
            DayAmount(
                categoryID: $0.category == 0 ? nil : $0.category,
                money: Money(minorUnits: $0.total, currency: Currency(stored: $0.currency)),
                day: Day(daysSince1970: daysSince1970(ofDay: $0.day)))
        }
    }

    /// The rows in `range` in `codes`, per currency and day (and category).
    private static func scanByDay(
        _ query: TransactionQuery, _ codes: [String], _ perCategory: Bool, in range: InstantRange,
        userID: Int64, on sql: any SQLDatabase
    ) async throws -> [DayRow] {
        var slice = query
        slice.range = range
        let key = perCategory ? "COALESCE(category_id, 0)" : "CAST(0 AS BIGINT)"
        let statement: SQLQueryString =
            "SELECT \(unsafeRaw: key) AS category, currency, (booked_at + \(unsafeRaw: String(shift))) / 86400 AS day,"
            + " CAST(SUM(amount_minor) AS BIGINT) AS total FROM transactions"
            + " WHERE user_id = \(bind: userID) AND transfer_id IS NULL AND kind IS NULL"
            + " AND currency IN (\(binds: codes))" + slice.conditions(on: sql)
            + " GROUP BY \(unsafeRaw: perCategory ? key + ", " : "")currency, (booked_at + \(unsafeRaw: String(shift))) / 86400"
        return try await decoded(statement, on: sql)
    }

    /// The rows straight from the driver: a year of days in several currencies is hundreds of
    /// rows, which `Decodable` would take several milliseconds over.
    private static func decoded(_ statement: SQLQueryString, on sql: any SQLDatabase) async throws -> [DayRow] {
        try await sql.engine.rows(statement).map {
            DayRow(
                category: try $0.integer("category"), currency: try $0.text("currency"), day: try $0.integer("day"),
                total: try $0.integer("total"))
        }
    }
}
