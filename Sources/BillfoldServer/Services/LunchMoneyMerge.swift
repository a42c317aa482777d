import BillfoldCore
import BillfoldStore
import FluentKit

/// Brings a pulled Lunch Money row together with the transaction already here, field by field
/// (`FieldMerge`): what only Lunch Money changed is taken, what only Billfold changed stays (its
/// outbox sends it), and a field both changed differently is held as a conflict for the person.
struct LunchMoneyMerge {
    let database: any Database
    let userID: Int64
    let clock: WallClock
    private(set) var updated = 0
    private(set) var conflicts = 0

    init(database: any Database, userID: Int64, clock: WallClock) {
        self.database = database
        self.userID = userID
        self.clock = clock
    }

    /// The transaction here with Lunch Money's values of the fields both sides share (and the
    /// amount: a pending row's may change when it posts).
    static func theirs(_ remote: NewTransaction, over local: Transaction) -> Transaction {
        var theirs = local
        theirs.status = remote.status
        theirs.categoryID = remote.categoryID
        theirs.notes = remote.notes
        theirs.payee = remote.payee
        theirs.money = remote.money
        return theirs
    }

    mutating func merge(_ remote: NewTransaction, into here: LunchMoneySyncRepository.Known) async throws {
        let local = here.transaction
        let theirs = Self.theirs(remote, over: local)
        let sync = LunchMoneySyncRepository(database: database, userID: userID)
        var change = TransactionChange()
        for field in LunchMoneyShared.fields + [.amount] {
            let mine = local.text(of: field)
            let remoteValue = theirs.text(of: field)
            // One pulled before the sync kept agreed values counts as agreed on what is here.
            let agreed = here.agreed.map { $0[field] ?? nil } ?? mine
            switch FieldMerge.of(local: mine, base: agreed, remote: remoteValue) {
            case .keepLocal: continue
            case .agreed: try await sync.settle(local.id, field)
            case .takeRemote:
                try change.set(field, text: remoteValue)
                try await sync.settle(local.id, field)
            case .conflict:
                // An amount corrected here stands: amounts are not sent, so there is nothing to hold.
                guard field != .amount else { continue }
                try await sync.conflict(local.id, field, local: mine, remote: remoteValue, now: clock.seconds)
                conflicts += 1
                continue
            }
            try await sync.agree(local.id, field, remoteValue)
        }
        if !change.isEmpty {
            _ = try await TransactionEditor(database: database, userID: userID, clock: clock).apply(
                local.id, change, from: .lunchMoney)
            updated += 1
        }
        if here.agreed == nil { try await sync.agree([local.applying(change, at: local.updatedAt)]) }
    }
}
