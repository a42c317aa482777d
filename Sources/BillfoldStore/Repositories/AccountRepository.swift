import BillfoldCore
import FluentKit
import SQLKit

/// One user's accounts.
public struct AccountRepository: Sendable {
    let database: any Database
    let userID: Int64

    public init(database: any Database, userID: Int64) {
        self.database = database
        self.userID = userID
    }

    public func all() async throws -> [Account] {
        try await AccountModel.query(on: database).filter(\.$userID == userID)
            .sort(\.$displayName).all().map(\.value)
    }

    public func find(_ id: Int64) async throws -> Account? {
        try await AccountModel.query(on: database).filter(\.$id == id)
            .filter(\.$userID == userID).first()?.value
    }

    /// The account with this source name, or else the person's account of this display name and
    /// currency, made when neither is there (an import's account, the cash wallet). Insert-or-get on
    /// both unique keys, so two requests making the same account at once both get the one row, and
    /// a cash transaction lands in the "Cash (EUR)" the person opened by hand.
    /// `importID`: the import making it, if one is (its undo takes the account back).
    public func named(
        _ name: String, displayName: String, currency: Currency, importID: Int64? = nil, now: Int64
    ) async throws
        -> Account
    {
        let bySource = AccountModel.query(on: database).filter(\.$userID == userID).filter(\.$name == name)
        let byName = AccountModel.query(on: database).filter(\.$userID == userID)
            .filter(\.$displayKey == AccountRules.nameKey(displayName)).filter(\.$currency == currency.code)
        func existing() async throws -> AccountModel? {
            if let found = try await bySource.first() { return found }
            return try await byName.first()
        }
        if let account = try await existing() { return account.value }
        try await database.sql.insert(into: AccountModel.schema)
            .columns("user_id", "name", "display_name", "display_key", "currency", "created_at", "made_by_import")
            .values(
                SQLBind(userID), SQLBind(name), SQLBind(displayName), SQLBind(AccountRules.nameKey(displayName)),
                SQLBind(currency.code), SQLBind(now), SQLBind(importID)
            )
            .ignoringConflicts().run()
        guard let account = try await existing() else {
            throw BillfoldError(.conflict, Phrase("error.store.accountNotMade", ["name": displayName]))
        }
        return account.value
    }

    /// An account the person opens by hand. Its source name is its own (`manual:` with the time and
    /// a random number), so a later bank import of a same-named account does not land in it.
    public func create(displayName: String, currency: Currency, openingMinor: Int64, now: Int64) async throws
        -> Account
    {
        let model = AccountModel(
            userID: userID, name: "manual:\(now)-\(UInt32.random(in: 0...UInt32.max))", displayName: displayName,
            currency: currency.code, createdAt: now)
        model.openingMinor = openingMinor
        try await model.create(on: database)
        return model.value
    }

    /// Renames, sets the opening balance of, archives or brings back one of the user's accounts;
    /// nil when the user has no such account.
    public func update(
        _ id: Int64, displayName: String? = nil, openingMinor: Int64? = nil, archivedAt: Int64?? = nil
    ) async throws -> Account? {
        guard
            let model = try await AccountModel.query(on: database).filter(\.$id == id)
                .filter(\.$userID == userID).first()
        else { return nil }
        if let displayName {
            model.displayName = displayName
            model.displayKey = AccountRules.nameKey(displayName)
        }
        if let openingMinor { model.openingMinor = openingMinor }
        if let archivedAt { model.archivedAt = archivedAt }
        try await model.save(on: database)
        return model.value
    }

    /// Every account (or only the one asked for) with its balance, number of transactions and
    /// last day with one, read from the per-day sums (a few rows per account and day, not the
    /// transactions). Open accounts come first, each part by name.
    public func summaries(only id: Int64? = nil) async throws -> [AccountSummary] {
        struct Row: Decodable {
            var account_id: Int64
            var currency: String
            var total: Int64
            var count: Int64
            var last_day: Int64
        }
        let rows = try await database.sql.raw(
            """
            SELECT account_id, currency, CAST(SUM(total_minor) AS BIGINT) AS total,
              CAST(SUM(count) AS BIGINT) AS count, MAX(day) AS last_day
            FROM transaction_totals WHERE user_id = \(bind: userID)
            """ + (id.map { " AND account_id = \(bind: $0)" } ?? "") + " GROUP BY account_id, currency"
        ).all(decoding: Row.self)
        let byAccount = Dictionary(grouping: rows, by: \.account_id)
        var accounts: [Account]
        if let id { accounts = try await find(id).map { [$0] } ?? [] } else { accounts = try await all() }
        let ordered = accounts.filter { !$0.isArchived } + accounts.filter(\.isArchived)
        return try ordered.map { account in
            let sums = byAccount[account.id] ?? []
            let own = sums.first { $0.currency == account.currency.code }
            let (balance, overflow) = account.openingMinor.addingReportingOverflow(own?.total ?? 0)
            if overflow { throw CurrencyVolumes.overflowError }
            let lastDay = sums.map(\.last_day).max()
            return AccountSummary(
                account: account, balance: Money(minorUnits: balance, currency: account.currency),
                otherCurrencies: sums.filter { $0.currency != account.currency.code }.sorted {
                    $0.currency < $1.currency
                }
                .map { Money(minorUnits: $0.total, currency: Currency(stored: $0.currency)) },
                transactionCount: Int(sums.reduce(0) { $0 + $1.count }),
                lastActivity: lastDay.map { Day(daysSince1970: TransactionTotals.daysSince1970(ofDay: $0)) })
        }
    }

    /// Where hand-entered money goes when no account is named: one cash wallet per currency.
    public func cash(_ currency: Currency, now: Int64) async throws -> Account {
        try await named(
            "cash-\(currency.code.lowercased())", displayName: "Cash (\(currency.code))",
            currency: currency, now: now)
    }
}

extension AccountModel {
    /// The account as everything outside the store sees it (only saved rows are read).
    var value: Account {
        Account(
            id: id ?? 0, name: name, displayName: displayName, currency: Currency(stored: currency),
            createdAt: createdAt, openingMinor: openingMinor, archivedAt: archivedAt)
    }
}
