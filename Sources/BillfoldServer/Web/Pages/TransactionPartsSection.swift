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
        return H.section(.class("card parts"), .id("split"), .label(t.kind == .group ? "Group" : "Split")) {
            if let error { H.p(.class("form-error"), .attr("role", "alert")) { error.message } }
            switch (t.kind, t.parentID, t.groupID) {
            case (.split?, _, _):
                H.h2 { "Split into \(children.count) parts" }
                H.p(.class("secondary")) { "The parts count in totals; this transaction does not." }
                H.ul(.class("txn-list")) { rows.rows(children) }
                H.form(.method("post"), .action(action)) {
                    H.input(.type("hidden"), .name("action"), .value("unsplit"))
                    H.button(.type("submit"), .class("button")) { "Unsplit" }
                }
            case (.group?, _, _):
                H.h2 { "Group of \(children.count) transactions" }
                H.p(.class("secondary")) { "Its transactions count in totals; the group itself does not." }
                H.ul(.class("txn-list")) { rows.rows(children) }
                H.form(.method("post"), .action(action)) {
                    H.input(.type("hidden"), .name("action"), .value("ungroup"))
                    H.button(.type("submit"), .class("button")) { "Ungroup" }
                }
            case (nil, let parent?, _):
                H.h2 { "Split" }
                H.p { H.a(.href(WebPages.transaction.path(parent))) { "Part of a split: see the whole transaction" } }
            case (nil, nil, let group?):
                H.h2 { "Group" }
                H.p { H.a(.href(WebPages.transaction.path(group))) { "In a group: see the group" } }
            case (nil, nil, nil):
                splitForm(action)
            }
        }
    }

    private func splitForm(_ action: String) -> HTML {
        let picker = CategoryPickerField(categories: rows.categories, selected: nil)
        return H.el("details", []) {
            H.el("summary", []) { H.h2(.class("inline")) { "Split this transaction" } }
            H.p(.class("secondary")) {
                "Give each part its amount (together \(rows.format.money(transaction.money))) and, if it differs, its category and payee."
            }
            H.form(.method("post"), .action(action), .class("split-form")) {
                H.input(.type("hidden"), .name("action"), .value("split"))
                for index in 1...Self.formParts {
                    H.div(.class("split-part")) {
                        H.label(.for("amount\(index)")) { "Part \(index)" }
                        H.input(
                            .type("text"), .id("amount\(index)"), .name("amount\(index)"),
                            .attr("inputmode", "decimal"),
                            .label("Part \(index) amount"))
                        picker.select(
                            [.name("category\(index)"), .label("Part \(index) category")], none: "Same category")
                        H.input(
                            .type("text"), .name("payee\(index)"), .attr("placeholder", transaction.payee),
                            .label("Part \(index) payee"))
                    }
                }
                H.button(.type("submit"), .class("button primary")) { "Split" }
            }
        }
    }

    private func tagsCard(_ action: String) -> HTML {
        H.section(.class("card tags"), .id("tags"), .label("Tags")) {
            H.h2 { "Tags" }
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
                H.label(.for("new-tag")) { "New tag" }
                H.input(.type("text"), .id("new-tag"), .name("newTag"), .attr("maxlength", String(TagRules.maxName)))
                H.button(.type("submit"), .class("button")) { "Save tags" }
            }
        }
    }
}
