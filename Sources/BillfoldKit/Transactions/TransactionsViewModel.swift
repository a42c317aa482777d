import BillfoldAPI
import BillfoldCore
import Foundation
import Observation

/// The transactions list screen: a filter (category with groups, status, days, text), one page at
/// a time by cursor, and the totals of the whole filter per currency (never added across
/// currencies). A UI switches on `screen`.
@MainActor @Observable
public final class TransactionsViewModel {
    /// One line of the category filter: groups with their categories indented under them.
    public struct CategoryOption: Equatable, Sendable, Identifiable {
        /// The category's or group's id.
        public var id: Int64
        /// The name shown in the filter.
        public var name: String
        /// A group: choosing it matches the categories in it too.
        public var isGroup: Bool
        /// How far in to draw the line: 0 at the top level, 1 for a category in a group.
        public var indent: Int
    }

    /// Where the transactions come from: the server, or a local book.
    public let source: any TransactionSource
    /// How many transactions one page asks for.
    public let pageSize: Int
    /// What the list shows now.
    public private(set) var screen: ListScreen = .loading
    /// The filter the list shows; `load(_:)` changes it.
    public private(set) var filter = TransactionFilter()
    /// The transactions loaded so far, newest first.
    public private(set) var transactions: [Transaction] = []
    /// The whole filter's totals, one per currency.
    public private(set) var totals: [CurrencyTotal] = []
    /// The totals as one in the primary currency (each day at its rate), when some are in another.
    public private(set) var converted: ConvertedTotal?
    /// The suggested category of each loaded uncategorised transaction that has one, by id.
    public private(set) var suggestions: [Int64: Suggestion] = [:]
    /// The categories, for the filter and each row's category.
    public private(set) var categories = CategoryTree([])
    /// Account names by id, for each row's account.
    public private(set) var accountNames: [Int64: String] = [:]
    /// The person's language, time zone and currency, for showing dates and money.
    public private(set) var preferences = Preferences.standard
    /// A next page exists.
    public private(set) var hasMore = false
    /// A "load more" failed; the list stays and `loadMore()` tries again.
    public private(set) var moreFailed: ClientError?
    private var nextCursor: String?

    /// Reads from `source`, `pageSize` transactions at a time; nothing is loaded until `load(_:)`.
    public init(source: any TransactionSource, pageSize: Int = PageSize.default) {
        self.source = source
        self.pageSize = pageSize
    }

    /// The category filter's options, groups first with their categories under them.
    public var categoryOptions: [CategoryOption] {
        categories.topLevel.flatMap { top in
            [CategoryOption(id: top.id, name: top.name, isGroup: top.isGroup, indent: 0)]
                + categories.children(of: top.id).map {
                    CategoryOption(id: $0.id, name: $0.name, isGroup: false, indent: 1)
                }
        }
    }

    /// The preferences, categories and account names the list shows its rows with: asked once,
    /// not with every filter, and again on `refresh()`.
    public func lookUp() async throws(ClientError) {
        guard !lookedUp else { return }
        preferences = try await source.preferences()
        categories = try await source.categories()
        accountNames = try await source.accountNames()
        lookedUp = true
    }

    private var lookedUp = false

    /// Loads the first page of `filter` (and, the first time, what the rows are shown with).
    public func load(_ filter: TransactionFilter? = nil) async {
        if let filter { self.filter = filter }
        if transactions.isEmpty { screen = .loading }
        moreFailed = nil
        do {
            try await lookUp()
            let page = try await source.page(self.filter, after: nil, limit: pageSize)
            transactions = page.transactions
            totals = page.totals
            converted = page.converted
            suggestions = page.suggestions
            nextCursor = page.nextCursor
            hasMore = page.nextCursor != nil
            screen = .loaded(transactions.count)
        } catch {
            screen = .after(error, showing: !transactions.isEmpty)
        }
    }

    /// The same filter again, with fresh categories and names (pull to refresh).
    public func refresh() async {
        lookedUp = false
        await load()
    }
    /// After a failure: the same filter again.
    public func retry() async { await load() }

    /// The next page, appended.
    public func loadMore() async {
        guard let cursor = nextCursor else { return }
        do {
            let page = try await source.page(filter, after: cursor, limit: pageSize)
            transactions += page.transactions
            suggestions.merge(page.suggestions) { _, new in new }
            nextCursor = page.nextCursor
            hasMore = page.nextCursor != nil
            moreFailed = nil
        } catch {
            moreFailed = error
        }
    }

    /// Loads every remaining page (for a full export or a terminal that prints it all).
    public func loadAll() async {
        while hasMore, moreFailed == nil { await loadMore() }
    }

    /// A row's category: its name, "Uncategorized", or "Unknown category (id N)" when the id is not among the
    /// categories.
    public func categoryName(of transaction: Transaction) -> String {
        categories.name(of: transaction.categoryID)
    }

    /// A row's category for the person: its name, or for an uncategorised one with a suggestion,
    /// "Suggested: Groceries".
    public func shownCategory(of transaction: Transaction) -> String {
        guard transaction.categoryID == nil, let guess = suggestions[transaction.id],
            let category = categories.category(guess.categoryID)
        else { return categoryName(of: transaction) }
        return tr("transactions.row.suggested", ["category": category.name])
    }

    /// A row's account: its name, or "Account N" when the account is not known.
    public func accountName(of transaction: Transaction) -> String {
        accountNames[transaction.accountID] ?? tr("kit.account.unnamed", ["id": String(transaction.accountID)])
    }
}
