import BillfoldCore
import FluentKit
import Foundation
import SQLKit

/// Rules applied to a person's existing transactions: each run and what it changed on each
/// transaction (before and after), so the whole run can be undone at once.
public struct RuleRunRepository: Sendable {
    let sql: any SQLDatabase
    let userID: Int64

    public init(database: any Database, userID: Int64) {
        self.sql = database.sql
        self.userID = userID
    }

    public struct Run: Sendable, Hashable {
        public var id: Int64
        public var changed: Int
        public var createdAt: Int64
        public var undoneAt: Int64?
    }

    public struct Line: Sendable, Hashable {
        public var transactionID: Int64
        public var before: RuleOutcome
        public var after: RuleOutcome

        public init(transactionID: Int64, before: RuleOutcome, after: RuleOutcome) {
            self.transactionID = transactionID
            self.before = before
            self.after = after
        }
    }

    /// Records a run and its lines; its id.
    public func record(_ lines: [Line], now: Int64) async throws -> Int64 {
        struct Made: Decodable { var id: Int64 }
        guard
            let run = try await sql.raw(
                """
                INSERT INTO rule_runs (user_id, changed, created_at) VALUES
                (\(bind: userID), \(bind: Int64(lines.count)), \(bind: now)) RETURNING id
                """
            ).first(decoding: Made.self)
        else { throw BillfoldError(.internalError, Phrase("error.store.ruleNotMade")) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for chunk in lines.chunked(500) {
            var insert = sql.insert(into: "rule_run_rows").columns("run_id", "transaction_id", "before", "after")
            for line in chunk {
                insert = insert.values(
                    SQLBind(run.id), SQLBind(line.transactionID),
                    SQLBind(String(decoding: try encoder.encode(line.before), as: UTF8.self)),
                    SQLBind(String(decoding: try encoder.encode(line.after), as: UTF8.self)))
            }
            try await insert.run()
        }
        return run.id
    }

    struct RunRow: Decodable {
        var id: Int64
        var changed: Int64
        var created_at: Int64
        var undone_at: Int64?
        var run: Run { Run(id: id, changed: Int(changed), createdAt: created_at, undoneAt: undone_at) }
    }

    public func find(_ id: Int64) async throws -> Run? {
        try await sql.raw(
            """
            SELECT id, changed, created_at, undone_at FROM rule_runs
            WHERE user_id = \(bind: userID) AND id = \(bind: id)
            """
        ).first(decoding: RunRow.self)?.run
    }

    /// The person's runs, newest first.
    public func recent(limit: Int) async throws -> [Run] {
        try await sql.raw(
            """
            SELECT id, changed, created_at, undone_at FROM rule_runs WHERE user_id = \(bind: userID)
            ORDER BY id DESC LIMIT \(bind: Int64(limit))
            """
        ).all(decoding: RunRow.self).map(\.run)
    }

    /// The lines of a run of the person's (its transactions still there).
    public func lines(of runID: Int64) async throws -> [Line] {
        struct Row: Decodable {
            var transaction_id: Int64
            var before: String
            var after: String
        }
        let decoder = JSONDecoder()
        return try await sql.raw(
            """
            SELECT r.transaction_id, r.before, r.after FROM rule_run_rows r JOIN rule_runs u ON u.id = r.run_id
            WHERE u.user_id = \(bind: userID) AND r.run_id = \(bind: runID) ORDER BY r.transaction_id
            """
        ).all(decoding: Row.self).map {
            Line(
                transactionID: $0.transaction_id,
                before: try decoder.decode(RuleOutcome.self, from: Data($0.before.utf8)),
                after: try decoder.decode(RuleOutcome.self, from: Data($0.after.utf8)))
        }
    }

    /// Marks a run undone; false when it already was (two undos at once: one wins) or is not the
    /// person's.
    public func markUndone(_ runID: Int64, now: Int64) async throws -> Bool {
        struct ID: Decodable { var id: Int64 }
        return try await sql.raw(
            """
            UPDATE rule_runs SET undone_at = \(bind: now)
            WHERE user_id = \(bind: userID) AND id = \(bind: runID) AND undone_at IS NULL RETURNING id
            """
        ).first(decoding: ID.self) != nil
    }
}
