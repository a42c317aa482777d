import BillfoldCore
import BillfoldStore
import FluentKit

/// One change to one transaction and what follows from it, in one database transaction: the
/// ledger changes the row and its sums; here each changed field gets its history line with where
/// the change was made (`ChangeSource`), and a change to a row from a connected Lunch Money goes
/// to the outbox unless it is Lunch Money's own.
/// The store stores; these decisions are made here, once, for every way a change comes in.
struct TransactionEditor: Sendable {
    let database: any Database
    let userID: Int64
    /// When the change is made (its history lines and the outbox say so).
    let clock: WallClock

    /// The transaction after the change; nil when the user has no such transaction.
    func apply(_ id: Int64, _ change: TransactionChange, from source: ChangeSource) async throws
        -> Transaction?
    {
        let change = Self.stated(change, by: source)
        let now = clock.seconds
        let userID = userID
        let work: @Sendable (any Database) async throws -> Transaction? = { db in
            let transactions = TransactionRepository(database: db, userID: userID)
            guard let (updated, edits) = try await transactions.update(id, change, at: now) else { return nil }
            try await transactions.recordHistory(of: id, edits, source: source)
            try await Self.send(updated, edits, from: source, at: now, on: db, userID: userID)
            return updated
        }
        return database.inTransaction ? try await work(database) : try await database.transaction(work)
    }

    /// Many changes at once (rules applied to existing transactions, and their undo), each as
    /// `apply` makes it, in a few statements per hundreds of rows (`TransactionRepository.updateMany`);
    /// `old`: the row the change was worked out from in this database transaction. The ids of the
    /// transactions that changed.
    func applyMany(_ changes: [(old: Transaction, change: TransactionChange)], from source: ChangeSource)
        async throws -> Set<Int64>
    {
        let now = clock.seconds
        let userID = userID
        let stated = changes.map { ($0.old, Self.stated($0.change, by: source)) }
        let work: @Sendable (any Database) async throws -> Set<Int64> = { db in
            let done = try await TransactionRepository(database: db, userID: userID).updateMany(
                stated, at: now, source: source)
            for (updated, edits) in done {
                try await Self.send(updated, edits, from: source, at: now, on: db, userID: userID)
            }
            return Set(done.map(\.0.id))
        }
        return database.inTransaction ? try await work(database) : try await database.transaction(work)
    }

    /// Who set a category, when the change does not say: Lunch Money, a rule, or the person.
    private static func stated(_ change: TransactionChange, by source: ChangeSource) -> TransactionChange {
        var stated = change
        if stated.categorySource == nil { stated.categorySource = source.categorySource }
        return stated
    }

    /// A change to a row from a connected Lunch Money goes to the outbox, unless it is Lunch Money's own.
    private static func send(
        _ updated: Transaction, _ edits: [TransactionEdit], from source: ChangeSource, at now: Int64,
        on db: any Database, userID: Int64
    ) async throws {
        guard source != .lunchMoney, !edits.isEmpty, LunchMoneyShared.remoteID(updated.externalID) != nil else {
            return
        }
        try await LunchMoneySyncRepository(database: db, userID: userID).enqueue(updated.id, edits, now: now)
    }
}
