import Foundation

/// A `TransactionFilter` made concrete for one user: category ids expanded through groups and
/// days turned into instants in the user's time zone. This is what the store runs.
public struct TransactionQuery: Hashable, Sendable {
    /// Nil: any category. Otherwise the ids to match (a group and its children).
    public var categoryIDs: [Int64]?
    public var uncategorized: Bool
    public var status: TransactionStatus?
    public var range: InstantRange
    /// Lowercased search text.
    public var text: String?
    /// Only this account's transactions (the Lunch Money API's `asset_id`).
    public var accountID: Int64?
    /// Only what one bank file import brought.
    public var importID: Int64?
    /// Leaves pending rows out, as Lunch Money's list does unless asked for them (`pending=true`).
    public var withoutPending = false
    /// Only transactions carrying this tag.
    public var tagID: Int64?
    /// Only group rows (Lunch Money's `is_group=true`).
    public var onlyGroups = false
    /// Leaves out split parents and group rows: what is counted, for the review deck and exports.
    public var countedOnly = false
    /// Leaves out a group's members when the same query lists the group's own row: the web list
    /// shows them under it. Rows only: totals still count the members.
    public var foldingGroups = false

    public init(
        categoryIDs: [Int64]? = nil, uncategorized: Bool = false, status: TransactionStatus? = nil,
        range: InstantRange, text: String? = nil
    ) {
        self.categoryIDs = categoryIDs
        self.uncategorized = uncategorized
        self.status = status
        self.range = range
        self.text = text?.lowercased()
    }

    /// Everything the user has.
    public static let everything = TransactionQuery(range: InstantRange(lowerBound: nil, upperBound: nil))
}

extension TransactionFilter {
    /// Resolves the filter against the user's categories and time zone. A category the user does
    /// not have is refused the same way whether it is missing or someone else's.
    public func query(categories: CategoryTree, timeZone: TimeZone) throws(BillfoldError)
        -> TransactionQuery
    {
        var ids: [Int64]?
        if let categoryID {
            let matching = categories.idsMatching(categoryID)
            guard !matching.isEmpty else {
                throw .validation("category", Phrase("error.core.noCategoryWithID", ["id": String(categoryID)]))
            }
            ids = matching
        }
        var query = TransactionQuery(
            categoryIDs: ids, uncategorized: uncategorized, status: status,
            range: try InstantRange(from: from, to: to, in: timeZone), text: text)
        query.importID = importID
        query.accountID = accountID
        query.tagID = tagID
        return query
    }
}
