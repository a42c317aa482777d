import BillfoldAPI
import BillfoldCore
import BillfoldStore

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
