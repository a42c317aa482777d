import Foundation

/// One of a person's rules: when every condition holds for a transaction coming in, the actions
/// change it. The person's rules run in their order; a rule may say to stop after it.
public struct Rule: Hashable, Sendable, Identifiable {
    public var id: Int64
    /// What the person calls it; empty for a rule named by what it does.
    public var name: String
    /// Switched off, a rule is kept but runs nowhere.
    public var isEnabled: Bool
    /// Its place among the person's rules: lower runs first.
    public var position: Int
    /// All must hold; none holds for every transaction.
    public var conditions: [RuleCondition]
    public var actions: [RuleAction]
    /// No later rule runs on a transaction this one changed.
    public var stopsAfter: Bool
    /// Also sets the category of a transaction that came with its own (a bank file's, Lunch
    /// Money's): without it a rule categorises only what arrives uncategorised.
    public var overridesSource: Bool

    public init(
        id: Int64 = 0, name: String = "", isEnabled: Bool = true, position: Int = 0,
        conditions: [RuleCondition], actions: [RuleAction], stopsAfter: Bool = false,
        overridesSource: Bool = false
    ) {
        self.id = id
        self.name = name
        self.isEnabled = isEnabled
        self.position = position
        self.conditions = conditions
        self.actions = actions
        self.stopsAfter = stopsAfter
        self.overridesSource = overridesSource
    }
}

extension Rule {
    /// The rule without the actions that name a category or tag not among these (the person's).
    public func keeping(categories: Set<Int64>, tags: Set<Int64>) -> Rule {
        var kept = self
        kept.actions = actions.compactMap { action in
            switch action {
            case .setCategory(let id): return categories.contains(id) ? action : nil
            case .addTags(let ids):
                let known = ids.filter(tags.contains)
                return known.isEmpty ? nil : .addTags(known)
            case .renamePayee, .appendNotes, .markCleared: return action
            }
        }
        return kept
    }
}

/// One thing a rule looks at.
public enum RuleCondition: Hashable, Sendable {
    /// The payee or the bank's own text (the original name), compared as `RuleText` folds it.
    case text(RuleTextField, RuleTextTest)
    /// The notes hold these words.
    case notesContain(String)
    /// The amount, without its sign, equals this figure (in the transaction's own currency).
    case amountIs(Decimal)
    /// The amount, without its sign, lies between these figures, both included.
    case amountBetween(Decimal, Decimal)
    /// Money in (positive) or out (negative).
    case direction(MoneyDirection)
    case account(Int64)
    case currency(Currency)
}

public enum RuleTextField: String, Hashable, Sendable, CaseIterable {
    case payee
    /// The bank's own text, kept as the original name.
    case bankText
}

/// How a text is compared: each holds the folded words it looks for.
public enum RuleTextTest: Hashable, Sendable {
    case isExactly(String)
    case contains(String)
    case startsWith(String)
    case matches(RulePattern)
}

public enum MoneyDirection: String, Hashable, Sendable, CaseIterable {
    case moneyIn = "in"
    case moneyOut = "out"
}

/// One change a rule makes.
public enum RuleAction: Hashable, Sendable {
    case setCategory(Int64)
    /// The payee shown; the bank's text stays as the original name.
    case renamePayee(String)
    case addTags([Int64])
    case appendNotes(String)
    case markCleared
}

/// A transaction as rules see it on its way in (or again, applied to existing ones), and what
/// they change on it.
public struct RuleSubject: Hashable, Sendable {
    public var payee: String
    public var bankText: String
    public var notes: String
    public var money: Money
    public var accountID: Int64?
    public var categoryID: Int64?
    public var categorySource: CategorySource?
    public var status: TransactionStatus
    public var tagIDs: [Int64]

    public init(
        payee: String, bankText: String, notes: String = "", money: Money, accountID: Int64? = nil,
        categoryID: Int64? = nil, categorySource: CategorySource? = nil, status: TransactionStatus = .uncleared,
        tagIDs: [Int64] = []
    ) {
        self.payee = payee
        self.bankText = bankText
        self.notes = notes
        self.money = money
        self.accountID = accountID
        self.categoryID = categoryID
        self.categorySource = categorySource
        self.status = status
        self.tagIDs = tagIDs
    }
}
