import Foundation

extension RuleBook {
    /// No rule is switched on: nothing to run.
    public var isEmpty: Bool { rules.isEmpty }

    /// Some rule adds tags: only then does running the book need a transaction's tags.
    public var addsTags: Bool {
        rules.contains { $0.actions.contains { if case .addTags = $0 { true } else { false } } }
    }

    /// Runs the rules on a transaction coming in to `accountID`: the ids of the rules that matched
    /// (none: the row is as it was). The bank's text stays the original name.
    public func apply(to row: inout NewTransaction, accountID: Int64) -> [Int64] {
        var texts = RuleTexts()
        return apply(to: &row, accountID: accountID, texts: &texts)
    }

    /// The same, folding texts through `texts` (one for a whole import).
    public func apply(to row: inout NewTransaction, accountID: Int64, texts: inout RuleTexts) -> [Int64] {
        guard !isEmpty else { return [] }
        let (after, matched) = apply(to: RuleSubject(row, accountID: accountID), texts: &texts)
        guard !matched.isEmpty else { return [] }
        row.payee = after.payee
        row.notes = after.notes
        row.status = after.status
        row.tagIDs = after.tagIDs
        if after.categoryID != row.categoryID {
            row.categoryID = after.categoryID
            row.categorySource = after.categorySource
        }
        return matched
    }
}

extension RuleSubject {
    /// A transaction coming in, as rules see it.
    public init(_ row: NewTransaction, accountID: Int64) {
        self.init(
            payee: row.payee, bankText: row.originalName, notes: row.notes, money: row.money, accountID: accountID,
            categoryID: row.categoryID, categorySource: row.storedCategorySource, status: row.status,
            tagIDs: row.tagIDs)
    }

    /// A transaction already kept, as rules see it (applied to existing ones).
    public init(_ transaction: Transaction, tagIDs: [Int64]) {
        self.init(
            payee: transaction.payee, bankText: transaction.originalName, notes: transaction.notes,
            money: transaction.money, accountID: transaction.accountID, categoryID: transaction.categoryID,
            categorySource: transaction.categoryID == nil ? nil : transaction.categorySource ?? .person,
            status: transaction.status, tagIDs: tagIDs)
    }
}
