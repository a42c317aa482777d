import BillfoldAPI
import BillfoldCore
import NIOHTTP1

/// What the person typed into "Add a recurring payment", shown again with the reason when refused.
struct RecurringFormValues: Sendable {
    var payee = ""
    var amount = ""
    var currency = ""
    var rhythm = Rhythm.monthly.rawValue
    var nextDate = ""
    var income = false
}

/// Recurring payments: what they cost a month, then the ones going out and the ones coming in,
/// each with its rhythm, usual amount, next and last day, cost per month and year, what is new,
/// missed or changed price, and its buttons; dismissed ones apart; a form to add one by hand.
struct RecurringPage: WebPage {
    let overview: RecurringOverview
    let today: Day
    var form = RecurringFormValues()
    var error: BillfoldError?

    func document(_ context: PageContext) -> Document {
        let format = context.user?.preferences.format ?? Preferences.standard.format
        let outgoing = overview.counted.filter { !$0.payment.usual.isIncome }
        let incoming = overview.counted.filter { $0.payment.usual.isIncome }
        return Layout(context: context, title: tr("recurring.title"), section: .budgets).document(
            status: error == nil ? .ok : .badRequest
        ) {
            H.a(.class("back-link"), .href(WebPages.budgets.path())) { tr("recurring.backToBudgets") }
            H.header(.class("page-header")) {
                H.h1 { tr("recurring.title") }
                H.div(.class("header-actions")) {
                    H.form(.method("post"), .action(WebPages.findRecurring.path()), .class("inline")) {
                        H.button(.type("submit"), .class("button"), .id("find-again")) { tr("recurring.findAgain") }
                    }
                    H.a(.class("button primary"), .href("#add-recurring")) { tr("recurring.add") }
                }
            }
            if overview.counted.isEmpty {
                H.section(.class("card empty-state")) {
                    H.h2 { tr("recurring.emptyTitle") }
                    H.p(.class("secondary")) { tr("recurring.emptyText") }
                }
            } else {
                summary(format)
            }
            if !outgoing.isEmpty { section(tr("recurring.outgoing"), id: "outgoing", outgoing, format) }
            if !incoming.isEmpty { section(tr("recurring.incoming"), id: "incoming", incoming, format) }
            if !overview.dismissed.isEmpty {
                H.el("details", [.class("card list-card dismissed-recurring")]) {
                    H.el("summary", []) { tr("recurring.dismissedCount", count: overview.dismissed.count) }
                    H.ul(.class("recurring-list")) {
                        for kept in overview.dismissed { row(kept, format) }
                    }
                }
            }
            addForm(context)
        }
    }

    /// The monthly cost and what wants a look.
    private func summary(_ format: DisplayFormat) -> HTML {
        let counted = overview.counted
        let new = counted.filter { $0.isNew(on: today) }.count
        let missed = counted.filter { $0.isMissed(on: today) }.count
        let changed = counted.filter { $0.payment.before != nil }.count
        return H.section(.class("card recurring-summary"), .label(tr("recurring.summaryLabel"))) {
            H.p(.class("recurring-cost")) {
                if overview.monthlyCost.isEmpty {
                    tr("recurring.noCost")
                } else {
                    tr(
                        "recurring.costPerMonth",
                        ["amount": overview.monthlyCost.map(format.money).joined(separator: " · ")])
                }
            }
            let marks = [
                new > 0 ? tr("recurring.newCount", count: new) : nil,
                missed > 0 ? tr("recurring.missedCount", count: missed) : nil,
                changed > 0 ? tr("recurring.changedCount", count: changed) : nil,
            ].compactMap { $0 }
            if !marks.isEmpty { H.p(.class("secondary")) { marks.joined(separator: " · ") } }
        }
    }

    private func section(_ title: String, id: String, _ rows: [KeptRecurring], _ format: DisplayFormat) -> HTML {
        H.section(.class("card list-card"), .aria("labelledby", id)) {
            H.h2(.id(id), .class("list-title")) { title }
            H.ul(.class("recurring-list")) {
                for kept in rows { row(kept, format) }
            }
        }
    }

    private func row(_ kept: KeptRecurring, _ format: DisplayFormat) -> HTML {
        let payment = kept.payment
        let (isNew, missed) = (kept.isNew(on: today), kept.isMissed(on: today))
        return H.li(.class("recurring-row" + (missed ? " missed" : "")), .id("recurring-\(kept.id)")) {
            H.div(.class("recurring-main")) {
                H.p(.class("recurring-title")) {
                    H.strong { payment.payee }
                    if isNew { H.span(.class("badge badge-new")) { tr("recurring.badgeNew") } }
                    if missed { H.span(.class("badge badge-missed")) { tr("recurring.badgeMissed") } }
                    if kept.state == .confirmed { H.span(.class("badge")) { tr("recurring.badgeConfirmed") } }
                    if kept.byHand { H.span(.class("badge")) { tr("recurring.badgeByHand") } }
                }
                H.p(.class("secondary")) {
                    [
                        tr("recurring.rhythm.\(payment.rhythm.rawValue)"),
                        tr("recurring.next", ["day": format.day(payment.nextExpected)]),
                        payment.count > 0
                            ? tr("recurring.lastSeen", ["day": format.day(payment.lastSeen)])
                            : tr("recurring.notSeenYet"),
                    ].joined(separator: " · ")
                }
                if let before = payment.before {
                    H.p(.class("recurring-change")) {
                        tr(
                            "recurring.priceChanged",
                            ["from": format.money(before.size), "to": format.money(payment.latest.size)])
                    }
                }
                if missed {
                    H.p(.class("recurring-change")) {
                        tr("recurring.missedSince", ["day": format.day(payment.nextExpected)])
                    }
                }
            }
            H.div(.class("recurring-figures")) {
                H.span(.class("amount" + (payment.usual.isIncome ? " income" : ""))) {
                    format.money(payment.usual.size)
                }
                H.span(.class("secondary")) {
                    tr("recurring.perMonth", ["amount": format.money(payment.perMonth.size)])
                }
                H.span(.class("secondary")) {
                    tr("recurring.perYear", ["amount": format.money(payment.perYear.size)])
                }
            }
            H.div(.class("row-actions")) {
                switch kept.state {
                case .found:
                    button(
                        kept, "confirm", tr("recurring.confirm"), tr("recurring.confirmNamed", ["name": payment.payee]),
                        primary: true)
                    button(
                        kept, "dismiss", tr("recurring.dismiss"), tr("recurring.dismissNamed", ["name": payment.payee]))
                case .confirmed:
                    if kept.byHand {
                        button(
                            kept, "delete", tr("recurring.delete"), tr("recurring.deleteNamed", ["name": payment.payee])
                        )
                    } else {
                        button(
                            kept, "dismiss", tr("recurring.dismiss"),
                            tr("recurring.dismissNamed", ["name": payment.payee]))
                    }
                case .dismissed:
                    button(
                        kept, "restore", tr("recurring.restore"), tr("recurring.restoreNamed", ["name": payment.payee]))
                }
            }
        }
    }

    private func button(_ kept: KeptRecurring, _ action: String, _ text: String, _ label: String, primary: Bool = false)
        -> HTML
    {
        H.form(.method("post"), .action(WebPages.decideRecurring.path(kept.id)), .class("inline")) {
            H.input(.type("hidden"), .name("action"), .value(action))
            H.button(.type("submit"), .class(primary ? "button small primary" : "button small"), .label(label)) { text }
        }
    }

    private func addForm(_ context: PageContext) -> HTML {
        let currency = context.user?.preferences.currency.code ?? "EUR"
        return H.form(
            .method("post"), .action(WebPages.addRecurring.path()), .class("card edit-form"), .id("add-recurring"),
            .label(tr("recurring.add"))
        ) {
            H.h2 { tr("recurring.add") }
            H.p(.class("secondary")) { tr("recurring.addHelp") }
            if let error, error.fields.isEmpty {
                H.p(.class("field-error"), .attr("role", "alert")) { error.message }
            }
            Field.input(
                "payee", label: tr("recurring.payee"), value: form.payee, error: error?.fields["payee"],
                extra: [.attr("maxlength", String(TransactionRules.maxPayee)), .attr("required", nil)])
            H.div(.class("form-row")) {
                Field.input(
                    "amount", label: tr("recurring.amount"), value: form.amount, error: error?.fields["amount"],
                    extra: [.attr("inputmode", "decimal"), .attr("required", nil), .attr("placeholder", "9.99")])
                Field.input(
                    "currency", label: tr("recurring.currency"),
                    value: form.currency.isEmpty ? currency : form.currency,
                    error: error?.fields["currency"],
                    extra: [.attr("maxlength", "3"), .attr("autocapitalize", "characters"), .attr("size", "4")])
            }
            H.div(.class("form-row")) {
                Field.select(
                    "rhythm", label: tr("recurring.rhythmLabel"),
                    options: Rhythm.allCases.map { ($0.rawValue, tr("recurring.rhythm.\($0.rawValue)")) },
                    selected: form.rhythm, error: error?.fields["rhythm"])
                Field.input(
                    "nextDate", label: tr("recurring.nextDate"), type: "date", value: form.nextDate,
                    error: error?.fields["nextDate"], extra: [.attr("required", nil)])
            }
            Field.checkbox("income", label: tr("recurring.isIncome"), checked: form.income)
            H.button(.type("submit"), .class("button primary")) { tr("recurring.addButton") }
        }
    }
}
