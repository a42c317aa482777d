import BillfoldAPI
import BillfoldCore
import BillfoldStore
import NIOHTTP1

/// One transaction: everything known about it, and a form for what the user may change.
struct TransactionDetailPage: WebPage {
    let transaction: Transaction
    let rows: TransactionRows
    let accountName: String
    /// The list to go back to, with its filters.
    let back: String
    /// What the user changed, newest first.
    var history: [TransactionEdit] = []
    /// Its changes not yet in the connected Lunch Money; nil when it is not shared with one.
    var lunchMoney: [LunchMoneyPending]?
    var error: BillfoldError?
    /// The user's accounts, to move the transaction to another.
    var accounts: [Account] = []
    /// The booking time as the date-and-time field shows it, in the user's zone.
    var localBookedAt = ""
    /// What the person typed, shown again when saving it failed.
    var typed: Values?
    /// Its split or group, and its tags.
    var parts: TransactionPartsSection?
    /// After the person put it in a category or corrected its payee: a rule for what the bank
    /// calls it, one click away.
    var ruleOffers: [RuleOffer] = []
    /// Uncategorised: the category learned from the person's decisions, to take with one click.
    var suggestion: (categoryID: Int64, name: String)?

    /// The edit form as posted.
    struct Values: Codable, Sendable {
        var categoryId: String?
        var status: String?
        var notes: String?
        var back: String?
        var payee: String?
        var amount: String?
        var currency: String?
        var bookedAt: String?
        var accountId: String?
        var overrideImported: String?
        /// Set by the list's script when the form was sent from the pane beside the list.
        var pane: String?
    }

    /// The edit form's id: the tags' fields belong to it from their own card.
    static let editFormID = "edit-form"

    func document(_ context: PageContext) -> Document {
        Layout(context: context, title: transaction.shownPayee, section: .transactions, scripts: ["split-form.js"])
            .document(status: error == nil ? .ok : .badRequest) {
                H.a(.class("back-link"), .href(back)) { tr("transactions.backToList") }
                content
            }
    }

    /// The detail alone, for the pane beside the list on wide screens: after a save, with what
    /// was said about it and the transaction's new row for the list.
    func pane(_ context: PageContext) -> Document {
        var parts: [HTML] = []
        if let notice = context.notice {
            parts.append(H.div(.class("notice"), .attr("role", "status"), .attr("tabindex", "-1")) { notice })
        }
        parts += context.newAwards.map(Layout.notice(of:))
        parts.append(H.el("template", [.id("pane-row")]) { rows.row(transaction) })
        return Document(
            status: error == nil ? .ok : .badRequest,
            html: HTML.group(parts + content).rendered(formToken: context.csrfToken))
    }

    private var content: [HTML] {
        let t = transaction
        let format = rows.format
        return ruleOffers.map { $0.html(back: WebPages.transaction.path(t.id, query: [("back", back)])) }
            + (suggestion.map { [suggestionCard($0)] } ?? []) + [
                H.section(.class("card detail")) {
                    H.header(.class("detail-header")) {
                        H.div {
                            H.h1(.attr("tabindex", "-1")) { t.shownPayee }
                            H.p(.class("secondary")) {
                                t.isDayOnly
                                    ? format.dayHeading(t.bookedAt.epochSeconds)
                                    : tr(
                                        "transactions.dayAndTime",
                                        [
                                            "day": format.dayHeading(t.bookedAt.epochSeconds),
                                            "time": format.time(t.bookedAt.epochSeconds),
                                        ])
                            }
                        }
                        H.div(.class("detail-amount")) {
                            rows.amount(t.money, transfer: t.transferID != nil, counted: t.counts)
                        }
                    }
                    H.dl(.class("facts")) {
                        fact(tr("transactions.account"), accountName)
                        fact(tr("transactions.originalName"), t.originalName)
                        fact(tr("transactions.notes"), t.notes)
                        if let other = t.transferID {
                            H.div {
                                H.dt { tr("transactions.transfer") }
                                H.dd {
                                    H.a(.href(WebPages.transaction.path(other))) {
                                        t.money.isExpense
                                            ? tr("transactions.seeWhereArrived") : tr("transactions.seeWhereCameFrom")
                                    }
                                }
                            }
                        } else {
                            H.div {
                                H.dt { tr("transactions.category") }
                                H.dd { rows.category(t.categoryID) }
                            }
                            if let source = t.categorySource {
                                fact(tr("transactions.categorySource"), Self.name(of: source))
                            }
                        }
                        H.div {
                            H.dt { tr("transactions.status") }
                            H.dd { rows.status(t.status) }
                        }
                        fact(tr("transactions.currency"), t.money.currency.code)
                        fact(tr("transactions.booked"), format.booked(t))
                        if let external = t.externalID { fact(tr("transactions.externalID"), external) }
                        fact(tr("transactions.added"), format.dateTime(t.createdAt))
                        fact(tr("transactions.lastChanged"), format.dateTime(t.updatedAt))
                    }
                },
                parts?.html ?? HTML.group([]),
                lunchMoney.map(syncSection) ?? HTML.group([]),
                editForm,
                historySection,
            ]
    }

    /// How it stands with the connected Lunch Money: synced, waiting, refused (Retry), or a
    /// field changed in both places, with the person's two choices.
    private func syncSection(_ pending: [LunchMoneyPending]) -> HTML {
        let action = WebPages.syncTransaction.path(transaction.id)
        let waiting = pending.filter { $0.state == .waiting }
        return H.section(.class("card sync"), .id("lunchmoney-sync"), .label(tr("transactions.sync.title"))) {
            H.h2 { tr("transactions.sync.title") }
            if pending.isEmpty {
                H.p(.class("sync-state synced")) { tr("transactions.sync.synced") }
            }
            if !waiting.isEmpty {
                H.p(.class("sync-state waiting")) {
                    tr(
                        "transactions.sync.waiting",
                        ["fields": Words.current.list(waiting.map { Self.label($0.field) })])
                    if let message = waiting.first(where: { !$0.message.isEmpty })?.message {
                        " " + tr("transactions.sync.triesAgain", ["message": message])
                    }
                }
            }
            for refused in pending where refused.state == .refused {
                H.div(.class("sync-state refused")) {
                    H.p {
                        tr(
                            "transactions.sync.refused",
                            ["field": Self.nameInText(refused.field), "message": refused.message])
                    }
                    H.form(.method("post"), .action(action)) {
                        H.input(.type("hidden"), .name("action"), .value("retry"))
                        H.button(.type("submit"), .class("button")) { tr("transactions.sync.retry") }
                    }
                }
            }
            for conflict in pending where conflict.state == .conflict {
                H.div(.class("sync-state conflict")) {
                    H.p {
                        tr(
                            "transactions.sync.conflict",
                            [
                                "field": Self.label(conflict.field), "here": shown(conflict.field, conflict.value),
                                "there": shown(conflict.field, conflict.remoteValue),
                            ])
                    }
                    H.div(.class("form-actions")) {
                        H.form(.method("post"), .action(action)) {
                            H.input(.type("hidden"), .name("action"), .value("keep:\(conflict.field.rawValue)"))
                            H.button(.type("submit"), .class("button")) { tr("transactions.sync.keepBillfold") }
                        }
                        H.form(.method("post"), .action(action)) {
                            H.input(.type("hidden"), .name("action"), .value("take:\(conflict.field.rawValue)"))
                            H.button(.type("submit"), .class("button")) { tr("transactions.sync.takeLunchMoney") }
                        }
                    }
                }
            }
        }
    }

    /// Amount, currency, date and account: a typo in a hand-entered booking can be fixed; an
    /// imported one is the bank's, changed only with the override ticked.
    private var bookingFields: HTML {
        let t = transaction
        return H.fieldset(.class("booking-fields")) {
            H.legend { t.isImported ? tr("transactions.bookingLegendImported") : tr("transactions.bookingLegend") }
            H.div(.class("field-row")) {
                Field.input(
                    "amount", label: tr("transactions.amount"),
                    value: typed?.amount ?? rows.format.typable(t.money),
                    error: error?.fields["amount"], extra: [.required, .attr("inputmode", "decimal")])
                PreferenceFields.currency(
                    typed?.currency ?? t.money.currency.code, label: tr("transactions.currency"),
                    error: error?.fields["currency"])
            }
            Field.input(
                "bookedAt", label: tr("transactions.dateAndTime"), type: "datetime-local",
                value: typed?.bookedAt ?? localBookedAt,
                error: error?.fields["bookedAt"], extra: [.required])
            Field.select(
                "accountId", label: tr("transactions.account"),
                options: accounts.filter { !$0.isArchived || $0.id == t.accountID }.map {
                    (String($0.id), "\($0.displayName) · \($0.currency.code)")
                },
                selected: typed?.accountId ?? String(t.accountID), error: error?.fields["accountId"])
            if t.isImported {
                Field.checkbox(
                    "overrideImported", label: tr("transactions.overrideImported"),
                    checked: typed?.overrideImported != nil, value: "1",
                    extra: [.id("overrideImported")]
                        + (error?.code == .importedBooking ? [.aria("invalid", "true")] : []))
            }
        }
    }

    private func fact(_ term: String, _ value: String) -> HTML {
        H.div {
            H.dt { term }
            H.dd { value.isEmpty ? "—" : value }
        }
    }

    private var editForm: HTML {
        let t = transaction
        return H.section(.class("card")) {
            H.h2 { tr("transactions.edit") }
            if let error, error.fields.isEmpty {
                H.p(.class("form-error"), .attr("role", "alert")) { error.message }
            }
            H.form(
                .method("post"), .action(WebPages.saveTransaction.path(t.id)), .class("edit-form"),
                .id(Self.editFormID)
            ) {
                HTML.void("input", [.type("hidden"), .name("back"), .value(back)])
                // A transfer is neither spending nor income: no category to choose.
                if t.transferID == nil {
                    CategoryPickerField(
                        categories: rows.categories,
                        selected: typed.map { $0.categoryId.flatMap { Int64($0) } } ?? t.categoryID,
                        error: error?.fields["categoryId"]
                    ).html
                }
                Field.input(
                    "payee", label: tr("transactions.payee"), value: typed?.payee ?? t.payee,
                    error: error?.fields["payee"],
                    extra: [.required, .attr("maxlength", String(TransactionRules.maxPayee))])
                Field.select(
                    "status", label: tr("transactions.status"),
                    options: TransactionStatus.allCases.map { ($0.rawValue, $0.label) },
                    selected: typed?.status ?? t.status.rawValue, error: error?.fields["status"])
                if t.transferID == nil {
                    bookingFields
                } else {
                    H.p(.class("secondary")) {
                        tr("transactions.transferSideNote")
                    }
                }
                H.div(.class(error?.fields["notes"] == nil ? "field" : "field invalid")) {
                    H.label(.for("notes")) { tr("transactions.notes") }
                    H.textarea(
                        .id("notes"), .name("notes"), .attr("rows", "3"),
                        .attr("maxlength", String(TransactionRules.maxNotes))
                    ) { typed?.notes ?? t.notes }
                    if let message = error?.fields["notes"] { H.p(.class("field-error")) { message } }
                }
                H.div(.class("form-actions")) {
                    H.button(.type("submit"), .class("button primary")) { tr("transactions.saveChanges") }
                    H.a(
                        .class("button danger"),
                        .href(WebPages.confirmDeleteTransaction.path(t.id, query: [("back", back)]))
                    ) { tr("transactions.deleteEllipsis") }
                }
            }
        }
    }
}

/// A category select: "Uncategorized", then groups as non-selectable headings with their children.
struct CategoryPickerField {
    let categories: CategoryTree
    let selected: Int64?
    var error: String?

    var html: HTML {
        H.div(.class(error == nil ? "field" : "field invalid")) {
            H.label(.for("categoryId")) { tr("transactions.category") }
            select([.id("categoryId"), .name("categoryId")])
            if let error { H.p(.class("field-error")) { error } }
        }
    }

    /// The select alone; `none` names the empty choice ("Uncategorized", or a split part's "Same
    /// category").
    func select(_ attrs: [Attr], none: String = tr("transactions.uncategorized")) -> HTML {
        H.el("select", attrs) {
            H.el("option", [.value("")] + (selected == nil ? [.selected] : [])) { none }
            if let selected, categories.category(selected) == nil {
                H.el("option", [.value(String(selected)), .selected]) {
                    tr("transactions.unknownCategoryID", ["id": String(selected)])
                }
            }
            for top in categories.topLevel {
                if top.isGroup {
                    H.optgroup(.attr("label", top.name)) {
                        for child in categories.children(of: top.id) where offered(child) { option(child) }
                    }
                } else if offered(top) {
                    option(top)
                }
            }
        }
    }

    /// Archived categories are not offered, unless the transaction is in one already.
    private func offered(_ category: Category) -> Bool { !category.flags.archived || category.id == selected }

    private func option(_ category: Category) -> HTML {
        H.el("option", [.value(String(category.id))] + (category.id == selected ? [.selected] : [])) {
            category.name
        }
    }
}
