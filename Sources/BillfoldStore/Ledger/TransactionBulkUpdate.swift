import BillfoldCore
import SQLKit

extension TransactionRepository {
    /// Rows changed per round of statements: the sums, the updates and the history lines of this
    /// many rows take a dozen statements, not a dozen each.
    static let bulkChunk = 500

    /// Many transactions changed at once (rules applied to a million rows, and their undo), each
    /// as `update` would change it, in a few statements per `bulkChunk` rows: the sums taken out
    /// and put back for the chunk, one UPDATE for the rows that get the same values, the history
    /// lines in one insert. `old` is the row the change was worked out from; a row changed since
    /// (or gone) is left as it is, and so is one whose change writes nothing. The changed rows,
    /// each with what changed.
    public func updateMany(
        _ changes: [(old: Transaction, change: TransactionChange)], at now: Int64, source: ChangeSource
    ) async throws
        -> [(Transaction, [TransactionEdit])]
    {
        try await atomically { ledger in
            var done: [(Transaction, [TransactionEdit])] = []
            for chunk in changes.chunked(Self.bulkChunk) {
                done += try await ledger.updateChunk(Array(chunk), at: now, source: source)
            }
            return done
        }
    }

    private typealias Bytes = TransactionTotals.Pending.Payee

    /// The values a change writes besides its time: rows with the same ones share one UPDATE.
    private struct Assignment: Hashable {
        var category: Int64??
        var categorySource: String??
        // Texts by their bytes (`Pending.Payee`): two spellings Swift holds equal are two values
        // to the database.
        var notes: Bytes?
        var status: String?
        var payee: Bytes?
    }

    private func updateChunk(
        _ changes: [(old: Transaction, change: TransactionChange)], at now: Int64, source: ChangeSource
    )
        async throws -> [(Transaction, [TransactionEdit])]
    {
        let current = Dictionary(
            try await find(changes.map(\.old.id)).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // Only rows as they were when the change was worked out.
        let fresh = changes.filter { current[$0.old.id] == $0.old }
        // What moves money, time or account goes the one-row way with its checks.
        var done: [(Transaction, [TransactionEdit])] = []
        for (old, change) in fresh where change.money != nil || change.bookedAt != nil || change.accountID != nil {
            if let updated = try await update(old.id, change, at: now), !updated.1.isEmpty { done.append(updated) }
        }
        let simple = fresh.filter { $0.change.money == nil && $0.change.bookedAt == nil && $0.change.accountID == nil }
        var groups: [Assignment: [Int64]] = [:]
        var changed: [(Transaction, [TransactionEdit])] = []
        for (old, change) in simple {
            let edits = TransactionEdit.edits(from: old, applying: change, at: now)
            guard !edits.isEmpty else { continue }
            let new = old.applying(change, at: now)
            let recategorised = new.categoryID != old.categoryID || new.categorySource != old.categorySource
            let key = Assignment(
                category: recategorised ? .some(new.categoryID) : nil,
                categorySource: recategorised ? .some(new.categorySource?.rawValue) : nil,
                notes: change.notes.map(Bytes.init), status: change.status?.rawValue,
                payee: change.payee.map(Bytes.init))
            groups[key, default: []].append(old.id)
            changed.append((new, edits))
        }
        guard !changed.isEmpty else {
            try await recordHistory(lines(done, source: source))
            return done
        }
        let ids = changed.map(\.0.id)
        try await TransactionTotals.add(ids: ids, userID: userID, sign: -1, on: sql)
        for (values, ids) in groups {
            var assignments: [SQLQueryString] = ["updated_at = \(bind: now)"]
            if case .some(let category) = values.category { assignments.append("category_id = \(bind: category)") }
            if case .some(let source) = values.categorySource {
                assignments.append("category_source = \(bind: source)")
            }
            if let notes = values.notes?.text { assignments.append("notes = \(bind: notes)") }
            if let status = values.status { assignments.append("status = \(bind: status)") }
            if let payee = values.payee?.text { assignments.append("payee = \(bind: payee)") }
            try await sql.raw(
                "UPDATE transactions SET " + assignments.joined(separator: ", ")
                    + " WHERE user_id = \(bind: userID) AND id IN (\(binds: ids))"
            ).run()
        }
        try await TransactionTotals.add(ids: ids, userID: userID, on: sql)
        try await recordHistory(lines(done + changed, source: source))
        return done + changed
    }

    /// The history lines of changed rows.
    private func lines(_ changed: [(Transaction, [TransactionEdit])], source: ChangeSource) -> [HistoryLine] {
        changed.flatMap { transaction, edits in edits.map { HistoryLine(transaction.id, $0, source: source.rawValue) } }
    }
}
