import BillfoldCore
import BillfoldStore
import FluentKit

/// Splits, groups and tags for one person: the web pages, the native API and `/v1` all come
/// through here, so each rule exists once.
extension TransactionService {
    private var repository: TransactionRepository { TransactionRepository(database: database, userID: user.id) }
    var tags: TagRepository { TagRepository(database: database, userID: user.id) }

    /// Splits one of the person's transactions; the parts' ids.
    func split(_ id: Int64, into parts: [SplitPart]) async throws -> [Int64] {
        for categoryID in Set(parts.compactMap(\.categoryID)) { try await checkAssignable(categoryID) }
        return try await repository.split(id, into: parts, now: clock.seconds)
    }

    func unsplit(_ parentIDs: [Int64], removeParents: Bool = false) async throws -> [Int64] {
        guard !parentIDs.isEmpty, parentIDs.count <= Self.maxDelete else {
            throw BillfoldError.validation(
                "parent_ids", Phrase("error.service.transactions.deleteIDCount", ["max": String(Self.maxDelete)]))
        }
        return try await repository.unsplit(parentIDs, removeParents: removeParents)
    }

    /// Groups two or more of the person's transactions under one row; its id.
    func group(_ memberIDs: [Int64], as row: NewTransaction, tagIDs: [Int64] = []) async throws -> Int64 {
        guard memberIDs.count <= Self.maxDelete else {
            throw BillfoldError.validation(
                "transactions", Phrase("error.service.transactions.groupTooLarge", ["max": String(Self.maxDelete)]))
        }
        if let categoryID = row.categoryID { try await checkAssignable(categoryID) }
        return try await repository.group(memberIDs, as: row, tagIDs: tagIDs, now: clock.seconds)
    }

    /// Ungroups; the members' ids.
    func ungroup(_ groupID: Int64) async throws -> [Int64] {
        guard let members = try await repository.ungroup(groupID) else {
            throw BillfoldError.notFound(.transactionGroup)
        }
        return members
    }

    /// The parts and members of the split parents and group rows among `rows`, by their id.
    func children(of rows: [Transaction]) async throws -> [Int64: [Transaction]] {
        try await repository.children(of: rows.filter { $0.kind != nil }.map(\.id))
    }

    /// Gives a transaction exactly these tags.
    func setTags(_ tagIDs: [Int64], on id: Int64) async throws {
        _ = try await get(id)
        try await tags.set(tagIDs, on: id)
    }
}
