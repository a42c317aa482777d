import Foundation

/// A rule in the person's words, the same on the rules page, in `billfold rules list` and in
/// the offers to make one: "payee contains “REWE”" and "category Groceries, then stop".
public struct RuleDescription: Sendable {
    public let words: Words
    public let categoryName: @Sendable (Int64) -> String?
    public let tagName: @Sendable (Int64) -> String?
    public let accountName: @Sendable (Int64) -> String?

    public init(
        words: Words, categoryName: @escaping @Sendable (Int64) -> String?,
        tagName: @escaping @Sendable (Int64) -> String?, accountName: @escaping @Sendable (Int64) -> String?
    ) {
        self.words = words
        self.categoryName = categoryName
        self.tagName = tagName
        self.accountName = accountName
    }

    /// "payee contains “REWE” and money out".
    public func conditions(of rule: Rule) -> String {
        rule.conditions.map(condition).joined(separator: words("rules.and"))
    }

    /// "category Groceries, tags Trip" and, for a rule that stops, ", then stop".
    public func actions(of rule: Rule) -> String {
        var parts = rule.actions.map(action)
        if rule.stopsAfter { parts.append(words("rules.stops")) }
        return words.list(parts)
    }

    public func condition(_ condition: RuleCondition) -> String {
        switch condition {
        case .text(let field, let test):
            let name = words("rules.field.\(field.rawValue)")
            switch test {
            case .isExactly(let value): return words("rules.test.is", ["field": name, "value": value])
            case .contains(let value): return words("rules.test.contains", ["field": name, "value": value])
            case .startsWith(let value): return words("rules.test.startsWith", ["field": name, "value": value])
            case .matches(let pattern): return words("rules.test.matches", ["field": name, "value": pattern.text])
            }
        case .notesContain(let value):
            return words("rules.test.contains", ["field": words("rules.field.notes"), "value": value])
        case .amountIs(let figure): return words("rules.amount.is", ["value": "\(figure)"])
        case .amountBetween(let low, let high):
            return words("rules.amount.between", ["low": "\(low)", "high": "\(high)"])
        case .direction(let direction): return words("rules.direction.\(direction.rawValue)")
        case .account(let id): return words("rules.account", ["name": accountName(id) ?? "#\(id)"])
        case .currency(let currency): return words("rules.currency", ["code": currency.code])
        }
    }

    public func action(_ action: RuleAction) -> String {
        switch action {
        case .setCategory(let id): words("rules.action.setCategory", ["name": categoryName(id) ?? "#\(id)"])
        case .renamePayee(let payee): words("rules.action.renamePayee", ["payee": payee])
        case .addTags(let ids):
            words("rules.action.addTags", ["names": words.list(ids.map { tagName($0) ?? "#\($0)" })])
        case .appendNotes(let notes): words("rules.action.appendNotes", ["notes": notes])
        case .markCleared: words("rules.action.markCleared")
        }
    }
}
