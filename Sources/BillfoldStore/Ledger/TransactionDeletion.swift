import BillfoldCore
import Foundation
import SQLKit

/// Deleting transactions, and undoing it for a while. A delete takes the rows out of the
/// sums and out of the table (their history and review lines with them) and keeps a copy
/// of all of it in `deletions`; undo puts back every row whose id, external id and import key are
/// still free, with its history, into the sums again.
extension TransactionRepository {
    /// How long a delete can be undone.
    public static let undoSeconds: Int64 = 86_400

    /// A deleted transaction as kept for undo: every column, its history, and the review
    /// decisions taken on it (the activity log and the review awards count them).
    struct Kept: Codable {
        var row: TransactionRow
        var importKey: String?
        var history: [KeptEdit]?
        var decisions: [KeptDecision]?
    }

    struct KeptDecision: Codable {
        var id: Int64
        var transaction_id: Int64
        var batch_id: Int64
        var action: String
        var old_category_id: Int64?
        var new_category_id: Int64?
        var decided_at: Int64
    }

    /// A history line kept with a deleted transaction (without a source when kept before
    /// sources were).
    typealias KeptEdit = HistoryLine

    /// Deletes those of `ids` the user has; the delete's id for undo, nil when none was theirs.
    public func delete(_ ids: [Int64], now: Int64) async throws -> (deletion: Int64, count: Int)? {
        try await atomically { repository in try await repository.deleteRows(Array(Set(ids)), now: now) }
    }

    private func deleteRows(_ asked: [Int64], now: Int64) async throws -> (deletion: Int64, count: Int)? {
        // A transfer is one thing: deleting either side deletes both.
        var ids = Set(asked)
        struct Partner: Decodable { var transfer_id: Int64 }
        for chunk in asked.chunked(500) {
            ids.formUnion(
                try await sql.raw(
                    """
                    SELECT transfer_id FROM transactions WHERE user_id = \(bind: userID)
                    AND id IN (\(binds: Array(chunk))) AND transfer_id IS NOT NULL
                    """
                ).all(decoding: Partner.self).map(\.transfer_id))
        }
        ids = try await withSplitsAndEmptiedGroups(ids)
        var kept: [Kept] = []
        for chunk in Array(ids).chunked(500) {
            kept += try await sql.raw(
                """
                SELECT \(TransactionRow.columns), import_key FROM transactions
                WHERE user_id = \(bind: userID) AND id IN (\(binds: Array(chunk)))
                """
            ).all().map { Kept(row: try TransactionRow($0), importKey: try $0.decode(column: "import_key")) }
        }
        guard !kept.isEmpty else { return nil }
        let found = kept.map(\.row.id)
        var history: [Int64: [KeptEdit]] = [:]
        for chunk in found.chunked(500) {
            let edits = try await sql.raw(
                """
                SELECT transaction_id, field, old_value, new_value, changed_at, source FROM transaction_changes
                WHERE user_id = \(bind: userID) AND transaction_id IN (\(binds: Array(chunk))) ORDER BY id
                """
            ).all(decoding: KeptEdit.self)
            for edit in edits { history[edit.transaction_id, default: []].append(edit) }
        }
        var decisions: [Int64: [KeptDecision]] = [:]
        for chunk in found.chunked(500) {
            let taken = try await sql.raw(
                """
                SELECT id, transaction_id, batch_id, action, old_category_id, new_category_id, decided_at
                FROM review_decisions WHERE user_id = \(bind: userID) AND transaction_id IN (\(binds: Array(chunk)))
                """
            ).all(decoding: KeptDecision.self)
            for decision in taken { decisions[decision.transaction_id, default: []].append(decision) }
        }
        for index in kept.indices {
            kept[index].history = history[kept[index].row.id]
            kept[index].decisions = decisions[kept[index].row.id]
        }
        let groups = Set(kept.compactMap(\.row.group_id))
        for chunk in found.chunked(500) {
            try await TransactionTotals.add(ids: Array(chunk), userID: userID, sign: -1, on: sql)
            // A group row deleted on its own leaves its members as ordinary transactions.
            try await sql.raw(
                """
                UPDATE transactions SET group_id = NULL WHERE user_id = \(bind: userID)
                AND group_id IN (\(binds: Array(chunk)))
                """
            ).run()
            try await sql.raw(
                "DELETE FROM transactions WHERE user_id = \(bind: userID) AND id IN (\(binds: Array(chunk)))"
            ).run()
        }
        try await refreshGroupAmounts(Array(groups))
        // Old deletes can no longer be undone.
        try await sql.raw(
            "DELETE FROM deletions WHERE user_id = \(bind: userID) AND deleted_at < \(bind: now - Self.undoSeconds)"
        ).run()
        let snapshot = String(decoding: try JSONEncoder().encode(kept), as: UTF8.self)
        struct Row: Decodable { var id: Int64 }
        let row = try await sql.insert(into: "deletions")
            .columns("user_id", "deleted_at", "count", "snapshot")
            .values(SQLBind(userID), SQLBind(now), SQLBind(kept.count), SQLBind(snapshot))
            .returning("id").first(decoding: Row.self)
        guard let row else { throw BillfoldError(.internalError, Phrase("error.store.deleteNotRecorded")) }
        return (row.id, kept.count)
    }

    /// How many transactions a delete took, while it can still be undone; nil otherwise.
    public func deletionCount(_ id: Int64, now: Int64) async throws -> Int? {
        struct Row: Decodable { var count: Int64 }
        return try await sql.raw(
            """
            SELECT count FROM deletions WHERE id = \(bind: id) AND user_id = \(bind: userID)
            AND deleted_at >= \(bind: now - Self.undoSeconds)
            """
        ).first(decoding: Row.self).map { Int($0.count) }
    }

    /// Puts back what a delete took: the ids restored, nil when the delete is not the user's or
    /// too old. A row whose id or keys were taken since stays deleted; a category deleted since
    /// leaves it uncategorised.
    public func restore(_ deletion: Int64, now: Int64) async throws -> [Int64]? {
        try await atomically { repository in try await repository.restoreRows(deletion, now: now) }
    }

    private func restoreRows(_ deletion: Int64, now: Int64) async throws -> [Int64]? {
        struct Row: Decodable { var snapshot: String }
        // Taken out first: of two undos at once, the second finds nothing.
        let taken = try await sql.raw(
            """
            DELETE FROM deletions WHERE id = \(bind: deletion) AND user_id = \(bind: userID)
            AND deleted_at >= \(bind: now - Self.undoSeconds) RETURNING snapshot
            """
        ).first(decoding: Row.self)
        guard let taken else { return nil }
        let kept = try JSONDecoder().decode([Kept].self, from: Data(taken.snapshot.utf8))
        struct ID: Decodable { var id: Int64 }
        let categories = Set(
            try await sql.raw("SELECT id FROM categories WHERE user_id = \(bind: userID)").all(decoding: ID.self)
                .map(\.id))
        // A row of an import undone since comes back as the person's own: the undone import keeps
        // no rows (its key stays, so the same file brought in again does not add it twice).
        let liveImports =
            kept.contains { $0.row.import_id != nil }
            ? Set(
                try await sql.raw("SELECT id FROM imports WHERE user_id = \(bind: userID) AND undone_at IS NULL")
                    .all(decoding: ID.self).map(\.id)) : []
        var restored: [Int64] = []
        for kept in kept {
            var row = kept.row
            // A category deleted since leaves it uncategorised.
            if let category = row.category_id, !categories.contains(category) {
                row.category_id = nil
                row.category_source = nil
            }
            // Kept before categories kept who set them: as M032 judged the rows it found.
            if row.category_id != nil, row.category_source == nil {
                row.category_source = row.sourceBeforeM032?.rawValue
            }
            if let importID = row.import_id, !liveImports.contains(importID) { row.import_id = nil }
            let columns = LedgerColumn.restored
            let inserted = try await sql.insert(into: "transactions").columns(columns.map(\.rawValue))
                .values(columns.map { row.value($0, userID: userID, importKey: kept.importKey) })
                .ignoringConflicts().returning("id").first(decoding: ID.self)
            guard inserted != nil else { continue }
            restored.append(row.id)
            try await recordHistory(kept.history ?? [])
            try await restoreDecisions(kept.decisions ?? [])
        }
        // A transfer whose other side could not come back is an ordinary transaction again.
        for chunk in restored.chunked(500) {
            try await sql.raw(
                """
                UPDATE transactions SET transfer_id = NULL WHERE user_id = \(bind: userID)
                AND id IN (\(binds: Array(chunk))) AND transfer_id IS NOT NULL
                AND transfer_id NOT IN (SELECT id FROM transactions WHERE user_id = \(bind: userID))
                """
            ).run()
        }
        try await TransactionTotals.add(ids: restored, userID: userID, on: sql)
        try await reattachSplitsAndGroups(restored, kept: kept)
        return restored
    }

    /// The ids to delete with the asked ones: a split is one thing (its parent and every part go
    /// together, as a transfer's sides do), and a group whose every member goes goes with them.
    private func withSplitsAndEmptiedGroups(_ asked: Set<Int64>) async throws -> Set<Int64> {
        struct Link: Decodable {
            var id: Int64
            var kind: String?
            var parent_id: Int64?
            var group_id: Int64?
        }
        var ids = asked
        var links: [Link] = []
        for chunk in Array(asked).chunked(500) {
            links += try await sql.raw(
                """
                SELECT id, kind, parent_id, group_id FROM transactions WHERE user_id = \(bind: userID)
                AND id IN (\(binds: Array(chunk))) AND (kind = 'split' OR parent_id IS NOT NULL OR group_id IS NOT NULL)
                """
            ).all(decoding: Link.self)
        }
        let parents = Set(links.compactMap { $0.kind == "split" ? $0.id : $0.parent_id })
        for chunk in Array(parents).chunked(500) {
            ids.formUnion(try await relatives("parent_id", of: Array(chunk)) + chunk)
        }
        for group in Set(links.compactMap(\.group_id))
        where try await relatives("group_id", of: [group]).allSatisfy(ids.contains) {
            ids.insert(group)
        }
        return ids
    }

    /// The ids of the transactions whose `column` (parent_id or group_id) is one of `ids`, in id
    /// order (answers list them, and PostgreSQL keeps no order of its own after an update).
    func relatives(_ column: String, of ids: [Int64]) async throws -> [Int64] {
        struct Row: Decodable { var id: Int64 }
        return try await sql.raw(
            """
            SELECT id FROM transactions WHERE user_id = \(bind: userID) AND \(ident: column) IN (\(binds: ids))
            ORDER BY id
            """
        ).all(decoding: Row.self).map(\.id)
    }

    /// After an undo: a part whose parent did not come back, or a member whose group did not, is
    /// an ordinary transaction again; a group row without members is dropped; groups' amounts follow.
    private func reattachSplitsAndGroups(_ restored: [Int64], kept: [Kept]) async throws {
        let touched = kept.filter { $0.row.kind != nil || $0.row.parent_id != nil || $0.row.group_id != nil }
        guard !touched.isEmpty else { return }
        // Only rows that came back can name one that did not.
        let linked = touched.map(\.row.id).filter(Set(restored).contains)
        for column in ["parent_id", "group_id"] {
            for chunk in linked.chunked(500) {
                try await sql.raw(
                    """
                    UPDATE transactions SET \(ident: column) = NULL WHERE user_id = \(bind: userID)
                    AND id IN (\(binds: Array(chunk))) AND \(ident: column) IS NOT NULL AND NOT EXISTS
                    (SELECT 1 FROM transactions p WHERE p.id = transactions.\(ident: column))
                    """
                ).run()
            }
        }
        let groups = Set(touched.compactMap { $0.row.kind == "group" ? $0.row.id : $0.row.group_id })
        try await refreshGroupAmounts(Array(groups))
    }

    /// Puts review decisions back under their own ids, so the activity log keeps its order.
    private func restoreDecisions(_ decisions: [KeptDecision]) async throws {
        guard !decisions.isEmpty else { return }
        var insert = sql.insert(into: "review_decisions").columns(
            "id", "user_id", "transaction_id", "batch_id", "action", "old_category_id", "new_category_id", "decided_at")
        for d in decisions {
            insert = insert.values(
                SQLBind(d.id), SQLBind(userID), SQLBind(d.transaction_id), SQLBind(d.batch_id), SQLBind(d.action),
                SQLBind(d.old_category_id), SQLBind(d.new_category_id), SQLBind(d.decided_at))
        }
        try await insert.ignoringConflicts().run()
    }
}
