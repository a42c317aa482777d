import BillfoldAPI
import BillfoldCore
import Foundation

/// Before the rules are applied to the transactions already there: what would change, and the
/// button that does it (undone whole from the rules page afterwards).
struct RulesApplyPage: WebPage {
    let preview: RuleApplication.Preview
    let names: RuleNames
    let format: DisplayFormat

    func document(_ context: PageContext) -> Document {
        Layout(context: context, title: tr("rules.apply.title"), section: .categories).document {
            H.a(.class("back-link"), .href(WebPages.rules.path())) { tr("rules.backToRules") }
            H.header(.class("page-header")) { H.h1 { tr("rules.apply.title") } }
            H.p(.class("secondary")) { tr("rules.apply.intro") }
            RuleChangesSection(preview: preview, names: names, format: format, listed: 50).html
            if !preview.changes.isEmpty {
                H.form(.method("post"), .action(WebPages.applyRules.path()), .class("form-actions")) {
                    H.button(.type("submit"), .class("button primary"), .id("apply")) {
                        tr("rules.apply.button", count: preview.changes.count)
                    }
                    H.a(.class("button subtle"), .href(WebPages.rules.path())) { tr("rules.form.cancel") }
                }
            }
        }
    }
}
