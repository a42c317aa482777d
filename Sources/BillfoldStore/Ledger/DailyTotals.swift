import BillfoldCore
import SQLKit

/// One currency's sum on one UTC day.
public struct DaySum: Sendable, Equatable {
    public var currency: Currency
    public var day: Day
    public var total: Int64
}

extension TransactionRepository {
    /// The query's sums per currency and UTC day, every currency but `primary`'s.
    public func dailyTotals(_ query: TransactionQuery, otherThan primary: Currency) async throws -> [DaySum] {
        try await TransactionTotals.byDay(query, otherThan: primary, userID: userID, on: sql)
    }
}

/// A query's sums per currency and UTC day for every currency but one: what a converted total
/// converts, each day at its own rate. The whole days come from the per-day sums (never the
/// blocks: a rate changes within one), the partial days at the range's edges and the queries the
/// sums cannot answer (words, a tag, an import, group rows) from the rows.
extension TransactionTotals {
    struct DayRow: Decodable {
        var currency: String
        var day: Int64
        var total: Int64
    }

    static func byDay(
        _ query: TransactionQuery, otherThan primary: Currency, userID: Int64, on sql: any SQLDatabase
    ) async throws -> [DaySum] {
        var rows: [DayRow] = []
        let lower = query.range.lowerBound
        let upper = query.range.upperBound
        let firstDay = lower.map { day($0 - 1) + 1 }
        let endDay = upper.map { day($0) }
        if query.text != nil || query.importID != nil || query.tagID != nil || query.onlyGroups
            || (firstDay != nil && endDay != nil && firstDay! >= endDay!)
        {
            rows = try await scanByDay(query, primary, from: lower, to: upper, userID: userID, on: sql)
        } else {
            let statement = piece(
                select: "currency, day, CAST(SUM(total_minor) AS BIGINT) AS total", of: query,
                in: "transaction_totals", by: "day", firstDay, endDay, userID: userID, groupBy: "currency, day",
                transfers: false, matching: " AND currency <> \(bind: primary.code)")
            rows = try await sql.raw(statement).all(decoding: DayRow.self)
            if let lower, let firstDay, lower < start(ofDay: firstDay) {
                rows += try await scanByDay(
                    query, primary, from: lower, to: start(ofDay: firstDay), userID: userID, on: sql)
            }
            if let upper, let endDay, start(ofDay: endDay) < upper {
                rows += try await scanByDay(
                    query, primary, from: start(ofDay: endDay), to: upper, userID: userID, on: sql)
            }
        }
        return rows.filter { $0.total != 0 }.map {
            DaySum(
                currency: Currency(stored: $0.currency), day: Day(daysSince1970: daysSince1970(ofDay: $0.day)),
                total: $0.total)
        }
    }

    /// The rows between `lower` and `upper` in other currencies than `primary`, per currency and day.
    private static func scanByDay(
        _ query: TransactionQuery, _ primary: Currency, from lower: Int64?, to upper: Int64?, userID: Int64,
        on sql: any SQLDatabase
    ) async throws -> [DayRow] {
        var slice = query
        slice.range = InstantRange(lowerBound: lower, upperBound: upper)
        let statement: SQLQueryString =
            "SELECT currency, (booked_at + \(unsafeRaw: String(shift))) / 86400 AS day,"
            + " CAST(SUM(amount_minor) AS BIGINT) AS total FROM transactions"
            + " WHERE user_id = \(bind: userID) AND transfer_id IS NULL AND kind IS NULL"
            + " AND currency <> \(bind: primary.code)" + slice.conditions(on: sql)
            + " GROUP BY currency, (booked_at + \(unsafeRaw: String(shift))) / 86400"
        return try await sql.raw(statement).all(decoding: DayRow.self)
    }
}
