import BillfoldCore
import SQLKit

/// What every account held at given instants (each month's end, for net worth), per currency and
/// without its opening balance: the whole UTC days before an instant come from the sums (the
/// blocks before the first instant, then day by day), the day an instant falls in from its rows up
/// to the instant. Transfers count, as they do in a balance; split parents and group rows do
/// not (their parts and members do), as in the accounts' balances.
public struct BalanceHistory: Sendable {
    let sql: any SQLDatabase
    let userID: Int64

    public init(database: any SQLDatabase, userID: Int64) {
        self.sql = database
        self.userID = userID
    }

    /// One account's sum in one currency.
    public struct Line: Sendable, Equatable {
        public var accountID: Int64
        public var money: Money
    }

    private struct Key: Hashable {
        var account: Int64
        var currency: String
    }

    private struct Row: Decodable {
        var account_id: Int64
        var currency: String
        var total: Int64
        var day: Int64
    }

    /// Each account's sums before each of `instants` (ascending), only `accountID`'s when given.
    public func sums(before instants: [Int64], accountID: Int64? = nil) async throws -> [[Line]] {
        guard let first = instants.first else { return [] }
        var query = TransactionQuery.everything
        query.accountID = accountID
        let days = instants.map(TransactionTotals.day)
        let firstBlock = TransactionTotals.floorDivision(days[0], TransactionTotals.blockDays)
        // Before the first instant's day: the whole blocks, then the days after them.
        var rows = try await piece(query, in: "transaction_totals_by_block", by: "block", nil, firstBlock)
        rows += try await piece(
            query, in: "transaction_totals", by: "day", firstBlock * TransactionTotals.blockDays, days[0])
        var running: [Key: Int64] = [:]
        try add(rows, to: &running)
        // The days between the first instant's day and the last's, in order.
        var daily = try await piece(
            query, in: "transaction_totals", by: "day", days[0], days[days.count - 1], byDay: true
        )
        .sorted { $0.day < $1.day }[...]
        var result: [[Line]] = []
        for (instant, day) in zip(instants, days) {
            precondition(instant >= first, "instants ascend")
            var whole: [Row] = []
            while let next = daily.first, next.day < day {
                whole.append(next)
                daily = daily.dropFirst()
            }
            try add(whole, to: &running)
            var here = running
            let dayStart = TransactionTotals.start(ofDay: day)
            if dayStart < instant {
                try add(try await scan(query, from: dayStart, to: instant), to: &here)
            }
            result.append(
                here.filter { $0.value != 0 }.map { key, total in
                    Line(
                        accountID: key.account,
                        money: Money(minorUnits: total, currency: Currency(stored: key.currency)))
                })
        }
        return result
    }

    /// Where each account's first booking's UTC day starts (transfers included), by account.
    public func firstBookings() async throws -> [Int64: Int64] {
        struct First: Decodable {
            var account_id: Int64
            var day: Int64
        }
        let firsts = try await sql.raw(
            """
            SELECT account_id, MIN(day) AS day FROM transaction_totals WHERE user_id = \(bind: userID) AND count > 0
            GROUP BY account_id
            """
        ).all(decoding: First.self)
        return Dictionary(firsts.map { ($0.account_id, TransactionTotals.start(ofDay: $0.day)) }) { min($0, $1) }
    }

    private func add(_ rows: [Row], to sums: inout [Key: Int64]) throws {
        for row in rows {
            let key = Key(account: row.account_id, currency: row.currency)
            let (sum, overflow) = sums[key, default: 0].addingReportingOverflow(row.total)
            if overflow { throw CurrencyVolumes.overflowError }
            sums[key] = sum
        }
    }

    /// One sums table's rows from `first` up to `end` of its unit, per account and currency (and
    /// per day when `byDay`), transfers included.
    private func piece(
        _ query: TransactionQuery, in table: String, by unit: String, _ first: Int64?, _ end: Int64?,
        byDay: Bool = false
    ) async throws -> [Row] {
        if let first, let end, first >= end { return [] }
        let statement = TransactionTotals.piece(
            select: """
                account_id, currency, CAST(SUM(total_minor) AS BIGINT) AS total,
                  \(byDay ? "day" : "CAST(0 AS BIGINT)") AS day
                """,
            of: query, in: table, by: unit, first, end, userID: userID,
            groupBy: byDay ? "account_id, currency, day" : "account_id, currency", transfers: true)
        return try await sql.raw(statement).all(decoding: Row.self)
    }

    /// The rows booked from `lower` up to `upper`, per account and currency.
    private func scan(_ query: TransactionQuery, from lower: Int64, to upper: Int64) async throws -> [Row] {
        var slice = query
        slice.range = InstantRange(lowerBound: lower, upperBound: upper)
        let statement: SQLQueryString =
            """
            SELECT account_id, currency, CAST(SUM(amount_minor) AS BIGINT) AS total, CAST(0 AS BIGINT) AS day
            FROM transactions WHERE user_id = \(bind: userID) AND kind IS NULL
            """ + slice.conditions(on: sql) + " GROUP BY account_id, currency"
        return try await sql.raw(statement).all(decoding: Row.self)
    }
}
