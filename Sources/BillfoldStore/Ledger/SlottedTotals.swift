import BillfoldCore
import SQLKit

/// A query's sums per category in many ranges at once (a report's months): a few statements
/// however many ranges, not a few per range. Each range's whole UTC days are cut into the UTC
/// months nearest its ends and the days added to them or taken from them (`MonthCut`); the rows
/// of the partial days at its edges are read from the transactions. Every piece of one kind is
/// read by one statement that gives each row its range. A query the sums cannot answer (words,
/// an import, group rows) is one statement over its rows; a tag's is over its per-day sums.
extension TransactionTotals {
    /// One category's (nil: uncategorised) sum and count in one currency.
    public typealias CategorySum = (categoryID: Int64?, currency: String, total: Int64, count: Int64)

    /// A stretch of one table's buckets (months, days or instants) that belongs to range `slot`.
    struct Span {
        var slot: Int
        var first: Int64
        var end: Int64
        /// 1 to add the span's sums, -1 to take them away (`MonthCut`).
        var sign: Int64 = 1
    }

    /// The sums of `query` (its own range is not read) in each of `ranges`, which must be
    /// bounded and must not overlap, in their order.
    static func byCategory(
        _ query: TransactionQuery, in ranges: [InstantRange], userID: Int64, on sql: any SQLDatabase
    ) async throws -> [[CategorySum]] {
        var months: [Span] = []
        var days: [Span] = []
        var instants: [Span] = []
        // A tag's sums (`TagTotals`) are per day, without months.
        let byTag = TagTotals.answer(query)
        let scansOnly = query.text != nil || query.importID != nil || (query.tagID != nil && !byTag) || query.onlyGroups
        for (slot, range) in ranges.enumerated() {
            guard let lower = range.lowerBound, let upper = range.upperBound else {
                preconditionFailure("a report's range is bounded")
            }
            let firstDay = day(lower - 1) + 1
            let endDay = day(upper)
            if scansOnly || firstDay >= endDay {
                instants.append(Span(slot: slot, first: lower, end: upper))
                continue
            }
            if byTag {
                days.append(Span(slot: slot, first: firstDay, end: endDay))
            } else {
                let cut = MonthCut(days: firstDay, endDay)
                if !cut.months.isEmpty {
                    months.append(Span(slot: slot, first: cut.months.lowerBound, end: cut.months.upperBound))
                }
                days += cut.days.map { Span(slot: slot, first: $0.first, end: $0.end, sign: $0.sign) }
            }
            instants.append(Span(slot: slot, first: lower, end: start(ofDay: firstDay)))
            instants.append(Span(slot: slot, first: start(ofDay: endDay), end: upper))
        }
        var rows: [SlotRow] = []
        rows += try await spanSums(query, months, in: .months, userID: userID, on: sql)
        rows +=
            byTag
            ? try await sums(query, days, in: TagTotals.table, by: "day", userID: userID, on: sql)
            : try await spanSums(query, days, in: .days, userID: userID, on: sql)
        rows += try await scan(query, instants.filter { $0.first < $0.end }, userID: userID, on: sql)
        var sums = Array(repeating: [SumKey: (total: Int64, count: Int64)](), count: ranges.count)
        for row in rows where sums.indices.contains(Int(row.slot)) {
            let key = SumKey(category: row.key, currency: row.currency)
            let sum = sums[Int(row.slot)][key, default: (0, 0)]
            sums[Int(row.slot)][key] = (sum.total + row.total, sum.count + row.count)
        }
        return sums.map { slot in
            slot.filter { $0.value.count != 0 }.map { key, sum in
                (key.category == 0 ? nil : key.category, key.currency, sum.total, sum.count)
            }
        }
    }

    struct SlotRow {
        var slot: Int64
        /// The category key, or the account where the rows are grouped by account.
        var key: Int64
        var currency: String
        var total: Int64
        var count: Int64
    }

    /// The rows straight from the driver, as `DailyTotals` reads its own: through `Decodable` a
    /// 12-month report's rows took half a millisecond.
    private static func slotRows(_ statement: SQLQueryString, on sql: any SQLDatabase) async throws -> [SlotRow] {
        try await sql.engine.rows(statement).map {
            SlotRow(
                slot: try $0.integer("slot"), key: try $0.integer("key"),
                currency: try $0.text("currency"), total: try $0.integer("total"), count: try $0.integer("count"))
        }
    }

    /// `CASE WHEN column in a span THEN its slot … ELSE -1 END`.
    private static func slotCase(_ spans: [Span], column: String) -> SQLQueryString {
        var statement: SQLQueryString = "CASE"
        for span in spans {
            statement +=
                " WHEN \(unsafeRaw: column) >= \(bind: span.first) AND \(unsafeRaw: column) < \(bind: span.end)"
                + " THEN \(bind: Int64(span.slot))"
        }
        return statement + " ELSE -1 END"
    }

    /// The spans' rows of one sums table, each given its slot.
    private static func sums(
        _ query: TransactionQuery, _ spans: [Span], in table: String, by unit: String, userID: Int64,
        on sql: any SQLDatabase
    ) async throws -> [SlotRow] {
        guard let first = spans.map(\.first).min(), let end = spans.map(\.end).max() else { return [] }
        let statement: SQLQueryString =
            "SELECT slot, category_key AS key, currency, CAST(SUM(total_minor) AS BIGINT) AS total,"
            + " CAST(SUM(count) AS BIGINT) AS count FROM (SELECT " + slotCase(spans, column: unit)
            + " AS slot, category_key, currency, total_minor, count FROM \(unsafeRaw: table)"
            + " WHERE user_id = \(bind: userID)\(unsafeRaw: withoutTransfers)" + conditions(query)
            + (table == TagTotals.table ? TagTotals.matching(query) : "")
            + " AND \(unsafeRaw: unit) >= \(bind: first) AND \(unsafeRaw: unit) < \(bind: end)) pieces"
            + " WHERE slot >= 0 GROUP BY slot, category_key, currency"
        return try await slotRows(statement, on: sql)
    }

    /// Where `spanSums` reads: the per-day sums or the per-month ones, each through its index
    /// led by the person and the bucket.
    enum SpanTable: String {
        case days = "transaction_totals"
        case months = "transaction_totals_by_month"

        var unit: String { self == .days ? "day" : "month" }
    }

    /// The spans' sums from one table, each span's rows added (or taken away) under its slot. The
    /// spans are joined as a table of (first, end, slot, sign), so each is a range of the table's
    /// index and no row is tried against every span, as a CASE does (a 12-month report's days:
    /// 5.3 → 2.6 ms at a million transactions). Grouped `by` the category key, or the account
    /// (net worth, which counts transfers too).
    static func spanSums(
        _ query: TransactionQuery, _ spans: [Span], in table: SpanTable, by key: String = "category_key",
        transfers: Bool = false, userID: Int64, on sql: any SQLDatabase
    ) async throws -> [SlotRow] {
        let spans = spans.filter { $0.first < $0.end }
        guard !spans.isEmpty else { return [] }
        var values: SQLQueryString = "(VALUES "
        for (index, span) in spans.enumerated() {
            values +=
                (index == 0 ? "" : ", ")
                + "(\(bind: span.first), \(bind: span.end), \(bind: Int64(span.slot)), \(bind: span.sign))"
        }
        let unit = table.unit
        let statement: SQLQueryString =
            "SELECT spans.column3 AS slot, \(unsafeRaw: key) AS key, currency,"
            + " CAST(SUM(total_minor * spans.column4) AS BIGINT) AS total,"
            + " CAST(SUM(count * spans.column4) AS BIGINT) AS count FROM " + values + ") spans"
            + " CROSS JOIN \(unsafeRaw: table.rawValue) WHERE user_id = \(bind: userID)"
            + (transfers ? "" : "\(unsafeRaw: withoutTransfers)") + conditions(query)
            + " AND \(unsafeRaw: unit) >= spans.column1 AND \(unsafeRaw: unit) < spans.column2"
            + " GROUP BY spans.column3, \(unsafeRaw: key), currency"
        return try await slotRows(statement, on: sql)
    }

    /// The rows booked in the spans (instants), each given its slot; only the spans are read.
    private static func scan(
        _ query: TransactionQuery, _ spans: [Span], userID: Int64, on sql: any SQLDatabase
    ) async throws -> [SlotRow] {
        guard let first = spans.map(\.first).min(), let end = spans.map(\.end).max() else { return [] }
        var slice = query
        slice.range = InstantRange(lowerBound: first, upperBound: end)
        var within: SQLQueryString = " AND ("
        for (index, span) in spans.enumerated() {
            within +=
                (index == 0 ? "" : " OR ") + "(booked_at >= \(bind: span.first) AND booked_at < \(bind: span.end))"
        }
        let statement: SQLQueryString =
            "SELECT slot, category_key AS key, currency, CAST(SUM(amount_minor) AS BIGINT) AS total,"
            + " CAST(COUNT(*) AS BIGINT) AS count FROM (SELECT " + slotCase(spans, column: "booked_at")
            + " AS slot, COALESCE(category_id, 0) AS category_key, currency, amount_minor FROM transactions"
            + " WHERE user_id = \(bind: userID) AND transfer_id IS NULL AND kind IS NULL"
            + slice.conditions(on: sql) + within + ")) pieces WHERE slot >= 0 GROUP BY slot, category_key, currency"
        return try await slotRows(statement, on: sql)
    }
}
