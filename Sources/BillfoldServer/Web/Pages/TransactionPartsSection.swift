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
    /// The split form's fields as sent when it was refused: its rows come back as typed.
    var typedSplit: [String: String]?
    /// Why the tags could not be saved with the edit form.
    var tagsError: BillfoldError?
    /// The tags ticked and the new one typed in a form that was refused: shown as they were sent.
    var typedTags: (ids: Set<Int64>, new: String)?
    /// Why the split or the tags could not be saved.
    var error: BillfoldError?

    /// Part rows the split form offers at first; rows left empty are not parts.
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

    /// The split form's rows: as many as were sent when it was refused (each as typed), else
    /// `formParts`; the page's script adds more, up to `SplitRules.maxParts`.
    private var splitRows: Int {
        let typed = (typedSplit ?? [:]).keys.compactMap { Self.partNumber(of: $0) }.max() ?? 0
        return min(SplitRules.maxParts, max(Self.formParts, typed))
    }

    /// 3 for `amount3`, `category3` or `payee3`.
    static func partNumber(of field: String) -> Int? {
        for prefix in ["amount", "category", "payee"] where field.hasPrefix(prefix) {
            return Int(field.dropFirst(prefix.count)).flatMap { $0 >= 1 ? $0 : nil }
        }
        return nil
    }

    private func splitForm(_ action: String) -> HTML {
        let t = transaction
        let typed = typedSplit ?? [:]
        return H.el("details", typedSplit == nil ? [] : [.flag("open")]) {
            H.el("summary", []) { H.h2(.class("inline")) { tr("transactions.parts.splitThis") } }
            H.p(.class("secondary")) {
                tr("transactions.parts.splitAdvice", ["amount": rows.format.money(t.money)])
            }
            H.form(
                .method("post"), .action(action), .class("split-form"),
                // What the script needs to say what is left to split as the parts are typed.
                .data("total-minor", String(t.money.minorUnits)), .data("currency", t.money.currency.code),
                .data("minor-units", String(t.money.currency.minorUnits)),
                .data("decimal", rows.format.locale.decimalSeparator ?? "."),
                .data("max-parts", String(SplitRules.maxParts))
            ) {
                H.input(.type("hidden"), .name("action"), .value("split"))
                H.div(.class("split-part split-head"), .aria("hidden", "true")) {
                    H.span {}
                    H.span { tr("transactions.parts.columnAmount") }
                    H.span { tr("transactions.parts.columnCategory") }
                    H.span { tr("transactions.parts.columnPayee") }
                }
                for index in 1...splitRows { partRow(index, typed: typed) }
                H.p(.class("split-remainder"), .attr("aria-live", "polite")) {}
                H.div(.class("split-actions")) {
                    H.button(.type("button"), .class("button add-part")) { tr("transactions.parts.addPart") }
                    H.button(.type("submit"), .class("button primary")) { tr("transactions.parts.splitButton") }
                }
            }
        }
    }

    /// One part's amount, category and payee, as typed when the form came back refused.
    func partRow(_ index: Int, typed: [String: String]) -> HTML {
        let picker = CategoryPickerField(
            categories: rows.categories, selected: typed["category\(index)"].flatMap { Int64($0) })
        return H.div(.class("split-part")) {
            H.label(.for("amount\(index)")) { tr("transactions.parts.part", ["number": String(index)]) }
            H.input(
                .type("text"), .id("amount\(index)"), .name("amount\(index)"), .attr("inputmode", "decimal"),
                .value(typed["amount\(index)"] ?? ""),
                .label(tr("transactions.parts.partAmount", ["number": String(index)])))
            picker.select(
                [
                    .name("category\(index)"),
                    .label(tr("transactions.parts.partCategory", ["number": String(index)])),
                ],
                none: tr("transactions.parts.sameCategory"))
            H.input(
                .type("text"), .name("payee\(index)"), .attr("placeholder", transaction.payee),
                .attr("maxlength", String(TransactionRules.maxPayee)), .value(typed["payee\(index)"] ?? ""),
                .label(tr("transactions.parts.partPayee", ["number": String(index)])))
        }
    }

    /// The tags are fields of the transaction's edit form (`form="edit-form"`), not a form of their
    /// own: "Save tags" saves the payee, notes and the rest as typed too, so neither save throws
    /// away what was typed in the other.
    private func tagsCard(_ action: String) -> HTML {
        let ofEditForm = Attr.attr("form", TransactionDetailPage.editFormID)
        let ticked = { (tag: Tag) in typedTags.map { $0.ids.contains(tag.id) } ?? carried.contains(tag) }
        return H.section(.class("card tags"), .id("tags"), .label(tr("transactions.tags"))) {
            H.h2 { tr("transactions.tags") }
            if let tagsError { H.p(.class("form-error"), .attr("role", "alert")) { tagsError.message } }
            H.div(.class("tags-form")) {
                HTML.void("input", [.type("hidden"), .name("tagsShown"), .value("1"), ofEditForm])
                if !tags.isEmpty {
                    H.div(.class("tag-choices")) {
                        for tag in tags where !tag.archived || carried.contains(tag) {
                            H.label(.class("tag-choice")) {
                                HTML.void(
                                    "input",
                                    [.type("checkbox"), .name("tag\(tag.id)"), .value("on"), ofEditForm]
                                        + (ticked(tag) ? [.flag("checked")] : []))
                                tag.name
                            }
                        }
                    }
                }
                H.label(.for("new-tag")) { tr("transactions.tags.new") }
                H.input(
                    .type("text"), .id("new-tag"), .name("newTag"), .attr("maxlength", String(TagRules.maxName)),
                    .value(typedTags?.new ?? ""), ofEditForm)
                H.button(.type("submit"), .class("button"), ofEditForm) { tr("transactions.tags.save") }
            }
        }
    }
}
