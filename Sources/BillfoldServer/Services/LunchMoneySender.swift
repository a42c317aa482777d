import BillfoldCore
import BillfoldStore
import FluentKit
import Foundation
import Vapor

/// Sends the outbox to each user's connected Lunch Money: a transaction's waiting changes go
/// together in one `PUT /v1/transactions/:id`, in the order they were made. Before sending, it
/// reads the transaction there: a field Lunch Money changed since both sides last agreed is held
/// as a conflict, never overwritten.
struct LunchMoneySender: Sendable {
    let app: Application
    /// Seconds before the first retry; each further attempt waits twice as long, up to 120 times it.
    let retrySeconds: Int64
    static let leaseSeconds: Int64 = 120

    /// Sends every change due now. A user whose Lunch Money is down is skipped until later.
    func sendDue() async throws {
        let due = try await LunchMoneyOutbox(database: app.db).due(now: app.wallClock.seconds, limit: 200)
        var later: Set<Int64> = []
        for item in due where !later.contains(item.userID) {
            if try await send(item) == false { later.insert(item.userID) }
        }
    }

    private func write(_ work: @escaping @Sendable (any Database) async throws -> Void) async throws {
        try await app.writeTransaction { try await work($0) }
    }

    /// Sends one transaction's changes; false when Lunch Money is to be tried again later.
    func send(_ due: LunchMoneyOutbox.Due) async throws -> Bool {
        let now = app.wallClock.seconds
        let claimed = try await app.writeTransaction {
            try await LunchMoneyOutbox(database: $0).claim(due, now: now, leaseSeconds: Self.leaseSeconds)
        }
        guard let lease = claimed.first?.lease else { return true }
        let ids = claimed.map(\.id)
        func later(_ message: String) async throws -> Bool {
            let attempts = Int64(claimed.map(\.attempts).max() ?? 0)
            let delay = min(retrySeconds << min(attempts, 20), retrySeconds * 120)
            try await write {
                try await LunchMoneyOutbox(database: $0).postpone(
                    ids, lease: lease, userID: due.userID, until: app.wallClock.seconds + delay, message: message)
            }
            return false
        }
        guard let user = try await UserRepository(database: app.db, clock: app.wallClock).find(id: due.userID),
            let transaction = try await TransactionRepository(database: app.db, userID: due.userID).find(
                due.transactionID),
            let remoteID = LunchMoneyShared.remoteID(transaction.externalID)
        else {
            try await write { try await LunchMoneyOutbox(database: $0).sent(ids, lease: lease) }
            return true
        }
        // The messages are stored and shown later on the person's pages: written in their language.
        let words = Words(locale: user.preferences.locale)
        let connection: LunchMoneyConnection
        do {
            guard let saved = try await app.lunchMoneyConnection(for: user).saved() else {
                // Disconnected meanwhile: nothing to send to.
                try await write { try await LunchMoneyOutbox(database: $0).sent(ids, lease: lease) }
                return true
            }
            connection = saved
        } catch {
            return try await later(Problem.of(error).message(in: words))
        }
        let remote = LunchMoneyRemote(fetch: app.outboundFetch, baseURL: connection.baseURL, token: connection.token)
        do {
            try await send(claimed, of: transaction, remoteID: remoteID, to: remote, user: user)
            return true
        } catch .later(let message) {
            return try await later(message.text(words))
        } catch .refused(let phrase) {
            let message = phrase.text(words)
            try await write { try await LunchMoneyOutbox(database: $0).refused(ids, lease: lease, message: message) }
            return true
        }
    }

    private func send(
        _ claimed: [LunchMoneyOutbox.Claimed], of transaction: Transaction, remoteID: Int64,
        to remote: LunchMoneyRemote, user: User
    ) async throws(LunchMoneyRemote.Trouble) {
        let row = try await remote.transaction(remoteID, timeZone: user.preferences.zone)
        let lease = claimed[0].lease
        let userID = user.id
        do {
            let categories = CategoryRepository(database: app.db, userID: userID)
            let sources = try await categories.sourceKeys()
            let local = Dictionary(sources.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            // Lunch Money's values as a pull reads them, written as the history writes them; a
            // category not linked here yet is named by Lunch Money's id, which matches nothing.
            var new = row.transaction
            new.categoryID = row.categoryID.flatMap { local["lunchmoney:\($0)"] }
            let theirs = LunchMoneyMerge.theirs(new, over: transaction)
            var remoteValues = Dictionary(
                uniqueKeysWithValues: LunchMoneyShared.fields.map { ($0, theirs.text(of: $0)) })
            if let id = row.categoryID, new.categoryID == nil { remoteValues[.category] = "lunchmoney:\(id)" }
            let agreed = try await LunchMoneySyncRepository(database: app.db, userID: userID).agreed(transaction.id)
            // The latest value of each field; earlier rows of the same field go with it.
            var latest: [TransactionEdit.Field: (ids: [Int64], value: String?)] = [:]
            for change in claimed { latest[change.field, default: ([], nil)].ids.append(change.id) }
            for change in claimed { latest[change.field]?.value = change.value }
            var fields: [String: Any] = [:]
            var sending: [TransactionEdit.Field] = []
            var settled: [Int64] = []
            var conflicts: [(ids: [Int64], remote: String?)] = []
            for (field, change) in latest.sorted(by: { $0.value.ids[0] < $1.value.ids[0] }) {
                let remoteValue = remoteValues[field] ?? nil
                // Without agreed values, Lunch Money is taken not to have changed it.
                let base = agreed.map { $0[field] ?? nil } ?? remoteValue
                switch FieldMerge.of(local: change.value, base: base, remote: remoteValue) {
                case .keepLocal:
                    fields[field.rawValue == "category" ? "category_id" : field.rawValue] = try await value(
                        field, change.value, remote: remote, categories: categories, sources: sources, userID: userID)
                    sending.append(field)
                case .agreed, .takeRemote:
                    // Nothing to send: Lunch Money has it, or a pull will bring its change.
                    settled += change.ids
                case .conflict:
                    conflicts.append((change.ids, remoteValue))
                }
            }
            if !fields.isEmpty { try await remote.update(remoteID, fields) }
            let sent = sending.flatMap { latest[$0]?.ids ?? [] } + settled
            let values = sending.map { ($0, latest[$0]?.value ?? nil) }
            let held = conflicts
            try await write { database in
                let outbox = LunchMoneyOutbox(database: database)
                let sync = LunchMoneySyncRepository(database: database, userID: userID)
                try await outbox.sent(sent, lease: lease)
                for (field, value) in values { try await sync.agree(transaction.id, field, value) }
                for conflict in held {
                    try await outbox.sent(Array(conflict.ids.dropLast()), lease: lease)
                    try await outbox.conflicted(conflict.ids.last!, lease: lease, remote: conflict.remote)
                }
            }
        } catch let trouble as LunchMoneyRemote.Trouble {
            throw trouble
        } catch {
            throw .later(Problem.of(error).phrase)
        }
    }

    /// A field's value as Lunch Money's update takes it.
    private func value(
        _ field: TransactionEdit.Field, _ value: String?, remote: LunchMoneyRemote, categories: CategoryRepository,
        sources: [Int64: String], userID: Int64
    ) async throws -> Any {
        switch field {
        case .status:
            guard value == "cleared" || value == "uncleared" else {
                throw LunchMoneyRemote.Trouble.refused(
                    Phrase("error.service.lunchMoney.statusClearedOnly"))
            }
            return value ?? "uncleared"
        case .category:
            guard let local = value.flatMap({ Int64($0) }) else { return NSNull() }
            if let key = sources[local], let id = LunchMoneyShared.remoteID(key) { return id }
            return try await remoteCategory(local, remote: remote, categories: categories, userID: userID)
        default:
            return value ?? ""
        }
    }

    /// The Lunch Money category for a category made in Billfold: the one of the same name there,
    /// or a new one. Either way the two are linked by Lunch Money's id from now on.
    private func remoteCategory(
        _ local: Int64, remote: LunchMoneyRemote, categories: CategoryRepository, userID: Int64
    ) async throws -> Int64 {
        guard let category = try await categories.find(local) else {
            throw LunchMoneyRemote.Trouble.refused(Phrase("error.service.lunchMoney.categoryDeleted"))
        }
        let id: Int64
        if let same = try await remote.categories().first(where: {
            !$0.isGroup && $0.name.lowercased() == category.name.lowercased()
        }) {
            id = same.id
        } else {
            id = try await remote.createCategory(named: category.name)
        }
        try await write {
            try await CategoryRepository(database: $0, userID: userID).adopt("lunchmoney:\(id)", for: local)
        }
        return id
    }
}
