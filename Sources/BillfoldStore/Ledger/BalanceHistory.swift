import BillfoldCore
import SQLKit

/// What every account held at given instants (each month's end, for net worth), per currency and
/// without its opening balance: the whole UTC days before an instant come from the sums (by
/// month, and the days around the months), the day an instant falls in from its rows up to the
/// instant. Transfers count, as they do in a balance; split parents and group rows do
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
    }

    /// Each account's sums before each of `instants` (ascending), only `accountID`'s when given.
    public func sums(before instants: [Int64], accountID: Int64? = nil) async throws -> [[Line]] {
        guard !instants.isEmpty else { return [] }
        var query = TransactionQuery.everything
        query.accountID = accountID
        let days = instants.map(TransactionTotals.day)
        // Slot 0 is every whole day before the first instant's day (day 0 is 1900-01-01, before
        // any booking), slot i the days from instant i - 1's day up to instant i's: each as months
        // and the days added to them or taken away (`MonthCut`), two statements for them all.
        var months: [TransactionTotals.Span] = []
        var wholeDays: [TransactionTotals.Span] = []
        for (slot, end) in days.enumerated() {
            let cut = MonthCut(days: slot == 0 ? 0 : days[slot - 1], end)
            if !cut.months.isEmpty {
                months.append(.init(slot: slot, first: cut.months.lowerBound, end: cut.months.upperBound))
            }
            wholeDays += cut.days.map { .init(slot: slot, first: $0.first, end: $0.end, sign: $0.sign) }
        }
        let between =
            try await TransactionTotals.spanSums(
                query, months, in: .months, by: "account_id", transfers: true, userID: userID, on: sql)
            + TransactionTotals.spanSums(
                query, wholeDays, in: .days, by: "account_id", transfers: true, userID: userID, on: sql)
        var bySlot = Array(repeating: [Row](), count: instants.count)
        for row in between where bySlot.indices.contains(Int(row.slot)) {
            bySlot[Int(row.slot)].append(Row(account_id: row.key, currency: row.currency, total: row.total))
        }
        var running: [Key: Int64] = [:]
        var result: [[Line]] = []
        for (slot, (instant, day)) in zip(instants, days).enumerated() {
            precondition(slot == 0 || day >= days[slot - 1], "instants ascend")
            try add(bySlot[slot], to: &running)
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

    /// When each of the person's accounts was first booked to (transfers included; not a split
    /// parent or group row, as the balances count them), by account: its first row in time,
    /// through the account's own index (`transactions_by_account`), a lookup per account.
    public func firstBookings() async throws -> [Int64: Int64] {
        struct First: Decodable {
            var account_id: Int64
            var booked_at: Int64?
        }
        let firsts = try await sql.raw(
            """
            SELECT a.id AS account_id, (SELECT t.booked_at FROM transactions t
              WHERE t.account_id = a.id AND t.kind IS NULL ORDER BY t.booked_at LIMIT 1) AS booked_at
            FROM accounts a WHERE a.user_id = \(bind: userID)
            """
        ).all(decoding: First.self)
        return Dictionary(firsts.compactMap { first in first.booked_at.map { (first.account_id, $0) } }) { min($0, $1) }
    }

    private func add(_ rows: [Row], to sums: inout [Key: Int64]) throws {
        for row in rows {
            let key = Key(account: row.account_id, currency: row.currency)
            let (sum, overflow) = sums[key, default: 0].addingReportingOverflow(row.total)
            if overflow { throw CurrencyVolumes.overflowError }
            sums[key] = sum
        }
    }

    /// The rows booked from `lower` up to `upper`, per account and currency.
    private func scan(_ query: TransactionQuery, from lower: Int64, to upper: Int64) async throws -> [Row] {
        var slice = query
        slice.range = InstantRange(lowerBound: lower, upperBound: upper)
        let statement: SQLQueryString =
            """
            SELECT account_id, currency, CAST(SUM(amount_minor) AS BIGINT) AS total
            FROM transactions WHERE user_id = \(bind: userID) AND kind IS NULL
            """ + slice.conditions(on: sql) + " GROUP BY account_id, currency"
        return try await sql.raw(statement).all(decoding: Row.self)
    }
}
