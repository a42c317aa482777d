import BillfoldCore
import BillfoldStore
import FluentKit
import Vapor

/// One user's view of the sync with a connected Lunch Money: how a transaction stands, Retry
/// after a refusal, and the person's choice in a conflict.
struct LunchMoneySyncService: Sendable {
    let database: any Database
    let user: User
    /// Now, for every rule here that depends on time.
    let clock: WallClock

    private var sync: LunchMoneySyncRepository { LunchMoneySyncRepository(database: database, userID: user.id) }

    /// The changes of a transaction not yet in Lunch Money; nil when it is not shared with a
    /// connected Lunch Money (the page says nothing then).
    func state(of transaction: Transaction) async throws -> [LunchMoneyPending]? {
        guard LunchMoneyShared.remoteID(transaction.externalID) != nil,
            try await LunchMoneyConnectionRepository(database: database, userID: user.id).find() != nil
        else { return nil }
        return try await sync.pending([transaction.id])[transaction.id] ?? []
    }

    /// What was done, as the page's notice says it.
    enum Done: String {
        case retry, keep, take
        /// The notice in `words`' language.
        func notice(in words: Words) -> String {
            switch self {
            case .retry: words("error.service.lunchMoney.noticeRetry")
            case .keep: words("error.service.lunchMoney.noticeKeep")
            case .take: words("error.service.lunchMoney.noticeTake")
            }
        }
    }

    /// What the person chose on the transaction's page: `retry`, `keep:<field>` or `take:<field>`.
    func act(_ action: String, on transaction: Transaction) async throws -> Done {
        let now = clock.seconds
        if action == "retry" {
            try await sync.retry(transaction.id, now: now)
            return .retry
        }
        let parts = action.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, let field = TransactionEdit.Field(rawValue: parts[1]),
            LunchMoneyShared.fields.contains(field),
            let conflict = try await sync.pending([transaction.id])[transaction.id]?.first(where: {
                $0.field == field && $0.state == .conflict
            })
        else {
            throw BillfoldError.validation("action", Phrase("error.service.lunchMoney.choiceOutOfDate"))
        }
        switch parts[0] {
        case "keep":
            try await sync.keepLocal(transaction.id, field, now: now)
            return .keep
        case "take":
            var change = TransactionChange()
            let value = conflict.remoteValue
            // A category only Lunch Money has yet is kept as "lunchmoney:<id>".
            if field == .category, let value, Int64(value) == nil {
                throw BillfoldError.validation(
                    "action", Phrase("error.service.lunchMoney.pullCategoryFirst"))
            }
            try change.set(field, text: value)
            _ = try await TransactionEditor(database: database, userID: user.id, clock: clock).apply(
                transaction.id, change, from: .lunchMoney)
            try await sync.settle(transaction.id, field)
            try await sync.agree(transaction.id, field, value)
            return .take
        default:
            throw BillfoldError.validation("action", Phrase("error.service.lunchMoney.choiceOutOfDate"))
        }
    }
}

extension Request {
    var lunchMoneySync: LunchMoneySyncService {
        get throws { LunchMoneySyncService(database: store, user: try user, clock: application.wallClock) }
    }
}
