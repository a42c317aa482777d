import BillfoldAPI
import BillfoldCore

/// On a transaction's page: its split (parts, Unsplit) or a form to split it, its group
/// (members, Ungroup) or the group it is in, and its tags.
struct TransactionPartsSection {
    let transaction: Transaction
    let rows: TransactionRows
    /// A split parent's parts or a group's members.
    var children: [Transaction] = []
    /// Every tag the person has, and those this transaction carries.
    var tags: [Tag] = []
    var carried: [Tag] = []
    /// Why the split or the tags could not be saved.
    var error: BillfoldError?

    /// Part rows the split form offers; rows left empty are not parts.
    static let formParts = 4

    var html: HTML {
        let action = WebPages.changeTransactionParts.path(transaction.id)
        return HTML.group([
            splitCard(action),
            tagsCard(action),
        ])
    }

    private func splitCard(_ action: String) -> HTML {
        let t = transaction
        if t.transferID != nil { return HTML.group([]) }
        return H.section(
            .class("card parts"), .id("split"),
            .label(t.kind == .group ? tr("transactions.parts.groupTitle") : tr("transactions.parts.splitTitle"))
        ) {
            if let error { H.p(.class("form-error"), .attr("role", "alert")) { error.message } }
            switch (t.kind, t.parentID, t.groupID) {
            case (.split?, _, _):
                H.h2 { tr("transactions.parts.splitInto", count: children.count) }
                H.p(.class("secondary")) { tr("transactions.parts.partsCount") }
                H.ul(.class("txn-list")) { rows.rows(children) }
                H.form(.method("post"), .action(action)) {
                    H.input(.type("hidden"), .name("action"), .value("unsplit"))
                    H.button(.type("submit"), .class("button")) { tr("transactions.parts.unsplit") }
                }
            case (.group?, _, _):
                H.h2 { tr("transactions.parts.groupOf", count: children.count) }
                H.p(.class("secondary")) { tr("transactions.parts.membersCount") }
                H.ul(.class("txn-list")) { rows.rows(children) }
                H.form(.method("post"), .action(action)) {
                    H.input(.type("hidden"), .name("action"), .value("ungroup"))
                    H.button(.type("submit"), .class("button")) { tr("transactions.parts.ungroup") }
                }
            case (nil, let parent?, _):
                H.h2 { tr("transactions.parts.splitTitle") }
                H.p { H.a(.href(WebPages.transaction.path(parent))) { tr("transactions.parts.seeWhole") } }
            case (nil, nil, let group?):
                H.h2 { tr("transactions.parts.groupTitle") }
                H.p { H.a(.href(WebPages.transaction.path(group))) { tr("transactions.parts.seeGroup") } }
            case (nil, nil, nil):
                splitForm(action)
            }
        }
    }

    private func splitForm(_ action: String) -> HTML {
        let picker = CategoryPickerField(categories: rows.categories, selected: nil)
        return H.el("details", []) {
            H.el("summary", []) { H.h2(.class("inline")) { tr("transactions.parts.splitThis") } }
            H.p(.class("secondary")) {
                tr("transactions.parts.splitAdvice", ["amount": rows.format.money(transaction.money)])
            }
            H.form(.method("post"), .action(action), .class("split-form")) {
                H.input(.type("hidden"), .name("action"), .value("split"))
                for index in 1...Self.formParts {
                    H.div(.class("split-part")) {
                        H.label(.for("amount\(index)")) { tr("transactions.parts.part", ["number": String(index)]) }
                        H.input(
                            .type("text"), .id("amount\(index)"), .name("amount\(index)"),
                            .attr("inputmode", "decimal"),
                            .label(tr("transactions.parts.partAmount", ["number": String(index)])))
                        picker.select(
                            [
                                .name("category\(index)"),
                                .label(tr("transactions.parts.partCategory", ["number": String(index)])),
                            ],
                            none: tr("transactions.parts.sameCategory"))
                        H.input(
                            .type("text"), .name("payee\(index)"), .attr("placeholder", transaction.payee),
                            .label(tr("transactions.parts.partPayee", ["number": String(index)])))
                    }
                }
                H.button(.type("submit"), .class("button primary")) { tr("transactions.parts.splitButton") }
            }
        }
    }

    private func tagsCard(_ action: String) -> HTML {
        H.section(.class("card tags"), .id("tags"), .label(tr("transactions.tags"))) {
            H.h2 { tr("transactions.tags") }
            H.form(.method("post"), .action(action), .class("tags-form")) {
                H.input(.type("hidden"), .name("action"), .value("tags"))
                if !tags.isEmpty {
                    H.div(.class("tag-choices")) {
                        for tag in tags where !tag.archived || carried.contains(tag) {
                            H.label(.class("tag-choice")) {
                                HTML.void(
                                    "input",
                                    [.type("checkbox"), .name("tag\(tag.id)"), .value("on")]
                                        + (carried.contains(tag) ? [.flag("checked")] : []))
                                tag.name
                            }
                        }
                    }
                }
                H.label(.for("new-tag")) { tr("transactions.tags.new") }
                H.input(.type("text"), .id("new-tag"), .name("newTag"), .attr("maxlength", String(TagRules.maxName)))
                H.button(.type("submit"), .class("button")) { tr("transactions.tags.save") }
            }
        }
    }
}
