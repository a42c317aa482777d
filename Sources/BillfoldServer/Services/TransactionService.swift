import BillfoldAPI
import BillfoldCore
import BillfoldStore
import FluentKit

/// The transactions feature for one user. The native API, the web pages and the PAYBACK feed
/// all come through here, so each rule exists once.
struct TransactionService: Sendable {
    let database: any Database
    let user: User

    var transactions: TransactionRepository {
        TransactionRepository(database: database, userID: user.id)
    }
    var categories: CategoryRepository { CategoryRepository(database: database, userID: user.id) }
    var accounts: AccountRepository { AccountRepository(database: database, userID: user.id) }

    /// A page of a filter, and the totals of the whole filter.
    struct Page: Sendable {
        var transactions: [Transaction]
        var next: TransactionCursor?
        var totals: [CurrencyTotal]
        var categories: CategoryTree
    }

    func list(_ filter: TransactionFilter, after: TransactionCursor?, limit: Int) async throws -> Page {
        let tree = try await categories.tree()
        let query = try filter.query(categories: tree, timeZone: user.preferences.zone)
        async let page = transactions.page(query, after: after, limit: limit)
        async let totals = transactions.totals(query)
        let (rows, next) = try await page
        return Page(transactions: rows, next: next, totals: try await totals, categories: tree)
    }

    /// The filter made concrete for this user's categories and time zone.
    func query(_ filter: TransactionFilter) async throws -> TransactionQuery {
        try filter.query(categories: try await categories.tree(), timeZone: user.preferences.zone)
    }

    /// One of the user's transactions; another user's answers exactly like a missing one.
    func get(_ id: Int64) async throws -> Transaction {
        guard let transaction = try await transactions.find(id) else {
            throw BillfoldError.notFound("transaction")
        }
        return transaction
    }

    func create(_ request: CreateTransactionRequest) async throws -> Transaction {
        let currency = try Currency(code: request.currency)
        var new = NewTransaction(
            bookedAt: try BookingTime(iso8601: request.bookedAt), payee: request.payee,
            notes: request.notes ?? "", money: try Money(parsing: request.amount, currency: currency),
            status: try request.status.map { try TransactionStatus(parsing: $0) } ?? .uncleared,
            categoryID: request.categoryId)
        new = try new.validated()
        return try await create(new, accountID: request.accountId)
    }

    /// Adds a hand-entered transaction to the named account, or to the cash wallet of its currency.
    func create(_ new: NewTransaction, accountID: Int64?) async throws -> Transaction {
        if let categoryID = new.categoryID { _ = try await categories.assignable(categoryID) }
        let account: Account
        if let accountID {
            guard let found = try await accounts.find(accountID) else {
                throw BillfoldError.validation("accountId", "No account with the id \(accountID) exists.")
            }
            guard found.currency == new.money.currency else {
                throw BillfoldError.validation(
                    "currency",
                    "The account “\(found.displayName)” holds \(found.currency.code), not \(new.money.currency.code).")
            }
            account = found
        } else {
            account = try await accounts.cash(new.money.currency)
        }
        return try await transactions.create(new, accountID: account.id)
    }

    func update(_ id: Int64, _ request: UpdateTransactionRequest) async throws -> Transaction {
        let change = TransactionChange(
            categoryID: request.categoryId,
            notes: try request.notes.map { try TransactionRules.notes($0) },
            status: try request.status.map { try TransactionStatus(parsing: $0) })
        return try await update(id, change)
    }

    func update(_ id: Int64, _ change: TransactionChange) async throws -> Transaction {
        // Missing first: an unknown id answers 404 whatever else the request got wrong.
        let current = try await get(id)
        if case .some(.some(let categoryID)) = change.categoryID {
            _ = try await categories.assignable(categoryID)
        }
        guard !change.isEmpty else { return current }
        guard let updated = try await transactions.update(id, change) else {
            throw BillfoldError.notFound("transaction")
        }
        return updated
    }
}
