import BillfoldCore
import BillfoldStore
import FluentKit

/// Who a change to a transaction comes from, which decides what follows it.
enum ChangeOrigin: Sendable {
    /// The person: a form, the review deck, an app, `/v1`.
    case person
    /// A connected Lunch Money: a pull, or the person taking Lunch Money's side of a conflict.
    case lunchMoney
    /// The person's rules, applied to transactions already there (or to rows a pull brought).
    case rule
}

/// One change to one transaction and what follows from it, in one database transaction: the
/// ledger changes the row and its sums; here each changed field gets its history line, and a
/// change to a row from a connected Lunch Money goes to the outbox unless it is Lunch Money's own.
/// The store stores; these decisions are made here, once, for every way a change comes in.
struct TransactionEditor: Sendable {
    let database: any Database
    let userID: Int64
    /// When the change is made (its history lines and the outbox say so).
    let clock: WallClock

    /// The transaction after the change; nil when the user has no such transaction.
    func apply(_ id: Int64, _ change: TransactionChange, from origin: ChangeOrigin = .person) async throws
        -> Transaction?
    {
        var stated = change
        if stated.categorySource == nil {
            switch origin {
            case .lunchMoney: stated.categorySource = .lunchMoney
            case .rule: stated.categorySource = .rule
            case .person: break
            }
        }
        let change = stated
        let now = clock.seconds
        let userID = userID
        let work: @Sendable (any Database) async throws -> Transaction? = { db in
            let transactions = TransactionRepository(database: db, userID: userID)
            guard let (updated, edits) = try await transactions.update(id, change, at: now) else { return nil }
            try await transactions.recordHistory(of: id, edits)
            if origin != .lunchMoney, LunchMoneyShared.remoteID(updated.externalID) != nil {
                try await LunchMoneySyncRepository(database: db, userID: userID).enqueue(id, edits, now: now)
            }
            return updated
        }
        return database.inTransaction ? try await work(database) : try await database.transaction(work)
    }
}
