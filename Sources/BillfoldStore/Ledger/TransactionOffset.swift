import BillfoldCore
import SQLKit

/// A deep `offset` (how the Lunch Money API pages) found through the per-day sums instead of by
/// stepping over every row before it. The sums say how many rows each 32-day block and each day
/// hold, so the walk reads a few dozen of them and the database then steps over the rows of one
/// day at most: the 500,000th row costs what the 5,000th does.
///
/// The sums count every listed row except group rows and split parents (`kind` set), which are
/// counted per day through their own small index and added to the days' and blocks' counts. The
/// sums know accounts and statuses, but not tags, imports or words, nor categories the way the
/// rows do (a transfer is summed under its own key whatever its category): a query with those
/// filters steps over its rows as before.
enum TransactionOffset {
    /// Below this many rows stepping over them costs less than the walk.
    static let worthSeeking = 5_000

    /// Where the rows from `offset` on start: the first instant of a UTC day and how many of the
    /// query's rows come before it. Nil when the sums cannot say, or say nothing worth using.
    static func start(of query: TransactionQuery, offset: Int, userID: Int64, on sql: any SQLDatabase)
        async throws -> (from: Int64, before: Int)?
    {
        guard query.text == nil, query.importID == nil, query.tagID == nil, query.categoryIDs == nil,
            !query.uncategorized, !query.onlyGroups, !query.foldingGroups
        else { return nil }
        let lower = query.range.lowerBound
        // The first whole day of the range (days count from 1900, before which nothing is booked).
        let firstDay = lower.map { TransactionTotals.day($0 - 1) + 1 } ?? 0
        // The whole days end where the day of the range's end begins.
        let endDay = query.range.upperBound.map { TransactionTotals.day($0) } ?? Int64.max
        guard firstDay < endDay else { return nil }
        var walk = Walk(day: firstDay, before: 0, offset: offset)
        if let lower, lower < TransactionTotals.start(ofDay: firstDay) {
            walk.before = try await count(query, lower, TransactionTotals.start(ofDay: firstDay), userID, sql)
        }
        let blockDays = TransactionTotals.blockDays
        // The days before the first whole block, the whole blocks, and the days after them.
        let firstBlock = -TransactionTotals.floorDivision(-firstDay, blockDays)
        let endBlock = endDay == .max ? Int64.max : TransactionTotals.floorDivision(endDay, blockDays)
        // Group rows and split parents, which the sums leave out, per day: few, from their own index.
        var kinds: [Int64: Int] = [:]
        if !query.countedOnly {
            let upper = endDay == .max ? nil : TransactionTotals.start(ofDay: endDay)
            kinds = try await kindsPerDay(query, TransactionTotals.start(ofDay: firstDay), upper, userID, sql)
        }
        let reader = Sums(query: query, userID: userID, sql: sql, kinds: kinds)
        if firstBlock >= endBlock {
            try await walk.days(reader.days(firstDay, endDay))
        } else {
            try await walk.days(reader.days(firstDay, firstBlock * blockDays))
            if !walk.stopped {
                for (block, count) in try await reader.units(
                    "transaction_totals_by_block", "block", firstBlock, endBlock)
                {
                    if walk.before + count > offset {
                        walk.day = block * blockDays
                        try await walk.days(reader.days(block * blockDays, min((block + 1) * blockDays, endDay)))
                        walk.stopped = true
                        break
                    }
                    walk.before += count
                    walk.day = (block + 1) * blockDays
                }
            }
            if !walk.stopped, endBlock != .max { try await walk.days(reader.days(endBlock * blockDays, endDay)) }
        }
        guard walk.day > firstDay, walk.before <= offset else { return nil }
        return (TransactionTotals.start(ofDay: walk.day), walk.before)
    }

    /// Counts days and their rows until the day whose rows pass the offset.
    private struct Walk {
        /// The day reached: `before` rows come before it.
        var day: Int64
        var before: Int
        let offset: Int
        var stopped = false

        mutating func days(_ counts: [(Int64, Int)]) {
            guard !stopped else { return }
            for (day, count) in counts {
                if before + count > offset {
                    self.day = day
                    stopped = true
                    return
                }
                before += count
                self.day = day + 1
            }
        }
    }

    /// The rows each day or block holds: the sums' count and the group rows and split parents.
    private struct Sums {
        let query: TransactionQuery
        let userID: Int64
        let sql: any SQLDatabase
        let kinds: [Int64: Int]

        func days(_ first: Int64, _ end: Int64) async throws -> [(Int64, Int)] {
            guard first < end else { return [] }
            return try await units("transaction_totals", "day", first, end)
        }

        func units(_ table: String, _ unit: String, _ first: Int64, _ end: Int64) async throws -> [(Int64, Int)] {
            struct Row: Decodable {
                var unit: Int64
                var count: Int64
            }
            let statement = TransactionTotals.piece(
                select: "\(unit) AS unit, CAST(SUM(count) AS BIGINT) AS count", of: query, in: table, by: unit, first,
                end == .max ? nil : end, userID: userID, groupBy: unit, transfers: true)
            var counts: [Int64: Int] = [:]
            for row in try await sql.raw(statement).all(decoding: Row.self) { counts[row.unit] = Int(row.count) }
            let size = unit == "block" ? TransactionTotals.blockDays : 1
            for (day, count) in kinds {
                let at = TransactionTotals.floorDivision(day, size)
                if at >= first && at < end { counts[at, default: 0] += count }
            }
            return counts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        }
    }

    /// The query's group rows and split parents from `lower` (up to `upper`), per day.
    private static func kindsPerDay(
        _ query: TransactionQuery, _ lower: Int64, _ upper: Int64?, _ userID: Int64, _ sql: any SQLDatabase
    ) async throws -> [Int64: Int] {
        struct Row: Decodable {
            var day: Int64
            var count: Int64
        }
        var slice = query
        slice.range = InstantRange(lowerBound: lower, upperBound: upper)
        let statement: SQLQueryString =
            "SELECT \(unsafeRaw: TransactionTotals.daySQL) AS day, COUNT(*) AS count FROM transactions WHERE user_id = \(bind: userID)"
            + slice.conditions(on: sql) + " AND kind IS NOT NULL GROUP BY \(unsafeRaw: TransactionTotals.daySQL)"
        var counts: [Int64: Int] = [:]
        for row in try await sql.raw(statement).all(decoding: Row.self) { counts[row.day] = Int(row.count) }
        return counts
    }

    /// The query's rows from `lower` up to `upper`, counted one by one.
    private static func count(
        _ query: TransactionQuery, _ lower: Int64, _ upper: Int64, _ userID: Int64, _ sql: any SQLDatabase
    ) async throws -> Int {
        struct Row: Decodable { var count: Int64 }
        var slice = query
        slice.range = InstantRange(lowerBound: lower, upperBound: upper)
        let statement: SQLQueryString =
            "SELECT COUNT(*) AS count FROM transactions WHERE user_id = \(bind: userID)" + slice.conditions(on: sql)
        return Int(try await sql.raw(statement).first(decoding: Row.self)?.count ?? 0)
    }
}
