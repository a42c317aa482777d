import BillfoldAPI
import BillfoldCore
import BillfoldStore
import FluentKit
import Foundation

/// The person's accounts: opening, renaming and archiving them, their balances, and transfers
/// between them. The Accounts page and the native API both come through here.
struct AccountBook: Sendable {
    let database: any Database
    let user: User
    /// Now, for every rule here that depends on time.
    let clock: WallClock

    private var accounts: AccountRepository { AccountRepository(database: database, userID: user.id) }

    /// Every account with its balance, count and last activity; open ones first, then by name.
    func summaries() async throws -> [AccountSummary] { try await accounts.summaries() }

    func summary(_ id: Int64) async throws -> AccountSummary {
        guard let found = try await accounts.summaries(only: id).first else {
            throw BillfoldError.notFound(.account)
        }
        return found
    }

    /// Opens an account by hand; the opening balance is in its currency.
    func create(name rawName: String, opening: Money) async throws -> Account {
        let name = try AccountRules.checkedName(rawName)
        _ = try opening.checkedLimit()
        try await refuseTakenName(name, except: nil)
        return try await Self.takenAsRefusal(name) {
            try await accounts.create(
                displayName: name, currency: opening.currency, openingMinor: opening.minorUnits, now: clock.seconds)
        }
    }

    func create(_ request: CreateAccountRequest) async throws -> Account {
        let currency = try Currency(code: request.currency)
        let opening = try Money(parsing: request.openingBalance ?? "0", currency: currency)
        return try await create(name: request.name, opening: opening)
    }

    /// Renames, sets the opening balance of, archives or brings back an account. The opening
    /// balance is a decimal in the account's currency, read by `amount` (the web reads the
    /// person's decimal mark, the API the dot).
    func update(
        _ id: Int64, name rawName: String?, opening: ((Currency) throws -> Money)?, archived: Bool?
    ) async throws -> Account {
        guard let current = try await accounts.find(id) else { throw BillfoldError.notFound(.account) }
        let name = try rawName.map { try AccountRules.checkedName($0) }
        if let name, name != current.displayName { try await refuseTakenName(name, except: id) }
        let openingMinor = try opening.map { try $0(current.currency).checkedLimit().minorUnits }
        let archivedAt: Int64?? = archived.map { $0 ? (current.archivedAt ?? clock.seconds) : nil }
        guard
            let updated = try await Self.takenAsRefusal(
                name ?? current.displayName,
                {
                    try await accounts.update(id, displayName: name, openingMinor: openingMinor, archivedAt: archivedAt)
                })
        else { throw BillfoldError.notFound(.account) }
        return updated
    }

    func update(_ id: Int64, _ request: UpdateAccountRequest) async throws -> Account {
        try await update(
            id, name: request.name,
            opening: request.openingBalance.map { text in { currency in try Money(parsing: text, currency: currency) }
            },
            archived: request.archived)
    }

    /// Two accounts with one name would be told apart by nobody.
    private func refuseTakenName(_ name: String, except id: Int64?) async throws {
        let key = AccountRules.nameKey(name)
        let taken = try await accounts.all().contains { $0.id != id && AccountRules.nameKey($0.displayName) == key }
        if taken { throw Self.nameTaken(name) }
    }

    private static func nameTaken(_ name: String) -> BillfoldError {
        BillfoldError.validation("name", Phrase("error.service.accounts.nameTaken", ["name": name]))
    }

    /// A write that another request beat to the name (both saw it free): the database's unique
    /// name key refuses the second, which gets the same answer as if it had come later.
    private static func takenAsRefusal<T>(_ name: String, _ write: () async throws -> T) async throws -> T {
        do { return try await write() } catch let error as any DatabaseError where error.isConstraintFailure {
            throw nameTaken(name)
        }
    }

    /// The two open accounts a transfer names, each read once.
    func transferAccounts(from fromID: Int64?, to toID: Int64?) async throws -> (from: Account, to: Account) {
        guard fromID == nil || fromID != toID else {
            throw BillfoldError.validation("toAccountId", Phrase("error.service.accounts.transferSameAccount"))
        }
        return (
            try await openAccount(fromID ?? 0, field: "fromAccountId"),
            try await openAccount(toID ?? 0, field: "toAccountId")
        )
    }

    /// Records money moved between two of the person's open accounts (from `transferAccounts`).
    /// `amount` left the first (positive, its currency); `received` arrived in the second, needed
    /// only when the currencies differ.
    func transfer(
        from: Account, to: Account, amount: Money, received: Money?, bookedAt: BookingTime, notes: String
    ) async throws -> (out: Transaction, into: Transaction) {
        guard amount.currency == from.currency else {
            throw BillfoldError.validation(
                "amount",
                Phrase(
                    "error.service.accounts.transferOtherCurrency",
                    ["name": from.displayName, "accountCurrency": from.currency.code, "currency": amount.currency.code])
            )
        }
        guard amount.minorUnits > 0 else {
            throw BillfoldError.validation(
                "amount", Phrase("error.service.accounts.transferAmountAboveZero", ["name": from.displayName]))
        }
        let arrived: Money
        if from.currency == to.currency {
            if let received, received != amount {
                throw BillfoldError.validation(
                    "receivedAmount",
                    Phrase("error.service.accounts.transferSameCurrency", ["currency": from.currency.code]))
            }
            arrived = amount
        } else {
            guard let received, received.currency == to.currency, received.minorUnits > 0 else {
                throw BillfoldError.validation(
                    "receivedAmount",
                    Phrase(
                        "error.service.accounts.transferReceivedAboveZero",
                        ["name": to.displayName, "currency": to.currency.code]))
            }
            arrived = received
        }
        // The payees are stored: written once, in the owner's language.
        let words = Words(locale: user.preferences.locale)
        let out = try NewTransaction(
            bookedAt: bookedAt, payee: words("accounts.transferOutPayee", ["name": to.displayName]),
            notes: notes,
            money: Money(minorUnits: -amount.minorUnits, currency: amount.currency), status: .cleared
        ).validated()
        let into = try NewTransaction(
            bookedAt: bookedAt, payee: words("accounts.transferInPayee", ["name": from.displayName]),
            notes: notes, money: arrived,
            status: .cleared
        ).validated()
        let repository = TransactionRepository(database: database, userID: user.id)
        let ids = try await repository.transfer(out: out, from: from.id, into: into, to: to.id, now: clock.seconds)
        guard let outSide = try await repository.find(ids.out), let inSide = try await repository.find(ids.into)
        else { throw BillfoldError(.conflict, Phrase("error.service.accounts.transferNotReadBack")) }
        return (outSide, inSide)
    }

    func transfer(_ request: CreateTransferRequest) async throws -> (out: Transaction, into: Transaction) {
        let (from, to) = try await transferAccounts(from: request.fromAccountId, to: request.toAccountId)
        return try await transfer(
            from: from, to: to, amount: try Money(parsing: request.amount, currency: from.currency),
            received: try request.receivedAmount.map { try Money(parsing: $0, currency: to.currency) },
            bookedAt: try request.bookedAt.map { try BookingTime(iso8601: $0) }
                ?? clock.booking(in: user.preferences.zone),
            notes: request.notes ?? "")
    }

    /// One of the person's accounts that is not archived, or the error naming `field`.
    func openAccount(_ id: Int64, field: String) async throws -> Account {
        guard let account = try await accounts.find(id) else {
            throw BillfoldError.validation(
                field, Phrase("error.service.transactions.noAccountWithID", ["id": String(id)]))
        }
        if account.isArchived {
            throw BillfoldError(
                .accountArchived, Phrase("error.service.accounts.archived", ["name": account.displayName]))
        }
        return account
    }
}
