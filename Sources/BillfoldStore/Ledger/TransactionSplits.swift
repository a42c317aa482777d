import BillfoldCore
import SQLKit

/// Splits and groups. A split parent and a group row stay in the table, shown as what they are,
/// and leave the sums: their parts and members are what counts, so every amount is
/// counted once.
extension TransactionRepository {
    /// Splits a transaction into parts (checked by `SplitRules`); the parts' ids in order.
    public func split(_ id: Int64, into parts: [SplitPart], now: Int64) async throws -> [Int64] {
        try await atomically { repository in
            guard let parent = try await repository.find(id) else { throw BillfoldError.notFound(.transaction) }
            let booked = try SplitRules.parts(parts, of: parent)
            try Self.refuseTooEarly(booked)
            try await repository.leaveSums(parent.id, as: .split)
            let ids = try await repository.insertRows(
                booked, accountID: { _ in parent.accountID }, now: now, importID: nil)
            try await repository.sql.raw(
                """
                UPDATE transactions SET parent_id = \(bind: parent.id)
                WHERE user_id = \(bind: repository.userID) AND id IN (\(binds: ids))
                """
            ).run()
            try await repository.copyTags(from: parent.id, to: ids)
            return ids
        }
    }

    /// Takes splits back: the parts are deleted and each parent counts again (or is deleted too
    /// with `removeParents`). All of `parentIDs` must be split parents, or nothing changes.
    /// Returns the deleted ids.
    public func unsplit(_ parentIDs: [Int64], removeParents: Bool) async throws -> [Int64] {
        try await atomically { repository in
            let parents = try await repository.find(parentIDs)
            let invalid = Set(parentIDs).subtracting(parents.filter { $0.kind == .split }.map(\.id))
            guard invalid.isEmpty else {
                throw BillfoldError.validation(
                    "parent_ids",
                    Phrase("error.store.unsplitInvalidIDs", lists: ["ids": invalid.sorted().map(String.init)]))
            }
            let parts = try await repository.relatives("parent_id", of: parents.map(\.id))
            try await TransactionTotals.add(ids: parts, userID: repository.userID, sign: -1, on: repository.sql)
            var deleted = parts
            try await repository.deleteUncounted(parts)
            let ids = parents.map(\.id)
            if removeParents {
                try await repository.deleteUncounted(ids)
                deleted += ids
            } else {
                try await repository.sql.raw(
                    "UPDATE transactions SET kind = NULL WHERE user_id = \(bind: repository.userID) AND id IN (\(binds: ids))"
                ).run()
                try await TransactionTotals.add(ids: ids, userID: repository.userID, on: repository.sql)
            }
            return deleted
        }
    }

    /// Makes a group row of `memberIDs` (checked by `SplitRules.members`): its amount their sum,
    /// booked on the first member's account. The group row's id.
    public func group(_ memberIDs: [Int64], as details: NewTransaction, tagIDs: [Int64] = [], now: Int64)
        async throws -> Int64
    {
        try await atomically { repository in
            let asked = Array(Set(memberIDs))
            let members = try await repository.find(asked)
            var row = details
            row.money = try SplitRules.members(members, asked: asked.count)
            row.status = members.allSatisfy { $0.status == .cleared } ? .cleared : .uncleared
            let row0 = try row.validated()
            try Self.refuseTooEarly([row0])
            guard
                let id = try await repository.insertRows(
                    [row0], accountID: { _ in members[0].accountID }, now: now, importID: nil
                ).first
            else { throw BillfoldError(.conflict, Phrase("error.store.groupNotRecorded")) }
            try await repository.leaveSums(id, as: .group)
            try await repository.sql.raw(
                """
                UPDATE transactions SET group_id = \(bind: id), updated_at = \(bind: now)
                WHERE user_id = \(bind: repository.userID) AND id IN (\(binds: asked))
                """
            ).run()
            try await TagRepository(database: repository.database, userID: repository.userID)
                .set(tagIDs, on: id)
            return id
        }
    }

    /// Ungroups: the members stay as they are, the group row goes. The members' ids; nil when
    /// `groupID` is not one of the person's groups.
    public func ungroup(_ groupID: Int64) async throws -> [Int64]? {
        try await atomically { repository in
            guard let group = try await repository.find(groupID), group.kind == .group else { return nil }
            let members = try await repository.relatives("group_id", of: [groupID])
            try await repository.sql.raw(
                "UPDATE transactions SET group_id = NULL WHERE user_id = \(bind: repository.userID) AND group_id = \(bind: groupID)"
            ).run()
            try await repository.deleteUncounted([groupID])
            return members
        }
    }

    /// The parts of split parents and the members of groups, by parent or group id, oldest first.
    public func children(of ids: [Int64]) async throws -> [Int64: [Transaction]] {
        guard !ids.isEmpty else { return [:] }
        var found: [Int64: [Transaction]] = [:]
        for chunk in ids.chunked(500).map(Array.init) {
            let rows = try await sql.raw(
                """
                SELECT \(TransactionRow.columns) FROM transactions WHERE user_id = \(bind: userID)
                AND (parent_id IN (\(binds: chunk)) OR group_id IN (\(binds: chunk))) ORDER BY booked_at, id
                """
            ).all().map { try TransactionRow($0).transaction() }
            for row in rows { found[row.parentID ?? row.groupID ?? 0, default: []].append(row) }
        }
        return found
    }

    /// Makes an imported row a split parent or a group row, and links its parts or members
    /// (ids of rows the same import wrote), as Lunch Money had them.
    public func link(_ id: Int64, as kind: TransactionKind, children: [Int64]) async throws {
        try await atomically { repository in
            if try await repository.find(id)?.kind == nil { try await repository.leaveSums(id, as: kind) }
            let column = kind == .split ? "parent_id" : "group_id"
            try await repository.sql.raw(
                """
                UPDATE transactions SET \(ident: column) = \(bind: id)
                WHERE user_id = \(bind: repository.userID) AND id IN (\(binds: children))
                """
            ).run()
        }
    }

    /// A group row's amount is its members' sum; a group left with no members goes.
    func refreshGroupAmounts(_ groups: [Int64]) async throws {
        for chunk in groups.chunked(500).map(Array.init) {
            try await sql.raw(
                """
                UPDATE transactions SET amount_minor = COALESCE((SELECT SUM(m.amount_minor) FROM transactions m
                WHERE m.group_id = transactions.id), 0)
                WHERE user_id = \(bind: userID) AND kind = 'group' AND id IN (\(binds: chunk))
                """
            ).run()
            try await sql.raw(
                """
                DELETE FROM transactions WHERE user_id = \(bind: userID) AND kind = 'group' AND id IN (\(binds: chunk))
                AND NOT EXISTS (SELECT 1 FROM transactions m WHERE m.group_id = transactions.id)
                """
            ).run()
        }
    }

    /// Takes a counted row out of the sums and marks it a split parent or a group row.
    private func leaveSums(_ id: Int64, as kind: TransactionKind) async throws {
        try await TransactionTotals.add(ids: [id], userID: userID, sign: -1, on: sql)
        try await sql.raw(
            "UPDATE transactions SET kind = \(bind: kind.rawValue) WHERE user_id = \(bind: userID) AND id = \(bind: id)"
        ).run()
    }

    /// Deletes rows already out of the sums (parts taken out, split parents, group rows).
    private func deleteUncounted(_ ids: [Int64]) async throws {
        for chunk in ids.chunked(500).map(Array.init) {
            try await sql.raw(
                "DELETE FROM transactions WHERE user_id = \(bind: userID) AND id IN (\(binds: Array(chunk)))"
            ).run()
        }
    }

    /// Parts carry their parent's tags.
    private func copyTags(from parent: Int64, to parts: [Int64]) async throws {
        let repository = TagRepository(database: database, userID: userID)
        guard let tags = try await repository.tags(of: [parent])[parent] else { return }
        for part in parts { try await repository.set(tags.map(\.id), on: part) }
    }
}
