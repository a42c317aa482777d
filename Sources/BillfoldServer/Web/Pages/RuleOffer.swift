import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Vapor

/// "Always put “Carrefour” in Groceries?" or "Always show “Amazon Mktpl” as “Amazon”?", offered
/// where a person has just put a transaction in a category or corrected its payee: a rule that
/// looks for the stable part of the bank's text (not the date or card number in it), made with one
/// click.
struct RuleOffer: Sendable {
    enum Decision: Sendable {
        case category(id: Int64, name: String)
        case payee(String)
    }

    let text: String
    let decision: Decision

    /// The offer after `transaction` was put in its category, unless the person's rules already
    /// put it there (or it has none, or no text to look for).
    static func after(_ transaction: Transaction, tree: CategoryTree, rules: RuleBook) -> RuleOffer? {
        guard let id = transaction.categoryID, let category = tree.category(id),
            let text = stableText(transaction)
        else { return nil }
        var subject = RuleSubject(transaction, tagIDs: [])
        subject.categoryID = nil
        subject.categorySource = nil
        if rules.apply(to: subject).subject.categoryID == id { return nil }
        return RuleOffer(text: text, decision: .category(id: id, name: category.name))
    }

    /// The offer after the person corrected `transaction`'s payee, unless it is what the bank's
    /// text cleans to anyway or the person's rules already name it so.
    static func afterRenaming(_ transaction: Transaction, rules: RuleBook) -> RuleOffer? {
        let payee = transaction.payee
        guard let text = stableText(transaction), !payee.isEmpty, payee != text else { return nil }
        var subject = RuleSubject(transaction, tagIDs: [])
        subject.payee = text
        if rules.apply(to: subject).subject.payee == payee { return nil }
        return RuleOffer(text: text, decision: .payee(payee))
    }

    /// What a rule looks for in the bank's text: its clean payee, when it has one short enough.
    private static func stableText(_ transaction: Transaction) -> String? {
        let text = PayeeCleaner.clean(transaction.originalName)
        return text.isEmpty || text.count > RulePattern.maxLength ? nil : text
    }

    func html(back: String) -> HTML {
        H.section(.class("card rule-offer"), .id(id + "-offer"), .attr("role", "status")) {
            switch decision {
            case .category(_, let name): H.p { tr("rules.offer.question", ["text": text, "category": name]) }
            case .payee(let payee): H.p { tr("rules.offer.renameQuestion", ["text": text, "payee": payee]) }
            }
            H.form(.method("post"), .action(WebPages.quickRule.path()), .class("offer-buttons")) {
                H.input(.type("hidden"), .name("text"), .value(text))
                switch decision {
                case .category(let id, _): H.input(.type("hidden"), .name("category"), .value(String(id)))
                case .payee(let payee): H.input(.type("hidden"), .name("payee"), .value(payee))
                }
                H.input(.type("hidden"), .name("back"), .value(back))
                H.button(.type("submit"), .class("button primary small"), .id(id + "-make")) {
                    tr("rules.offer.make")
                }
            }
        }
    }

    /// The start of the card's and its button's ids.
    private var id: String {
        switch decision {
        case .category: "rule"
        case .payee: "rename"
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
    /// transaction, and after the person put it in a category or corrected its payee, a rule for it.
    mutating func offerDecisions(_ request: Request, afterRecategorising: Bool, afterRenaming: Bool) async throws {
        let tree = try await request.categoryService.tree()
        if let guess = try await request.suggestionService.suggestions(for: [transaction])[transaction.id],
            let name = tree.category(guess.categoryID)?.name
        {
            suggestion = (guess.categoryID, name)
        }
        guard afterRecategorising || afterRenaming else { return }
        let rules = try await request.ruleService.repository.book()
        ruleOffers = [
            afterRecategorising ? RuleOffer.after(transaction, tree: tree, rules: rules) : nil,
            afterRenaming ? RuleOffer.afterRenaming(transaction, rules: rules) : nil,
        ].compactMap { $0 }
    }
}
