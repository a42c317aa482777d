import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Vapor

/// "Always put “Carrefour” in Groceries?", offered where a person has just put a transaction in
/// a category: a rule that looks for the stable part of the bank's text (not the date or card
/// number in it), made with one click.
struct RuleOffer: Sendable {
    let text: String
    let categoryID: Int64
    let categoryName: String

    /// The offer after `transaction` was put in its category, unless the person's rules already
    /// put it there (or it has none, or no text to look for).
    static func after(_ transaction: Transaction, tree: CategoryTree, rules: RuleBook) -> RuleOffer? {
        guard let id = transaction.categoryID, let category = tree.category(id) else { return nil }
        let text = PayeeCleaner.clean(transaction.originalName)
        guard !text.isEmpty, text.count <= RulePattern.maxLength else { return nil }
        var subject = RuleSubject(transaction, tagIDs: [])
        subject.categoryID = nil
        subject.categorySource = nil
        if rules.apply(to: subject).subject.categoryID == id { return nil }
        return RuleOffer(text: text, categoryID: id, categoryName: category.name)
    }

    func html(back: String) -> HTML {
        H.section(.class("card rule-offer"), .id("rule-offer"), .attr("role", "status")) {
            H.p { tr("rules.offer.question", ["text": text, "category": categoryName]) }
            H.form(.method("post"), .action(WebPages.quickRule.path()), .class("offer-buttons")) {
                H.input(.type("hidden"), .name("text"), .value(text))
                H.input(.type("hidden"), .name("category"), .value(String(categoryID)))
                H.input(.type("hidden"), .name("back"), .value(back))
                H.button(.type("submit"), .class("button primary small"), .id("rule-make")) { tr("rules.offer.make") }
            }
        }
    }
}

extension TransactionDetailPage {
    /// "Suggested: Groceries" with the button that takes it (the person's decision).
    func suggestionCard(_ suggestion: (categoryID: Int64, name: String)) -> HTML {
        H.section(.class("card rule-offer"), .id("suggestion")) {
            H.p { tr("transactions.suggested", ["category": suggestion.name]) }
            H.form(.method("post"), .action(WebPages.saveTransaction.path(transaction.id)), .class("offer-buttons")) {
                H.input(.type("hidden"), .name("back"), .value(back))
                H.input(.type("hidden"), .name("categoryId"), .value(String(suggestion.categoryID)))
                H.button(.type("submit"), .class("button primary small"), .id("take-suggestion")) {
                    tr("transactions.takeSuggestion", ["category": suggestion.name])
                }
            }
        }
    }

    /// What the page offers to decide in one click: the suggested category of an uncategorised
    /// transaction, and after the person put it in a category, a rule for it.
    mutating func offerDecisions(_ request: Request, afterRecategorising: Bool) async throws {
        let tree = try await request.categoryService.tree()
        if let guess = try await request.suggestionService.suggestions(for: [transaction])[transaction.id],
            let name = tree.category(guess.categoryID)?.name
        {
            suggestion = (guess.categoryID, name)
        }
        if afterRecategorising {
            ruleOffer = RuleOffer.after(transaction, tree: tree, rules: try await request.ruleService.repository.book())
        }
    }
}
