import BillfoldCore
import FluentKit
import Foundation
import SQLKit

/// One user's review deck data: uncleared transactions by month, batches and their keys, and the
/// activity log. Every statement carries `user_id`.
public struct ReviewRepository: Sendable {
    let database: any Database
    let sql: any SQLDatabase
    let userID: Int64

    public init(database: any Database, userID: Int64) {
        self.database = database
        self.sql = database.sql
        self.userID = userID
    }

    /// The oldest uncleared transactions in the range, oldest first.
    public func uncleared(in range: InstantRange, limit: Int) async throws -> [Transaction] {
        var query = TransactionQuery(status: .uncleared, range: range)
        query.countedOnly = true
        return try await TransactionRepository(database: database, userID: userID).ascending(query, limit: limit)
    }

    /// How many uncleared transactions the range holds, from the per-day sums.
    public func unclearedCount(in range: InstantRange) async throws -> Int {
        let totals = try await TransactionTotals.read(
            TransactionQuery(status: .uncleared, range: range), userID: userID, on: sql)
        return totals.reduce(0) { $0 + $1.count }
    }

    /// How many uncleared transactions each month holds, as months fall in `zone`, newest first;
    /// months with none are left out. Whole UTC days are read from the per-day sums; the days a
    /// month begins inside (in any zone but UTC) are split by reading their rows.
    public func unclearedMonths(in zone: TimeZone) async throws -> [(month: Month, count: Int)] {
        struct DayCount: Decodable { var day: Int64, count: Int64 }
        let days = try await sql.raw(
            """
            SELECT day, CAST(SUM(count) AS BIGINT) AS count FROM transaction_totals
            WHERE user_id = \(bind: userID) AND category_key >= 0
            AND status = \(bind: TransactionStatus.uncleared.rawValue)
            GROUP BY day HAVING SUM(count) > 0
            """
        ).all(decoding: DayCount.self)
        func month(_ epochSeconds: Int64) -> Month {
            Month(Date(timeIntervalSince1970: TimeInterval(epochSeconds)), in: zone)
        }
        var counts: [Month: Int] = [:]
        var split: [Int64] = []
        for entry in days {
            let start = TransactionTotals.start(ofDay: entry.day)
            let first = month(start)
            if first == month(start + 86_399) {
                counts[first, default: 0] += Int(entry.count)
            } else {
                split.append(start)
            }
        }
        // A hundred days per statement keeps its binds well under every database's limit.
        var rest = split[...]
        while !rest.isEmpty {
            for bookedAt in try await unclearedTimes(inDaysStarting: Array(rest.prefix(100))) {
                counts[month(bookedAt), default: 0] += 1
            }
            rest = rest.dropFirst(100)
        }
        return counts.sorted { $0.key > $1.key }.map { ($0.key, $0.value) }
    }

    /// The booking times of the uncleared transactions of some whole UTC days (by their starts).
    private func unclearedTimes(inDaysStarting starts: [Int64]) async throws -> [Int64] {
        struct Row: Decodable { var booked_at: Int64 }
        var statement: SQLQueryString = """
            SELECT booked_at FROM transactions WHERE user_id = \(bind: userID)
            AND status = \(bind: TransactionStatus.uncleared.rawValue) AND transfer_id IS NULL AND kind IS NULL AND (
            """
        for (index, start) in starts.enumerated() {
            statement += index == 0 ? "" : " OR "
            statement += "(booked_at >= \(bind: start) AND booked_at < \(bind: start + 86_400))"
        }
        statement += ")"
        return try await sql.raw(statement).all(decoding: Row.self).map(\.booked_at)
    }

    /// The booking time of the oldest uncleared transaction in the range, if any.
    public func oldestUncleared(in range: InstantRange) async throws -> Int64? {
        struct Row: Decodable { var oldest: Int64? }
        var statement: SQLQueryString = """
            SELECT MIN(booked_at) AS oldest FROM transactions
            WHERE user_id = \(bind: userID) AND status = \(bind: TransactionStatus.uncleared.rawValue)
            AND kind IS NULL
            """
        statement += TransactionQuery(range: range).conditions(on: sql)
        return try await sql.raw(statement).first(decoding: Row.self)?.oldest
    }

    /// What a batch's key says: new work, the first answer again, or a conflict.
    public enum Claim: Sendable, Equatable {
        case new(batchID: Int64)
        case replay(response: String)
        /// The key was used for a different request.
        case mismatch
        /// The first request with this key is still being applied.
        case inProgress
    }

    /// Records the key before any work, so two requests with one key cannot both apply.
    /// How long a claim holds its key without an answer. A batch of 100 decisions takes well under
    /// a second; past this, the claimant is taken to have died and a retry may take the key over.
    public static let leaseSeconds: Int64 = 120

    public func claim(key: String, requestHash: String, now: Int64) async throws -> Claim {
        struct Claimed: Decodable { var id: Int64 }
        let lease = now + Self.leaseSeconds
        let inserted = try await sql.insert(into: "review_batches")
            .columns("user_id", "idempotency_key", "request_hash", "created_at", "lease_until")
            .values(SQLBind(userID), SQLBind(key), SQLBind(requestHash), SQLBind(now), SQLBind(lease))
            .ignoringConflicts(with: ["user_id", "idempotency_key"])
            .returning("id").first(decoding: Claimed.self)
        if let inserted { return .new(batchID: inserted.id) }
        struct Existing: Decodable {
            var request_hash: String
            var response: String?
        }
        let existing = try await sql.raw(
            """
            SELECT request_hash, response FROM review_batches
            WHERE user_id = \(bind: userID) AND idempotency_key = \(bind: key)
            """
        ).first(decoding: Existing.self)
        guard let existing else { return .inProgress }
        guard existing.request_hash == requestHash else { return .mismatch }
        if let response = existing.response { return .replay(response: response) }
        // Unanswered: still being applied, unless its lease ran out. Taking it over is a
        // compare-and-set, so of two retries only one gets it; decisions the dead claimant
        // already applied come out "unchanged" the second time.
        let taken = try await sql.raw(
            """
            UPDATE review_batches SET lease_until = \(bind: lease)
            WHERE user_id = \(bind: userID) AND idempotency_key = \(bind: key) AND response IS NULL
              AND (lease_until IS NULL OR lease_until < \(bind: now))
            RETURNING id
            """
        ).first(decoding: Claimed.self)
        return taken.map { .new(batchID: $0.id) } ?? .inProgress
    }

    /// Stores the answer a batch gave, for replays.
    public func complete(batchID: Int64, response: String) async throws {
        try await sql.raw(
            "UPDATE review_batches SET response = \(bind: response) WHERE id = \(bind: batchID) AND user_id = \(bind: userID)"
        ).run()
    }

    public func record(_ entry: ReviewActivity) async throws {
        try await sql.insert(into: "review_decisions")
            .columns(
                "user_id", "transaction_id", "batch_id", "action", "old_category_id", "new_category_id", "decided_at"
            )
            .values(
                SQLBind(userID), SQLBind(entry.transactionID), SQLBind(entry.batchID), SQLBind(entry.action.rawValue),
                SQLBind(entry.oldCategoryID), SQLBind(entry.newCategoryID), SQLBind(entry.decidedAt)
            ).run()
    }

    /// The review deck's decisions (`GET /api/v1/activity`), newest first, each with its
    /// transaction as it is now; `before` is the id of the last entry of the previous page.
    public func activity(before: Int64?, limit: Int) async throws -> [ReviewActivity] {
        var statement: SQLQueryString = Self.activityHead + " WHERE d.user_id = \(bind: userID)"
        if let before { statement += " AND d.id < \(bind: before)" }
        statement += " ORDER BY d.id DESC LIMIT \(literal: limit)"
        return try await activity(statement)
    }

    private static let activityHead: SQLQueryString = """
        SELECT d.id AS decision_id, d.transaction_id, d.batch_id, d.action, d.old_category_id,
          d.new_category_id, d.decided_at, \(unsafeRaw: prefixed)
        FROM review_decisions d JOIN transactions t ON t.id = d.transaction_id AND t.user_id = d.user_id
        """

    private func activity(_ statement: SQLQueryString) async throws -> [ReviewActivity] {
        try await sql.raw(statement).all().map { row in
            ReviewActivity(
                id: try row.decode(column: "decision_id", as: Int64.self),
                transactionID: try row.decode(column: "transaction_id", as: Int64.self),
                batchID: try row.decode(column: "batch_id", as: Int64.self),
                // Only Billfold writes this column, with one of these names.
                action: ReviewActionKind(rawValue: try row.decode(column: "action", as: String.self)) ?? .clear,
                oldCategoryID: try row.decode(column: "old_category_id", as: Int64?.self),
                newCategoryID: try row.decode(column: "new_category_id", as: Int64?.self),
                decidedAt: try row.decode(column: "decided_at", as: Int64.self),
                transaction: try TransactionRow(row).transaction())
        }
    }

    /// The transaction's columns under their own names; `id` is the transaction's.
    private static let prefixed = TransactionRow.columns(of: "t")
}
