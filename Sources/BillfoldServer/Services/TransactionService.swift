import BillfoldAPI
import BillfoldCore
import BillfoldStore
import FluentKit

/// The transactions feature for one user. The native API, the web pages and the PAYBACK feed
/// all come through here, so each rule exists once.
struct TransactionService: Sendable {
    let database: any Database
    let user: User
    /// Now, for every rule here that depends on time.
    let clock: WallClock
    /// Where the request's changes are made, for their history lines.
    let source: ChangeSource

    private var transactions: TransactionRepository {
        TransactionRepository(database: database, userID: user.id)
    }
    private var categories: CategoryRepository { CategoryRepository(database: database, userID: user.id) }
    private var accountRepository: AccountRepository { AccountRepository(database: database, userID: user.id) }

    /// The user's accounts, by name.
    func accounts() async throws -> [Account] { try await accountRepository.all() }

    /// Account names by id, for showing transactions.
    func accountNames() async throws -> [Int64: String] { Self.names(of: try await accounts()) }

    static func names(of accounts: [Account]) -> [Int64: String] {
        Dictionary(accounts.map { ($0.id, $0.displayName) }, uniquingKeysWith: { first, _ in first })
    }

    /// One of the user's accounts; nil for another user's or a missing one.
    func account(_ id: Int64) async throws -> Account? { try await accountRepository.find(id) }

    /// The cash wallet of a currency, made when missing.
    func cashAccount(_ currency: Currency) async throws -> Account {
        try await accountRepository.cash(currency, now: clock.seconds)
    }

    func categoryTree() async throws -> CategoryTree { try await categories.tree() }

    /// Where imported categories came from, by category id (e.g. `payback:12`).
    func categorySourceKeys() async throws -> [Int64: String] { try await categories.sourceKeys() }

    /// Refuses a category the user does not have, or a group.
    func checkAssignable(_ categoryID: Int64) async throws { _ = try await categories.assignable(categoryID) }

    /// What the user changed on a transaction, newest first.
    func history(of id: Int64) async throws -> [TransactionEdit] { try await transactions.history(id) }

    /// One of the user's transactions, or nil (another user's answers like a missing one).
    func find(_ id: Int64) async throws -> Transaction? { try await transactions.find(id) }

    /// How many rows a walk over a whole filter reads at a time.
    private static let readChunk = 500

    /// Every transaction of a query, newest first, read page by page by keyset.
    func all(_ query: TransactionQuery) async throws -> [Transaction] {
        var all: [Transaction] = []
        var cursor: TransactionCursor?
        repeat {
            let page = try await transactions.page(query, after: cursor, limit: Self.readChunk)
            all += page.transactions
            cursor = page.next
        } while cursor != nil
        return all
    }

    /// Oldest first from `offset`, for dialects that page by offset.
    func oldestFirst(_ query: TransactionQuery, offset: Int, limit: Int) async throws -> [Transaction] {
        try await transactions.ascending(query, offset: offset, limit: limit)
    }

    /// Adds checked rows in one statement, the person's rules run on them unless `rules` says
    /// not; their ids in order.
    func insert(
        _ rows: [NewTransaction], accountID: @escaping @Sendable (NewTransaction) -> Int64,
        rules: RulesOnWrite = .personsRules
    ) async throws -> [Int64] {
        try await transactions.insert(rows, accountID: accountID, now: clock.seconds, rules: rules)
    }

    /// Those of `rows` the user has no duplicate of: no transaction on the same day (in the
    /// user's zone) with the same payee and amount (Lunch Money's `skip_duplicates`).
    func withoutDuplicates(_ rows: [NewTransaction]) async throws -> [NewTransaction] {
        let zone = user.preferences.zone
        var kept: [NewTransaction] = []
        for row in rows {
            let day = Day(row.bookedAt.date, in: zone)
            let range = try InstantRange(from: day, to: day, in: zone)
            if try await !transactions.hasDuplicate(payee: row.payee, money: row.money, in: range) { kept.append(row) }
        }
        return kept
    }

    /// A page of a filter, and the totals of the whole filter.
    struct Page: Sendable {
        var transactions: [Transaction]
        var next: TransactionCursor?
        var totals: [CurrencyTotal]
        var categories: CategoryTree
        /// The filter as it was asked of the database (for the converted total).
        var query: TransactionQuery
        /// The totals as one in the primary currency, when some are in another (the web list's;
        /// `RatesService.converted`).
        var converted: ConvertedTotal? = nil
        /// With `foldingGroups` (the web list), the members of the group rows on the page, by
        /// group, and the tags of every row shown.
        var members: [Int64: [Transaction]] = [:]
        var tags: [Int64: [Tag]] = [:]
    }

    /// The totals of a whole query, per currency.
    func totals(_ query: TransactionQuery) async throws -> [CurrencyTotal] { try await transactions.totals(query) }

    /// A page of a query, newest first, without totals.
    func page(_ query: TransactionQuery, after: TransactionCursor?, limit: Int) async throws
        -> (transactions: [Transaction], next: TransactionCursor?)
    {
        try await transactions.page(query, after: after, limit: limit)
    }

    /// `foldingGroups`: a group's members come under its row (in `members`) instead of beside it,
    /// and the rows' tags come too.
    func list(_ filter: TransactionFilter, after: TransactionCursor?, limit: Int, foldingGroups: Bool = false)
        async throws -> Page
    {
        let tree = try await categories.tree()
        let query = try filter.query(categories: tree, timeZone: user.preferences.zone)
        var rowQuery = query
        rowQuery.foldingGroups = foldingGroups
        async let page = transactions.page(rowQuery, after: after, limit: limit)
        async let totals = transactions.totals(query)
        let (rows, next) = try await page
        var result = Page(transactions: rows, next: next, totals: try await totals, categories: tree, query: query)
        if foldingGroups {
            result.members = try await children(of: rows.filter { $0.kind == .group })
            result.tags = try await tags.tags(of: (rows + result.members.values.joined()).map(\.id))
        }
        return result
    }

    /// The filter made concrete for this user's categories and time zone.
    func query(_ filter: TransactionFilter) async throws -> TransactionQuery {
        try filter.query(categories: try await categories.tree(), timeZone: user.preferences.zone)
    }

    /// One of the user's transactions; another user's answers exactly like a missing one.
    func get(_ id: Int64) async throws -> Transaction {
        guard let transaction = try await transactions.find(id) else {
            throw BillfoldError.notFound(.transaction)
        }
        return transaction
    }

    /// Those of `ids` the user has, newest first (none is no error).
    func find(_ ids: [Int64]) async throws -> [Transaction] { try await transactions.find(ids) }

    /// The ids of the user's transactions with these external ids, by external id.
    func ids(externalIDs: [String]) async throws -> [String: Int64] {
        try await transactions.ids(externalIDs: externalIDs)
    }

    /// Those of `ids` the user has, newest first; not found when none is theirs.
    func get(_ ids: [Int64]) async throws -> [Transaction] {
        let found = try await transactions.find(ids)
        guard !found.isEmpty else { throw BillfoldError.notFound(.transaction) }
        return found
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
            let found = try await AccountBook(database: database, user: user, clock: clock).openAccount(
                accountID, field: "accountId")
            guard found.currency == new.money.currency else {
                throw BillfoldError.validation(
                    "currency",
                    Phrase(
                        "error.service.transactions.accountHoldsOtherCurrency",
                        [
                            "name": found.displayName, "accountCurrency": found.currency.code,
                            "currency": new.money.currency.code,
                        ]))
            }
            account = found
        } else {
            account = try await accountRepository.cash(new.money.currency, now: clock.seconds)
        }
        return try await transactions.create(new, accountID: account.id, now: clock.seconds)
    }

    func update(_ id: Int64, _ request: UpdateTransactionRequest) async throws -> Transaction {
        let current = try await get(id)
        var money: Money?
        if request.amount != nil || request.currency != nil {
            let currency = try request.currency.map { try Currency(code: $0) } ?? current.money.currency
            // A new currency alone keeps the figure: "12.50" in EUR becomes 12.50 in USD.
            money = try
                (request.amount.map { try Money(parsing: $0, currency: currency) }
                ?? current.money.sameFigure(in: currency)).checkedLimit()
        }
        let change = TransactionChange(
            categoryID: request.categoryId,
            notes: try request.notes.map { try TransactionRules.notes($0) },
            status: try request.status.map { try TransactionStatus(parsing: $0) },
            payee: try request.payee.map { try TransactionRules.payee($0) }, money: money,
            bookedAt: try request.bookedAt.map { try BookingTime(iso8601: $0) }, accountID: request.accountId,
            overridesSource: request.overrideImported ?? false)
        return try await update(current, change)
    }

    func update(_ id: Int64, _ change: TransactionChange) async throws -> Transaction {
        // Missing first: an unknown id answers 404 whatever else the request got wrong.
        try await update(try await get(id), change)
    }

    /// Applies a change to a transaction the caller has read already.
    func update(_ current: Transaction, _ change: TransactionChange) async throws -> Transaction {
        let id = current.id
        if case .some(.some(let categoryID)) = change.categoryID {
            _ = try await categories.assignable(categoryID)
        }
        guard !change.isEmpty else { return current }
        if TransactionEdit.edits(from: current, applying: change, at: 0).contains(where: \.field.isBooking) {
            try await checkCorrection(of: current, change)
        }
        guard
            let updated = try await TransactionEditor(database: database, userID: user.id, clock: clock).apply(
                id, change, from: source)
        else {
            throw BillfoldError.notFound(.transaction)
        }
        return updated
    }

    /// Deletes those of `ids` the user has, with a day to undo it; a missing or another user's
    /// id is not found when none is theirs.
    func delete(_ ids: [Int64]) async throws -> DeletionDTO {
        guard !ids.isEmpty, ids.count <= Self.maxDelete else {
            throw BillfoldError.validation(
                "ids", Phrase("error.service.transactions.deleteIDCount", ["max": String(Self.maxDelete)]))
        }
        let now = clock.seconds
        guard let done = try await transactions.delete(ids, now: now) else {
            throw BillfoldError.notFound(.transaction)
        }
        return DeletionDTO(
            deletionId: done.deletion, deleted: done.count,
            undoUntil: Timestamp.utc(now + TransactionRepository.undoSeconds))
    }

    /// The most transactions one request deletes.
    static let maxDelete = 1000

    /// Puts back what a delete took, while it can be undone.
    func restore(_ deletion: Int64) async throws -> [Int64] {
        guard let restored = try await transactions.restore(deletion, now: clock.seconds) else {
            throw BillfoldError(
                .notFound, Phrase("error.service.transactions.nothingToUndo"))
        }
        return restored
    }

    /// How many transactions a delete took, while it can be undone.
    func deletionCount(_ deletion: Int64) async throws -> Int? {
        try await transactions.deletionCount(deletion, now: clock.seconds)
    }

    /// The amount, currency, time and account of a transaction typed by hand can be corrected;
    /// those of an imported one only when the person says to override its source (the values
    /// before stay in the history). The currency always matches the account's.
    private func checkCorrection(of current: Transaction, _ change: TransactionChange) async throws {
        if current.transferID != nil {
            throw BillfoldError(
                .transferBooking, Phrase("error.service.transactions.transferBooking"))
        }
        if current.isImported && !change.overridesSource {
            throw BillfoldError(
                .importedBooking, Phrase("error.service.transactions.importedBooking"))
        }
        let accountID = change.accountID ?? current.accountID
        let account =
            accountID == current.accountID
            ? try await accountRepository.find(accountID)
            : try await AccountBook(database: database, user: user, clock: clock).openAccount(
                accountID, field: "accountId")
        guard let account else {
            throw BillfoldError.validation(
                "accountId", Phrase("error.service.transactions.noAccountWithID", ["id": String(accountID)]))
        }
        let currency = change.money?.currency ?? current.money.currency
        if account.currency != currency && (accountID != current.accountID || currency != current.money.currency) {
            throw BillfoldError.validation(
                "currency",
                Phrase(
                    "error.service.transactions.accountHoldsOtherCurrency",
                    ["name": account.displayName, "accountCurrency": account.currency.code, "currency": currency.code]))
        }
    }
}
