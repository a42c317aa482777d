import Foundation

/// What the user asked the transaction list for; the same value serves the API, the web list and
/// the PAYBACK feed.
public struct TransactionFilter: Hashable, Sendable {
    /// The category asked for; a group also matches its children.
    public var categoryID: Int64?
    /// True asks for transactions without a category.
    public var uncategorized: Bool
    public var status: TransactionStatus?
    public var from: Day?
    public var to: Day?
    /// Searched in payee and notes, case-insensitively.
    public var text: String?
    /// Only what one bank file import brought.
    public var importID: Int64?
    /// Only one account's transactions.
    public var accountID: Int64?
    /// Only transactions carrying this tag.
    public var tagID: Int64?

    public init(
        categoryID: Int64? = nil, uncategorized: Bool = false, status: TransactionStatus? = nil,
        from: Day? = nil, to: Day? = nil, text: String? = nil, importID: Int64? = nil, accountID: Int64? = nil
    ) {
        self.importID = importID
        self.accountID = accountID
        self.categoryID = categoryID
        self.uncategorized = uncategorized
        self.status = status
        self.from = from
        self.to = to
        self.text = text
    }

    /// True when nothing narrows the list.
    public var isEmpty: Bool {
        categoryID == nil && !uncategorized && status == nil && from == nil && to == nil && text == nil
            && importID == nil && accountID == nil && tagID == nil
    }
}

/// Where the next page of a newest-first list starts: after this booking time and id.
public struct TransactionCursor: Hashable, Sendable {
    public let bookedAt: Int64
    public let id: Int64

    public init(bookedAt: Int64, id: Int64) {
        self.bookedAt = bookedAt
        self.id = id
    }
}

/// The sum of a filter in one currency. Currencies are never added together.
public struct CurrencyTotal: Hashable, Sendable {
    public let money: Money
    public let count: Int

    public init(money: Money, count: Int) {
        self.money = money
        self.count = count
    }
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
