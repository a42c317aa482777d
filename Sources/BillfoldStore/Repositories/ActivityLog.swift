import BillfoldCore
import FluentKit
import SQLKit

/// Every clear and recategorisation of one user's transactions, wherever it was made, read from
/// the transactions' history lines (`transaction_changes`, by `transaction_changes_by_time`).
/// Lines of a transaction deleted since are gone with it.
public struct ActivityLog: Sendable {
    let sql: any SQLDatabase
    let userID: Int64

    public init(database: any Database, userID: Int64) {
        self.sql = database.sql
        self.userID = userID
    }

    /// Up to `limit` entries older than `place` (or the newest), newest first, and one more when
    /// there are more.
    public func entries(before place: ActivityEntry.Place?, limit: Int) async throws -> [ActivityEntry] {
        try await entries(olderThan(place), limit: limit)
    }

    /// The statement of a page going back (without its limit); its plan is tested.
    func olderThan(_ place: ActivityEntry.Place?) -> SQLQueryString {
        var statement = Self.head + " WHERE c.user_id = \(bind: userID) AND c.field IN ('category', 'status')"
        if let place { statement += Self.beyond(place, newer: false) }
        return statement + " ORDER BY c.changed_at DESC, c.id DESC"
    }

    /// Up to `limit` entries newer than `place`, oldest first (and one more when there are more):
    /// the way back to newer pages.
    public func entries(after place: ActivityEntry.Place, limit: Int) async throws -> [ActivityEntry] {
        let statement =
            Self.head + " WHERE c.user_id = \(bind: userID) AND c.field IN ('category', 'status')"
            + Self.beyond(place, newer: true)
        return try await entries(statement + " ORDER BY c.changed_at ASC, c.id ASC", limit: limit)
    }

    /// Whether any entry is newer (`newer`) or older than `place`.
    public func has(_ newer: Bool, than place: ActivityEntry.Place) async throws -> Bool {
        struct Row: Decodable { var id: Int64 }
        let statement: SQLQueryString =
            "SELECT c.id FROM transaction_changes c WHERE c.user_id = \(bind: userID)"
            + " AND c.field IN ('category', 'status')" + Self.beyond(place, newer: newer) + " LIMIT 1"
        return try await sql.raw(statement).first(decoding: Row.self) != nil
    }

    /// The time of each entry made from `start` to before `end`; nil when that is more than
    /// `lines` history lines (a rule run over a whole book writes one per row): count such days
    /// one by one (`count`).
    public func times(from start: Int64, to end: Int64, lines: Int) async throws -> [Int64]? {
        struct Row: Decodable, Hashable {
            var transaction_id: Int64
            var changed_at: Int64
            var source: String?
        }
        let rows = try await sql.raw(
            """
            SELECT transaction_id, changed_at, source FROM transaction_changes
            WHERE user_id = \(bind: userID) AND changed_at >= \(bind: start) AND changed_at < \(bind: end)
            AND field IN ('category', 'status') LIMIT \(literal: lines + 1)
            """
        ).all(decoding: Row.self)
        guard rows.count <= lines else { return nil }
        return Set(rows).map(\.changed_at)
    }

    /// How many entries were made from `start` to before `end`, counted up to `cap`.
    public func count(from start: Int64, to end: Int64, cap: Int) async throws -> Int {
        struct Row: Decodable { var count: Int64 }
        // An entry is at most two lines, so twice the cap's lines hold more than the cap.
        let row = try await sql.raw(
            """
            SELECT COUNT(*) AS count FROM (
              SELECT 1 AS one FROM (
                SELECT transaction_id, changed_at, source FROM transaction_changes
                WHERE user_id = \(bind: userID) AND changed_at >= \(bind: start) AND changed_at < \(bind: end)
                AND field IN ('category', 'status') LIMIT \(literal: cap * 2 + 2)
              ) lines GROUP BY transaction_id, changed_at, source
            ) entries
            """
        ).first(decoding: Row.self)
        return Int(row?.count ?? 0)
    }

    /// Lines after or before a place in the log's order (time, then line). The first bound is
    /// the index's range; the second settles the lines of the same second.
    private static func beyond(_ place: ActivityEntry.Place, newer: Bool) -> SQLQueryString {
        newer
            ? " AND c.changed_at >= \(bind: place.changedAt)"
                + " AND (c.changed_at > \(bind: place.changedAt) OR c.id > \(bind: place.line))"
            : " AND c.changed_at <= \(bind: place.changedAt)"
                + " AND (c.changed_at < \(bind: place.changedAt) OR c.id < \(bind: place.line))"
    }

    private static let head: SQLQueryString = """
        SELECT c.id AS line_id, c.transaction_id AS line_transaction, c.field AS line_field,
          c.old_value AS line_old, c.new_value AS line_new, c.changed_at AS line_at, c.source AS line_source,
          \(unsafeRaw: TransactionRow.columns(of: "t"))
        FROM transaction_changes c JOIN transactions t ON t.id = c.transaction_id AND t.user_id = c.user_id
        """

    /// Reads lines in order and joins each change's lines into one entry. An entry is at most
    /// two lines, so twice `limit` lines (and two more) hold `limit` whole entries and the start
    /// of the next: only the last may be cut short, and it is left out unless the log ends there.
    private func entries(_ statement: SQLQueryString, limit: Int) async throws -> [ActivityEntry] {
        let lineLimit = limit * 2 + 2
        let rows = try await sql.raw(statement + " LIMIT \(literal: lineLimit)").all()
        var entries: [ActivityEntry] = []
        for row in rows {
            let line = try row.decode(column: "line_id", as: Int64.self)
            let transactionID = try row.decode(column: "line_transaction", as: Int64.self)
            let at = try row.decode(column: "line_at", as: Int64.self)
            let source = try row.decode(column: "line_source", as: String?.self).flatMap(ChangeSource.init(rawValue:))
            let field = try row.decode(column: "line_field", as: String.self)
            let old = try row.decode(column: "line_old", as: String?.self)
            let new = try row.decode(column: "line_new", as: String?.self)
            if !entries.isEmpty,
                entries[entries.count - 1].take(
                    field: field, old: old, new: new, line: line, transactionID: transactionID, changedAt: at,
                    source: source)
            {
                continue
            }
            var entry = ActivityEntry(
                transactionID: transactionID, changedAt: at, line: line, source: source,
                transaction: try TransactionRow(row).transaction())
            _ = entry.take(
                field: field, old: old, new: new, line: line, transactionID: transactionID, changedAt: at,
                source: source)
            entries.append(entry)
        }
        return Array(entries.prefix(limit + 1))
    }
}
