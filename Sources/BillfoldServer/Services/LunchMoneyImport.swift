import BillfoldCore
import BillfoldImport
import BillfoldStore
import FluentKit
import Foundation

/// Imports Lunch Money data (files, or what "Pull now" fetched) into a user's books, all or
/// nothing. Categories and transactions are keyed on Lunch Money's ids, so a re-import adds
/// nothing and reuses what the first one made.
public struct LunchMoneyImport: Sendable {
    let database: any Database
    let user: User
    /// Now, for every rule here that depends on time.
    let clock: WallClock

    public init(database: any Database, user: User, clock: WallClock) {
        self.database = database
        self.user = user
        self.clock = clock
    }

    public struct Outcome: Sendable, Equatable {
        public var read: Int
        public var added: Int
        public var categories: Int
        /// Rows already here that Lunch Money changed since the last pull, changed here too.
        public var updated = 0
        /// Fields both sides changed differently, left for the person to decide.
        public var conflicts = 0
        public var skipped: Int { read - added - updated }
    }

    /// Reads both files completely first; a bad item refuses them before anything is written.
    public func run(transactions: Data, categories: Data?) async throws -> Outcome {
        let rows = try LunchMoneyReader.transactions(transactions, timeZone: user.preferences.zone)
        let groups = try categories.map { try LunchMoneyReader.categories($0) } ?? []
        return try await run(rows, categories: groups)
    }

    public func run(_ rows: [LunchMoneyTransaction], categories: [LunchMoneyCategory]) async throws -> Outcome {
        let userID = user.id
        // Names made up for categories Lunch Money sent unnamed are stored: in the owner's language.
        let words = Words(locale: user.preferences.locale)
        let outcome = try await database.transaction { db in
            let repository = CategoryRepository(database: db, userID: userID)
            var made: [Int64: Int64] = [:]
            func category(
                _ id: Int64, name: String, groupID: Int64?, isGroup: Bool, description: String = "",
                flags: CategoryFlags = CategoryFlags()
            ) async throws -> Int64 {
                if let existing = made[id] { return existing }
                let created = try await repository.forSource(
                    "lunchmoney:\(id)", name: name, groupID: groupID.flatMap { made[$0] }, isGroup: isGroup,
                    description: description, flags: flags, now: clock.seconds)
                made[id] = created.id
                return created.id
            }
            for c in categories {
                _ = try await category(
                    c.id, name: c.name, groupID: c.groupID, isGroup: c.isGroup, description: c.description,
                    flags: c.flags)
            }
            let accounts = AccountRepository(database: db, userID: userID)
            let sync = LunchMoneySyncRepository(database: db, userID: userID)
            let known = try await sync.known()
            var accountIDs: [String: Int64] = [:]
            // New rows with their Lunch Money ids, for the order they are stored in.
            var transactions: [(id: Int64, row: NewTransaction)] = []
            var merged = LunchMoneyMerge(database: db, userID: userID, clock: clock)
            // Lunch Money books a group on no account: here it goes on its first member's.
            var memberAccounts: [Int64: LunchMoneyTransaction] = [:]
            for row in rows where row.linkedTo?.kind == .group && memberAccounts[row.linkedTo!.id] == nil {
                memberAccounts[row.linkedTo!.id] = row
            }
            for var row in rows {
                if row.kind == .group, row.accountKey == "none", let member = memberAccounts[row.id] {
                    row.accountKey = member.accountKey
                    row.accountName = member.accountName
                }
                var new = row.transaction
                // Set in Lunch Money, whether pulled or read from its export.
                new.categorySource = .lunchMoney
                if let id = row.categoryID {
                    if let group = row.groupID {
                        _ = try await category(
                            group,
                            name: row.groupName
                                ?? words("error.service.lunchMoney.unnamedGroup", ["id": String(group)]),
                            groupID: nil, isGroup: true)
                    }
                    new.categoryID = try await category(
                        id,
                        name: row.categoryName
                            ?? words("error.service.lunchMoney.unnamedCategory", ["id": String(id)]),
                        groupID: row.groupID, isGroup: false)
                }
                let key = "lunchmoney-\(row.accountKey)-\(new.money.currency.code.lowercased())"
                if accountIDs[key] == nil {
                    accountIDs[key] = try await accounts.named(
                        key, displayName: row.accountName, currency: new.money.currency, now: clock.seconds
                    ).id
                }
                new.accountID = accountIDs[key]
                if let here = known[row.id] {
                    try await merged.merge(new, into: here)
                } else {
                    transactions.append((row.id, new))
                }
            }
            // Stored in Lunch Money's order (by date, then its id; all of a day's rows are booked at
            // its noon), so `/v1`, which lists by time and then Billfold's id, lists them in it.
            // Group rows and split parents are linked after, so their place is free.
            transactions.sort { ($0.row.bookedAt.epochSeconds, $0.id) < ($1.row.bookedAt.epochSeconds, $1.id) }
            let ledger = TransactionRepository(database: db, userID: userID)
            // Written as Lunch Money has them and agreed so; the person's rules then change them
            // as changes, which go back to a connected Lunch Money.
            let added = try await ledger.insert(
                // Each row got its account above.
                transactions.map(\.row), accountID: { $0.accountID! }, now: clock.seconds, rules: .none)
            for chunk in added.chunked(500) { try await sync.agree(try await ledger.find(Array(chunk))) }
            try await Self.keepSplitsAndGroups(rows, known: known, added: added, ledger: ledger)
            try await RuleApplication(database: db, userID: userID, clock: clock).runOnArrived(added, on: db)
            return Outcome(
                read: rows.count, added: added.count, categories: made.count, updated: merged.updated,
                conflicts: merged.conflicts)
        }
        BillfoldMetrics.imported(format: "lunchmoney", added: outcome.added)
        return outcome
    }

    /// Keeps Lunch Money's splits and groups: each parent or group row here gets the parts or
    /// members this import brought (it may have come in an earlier pull), and leaves the sums
    /// the first time, as they count instead.
    static func keepSplitsAndGroups(
        _ rows: [LunchMoneyTransaction], known: [Int64: LunchMoneySyncRepository.Known], added: [Int64],
        ledger: TransactionRepository
    ) async throws {
        let linked = rows.filter { $0.linkedTo != nil }
        guard !linked.isEmpty else { return }
        var here = known.mapValues(\.transaction.id)
        for chunk in added.chunked(500) {
            for t in try await ledger.find(Array(chunk)) {
                if let remote = LunchMoneyShared.remoteID(t.externalID) { here[remote] = t.id }
            }
        }
        let newlyAdded = Set(added)
        let byParent = Dictionary(grouping: linked) { $0.linkedTo!.id }
        for (parent, children) in byParent {
            guard let parentID = here[parent] else { continue }
            // Only children new here: one linked by an earlier pull is linked already.
            let ids = children.compactMap { here[$0.id] }.filter(newlyAdded.contains)
            guard !ids.isEmpty else { continue }
            try await ledger.link(parentID, as: children[0].linkedTo!.kind, children: ids)
        }
    }
}
