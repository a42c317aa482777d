import BillfoldAPI
import BillfoldCore
import Foundation
import NIOHTTP1

/// A month's budgets: income, what was budgeted and what is left to budget; then every category
/// and group with its budget (typed in place: Tab or Enter moves down the column), what was
/// spent, what is left with what rolled in, and a bar; what is over stands out. One form saves
/// the amounts and rollovers; the buttons below fill the month's empty budgets or copy it forward.
struct BudgetsPage: WebPage {
    let sheet: BudgetSheet
    let format: DisplayFormat
    let zone: TimeZone
    /// What the person typed, shown again with the reason when refused (by category id).
    var typed: [Int64: String] = [:]
    var error: BillfoldError?

    private var monthName: String { sheet.month.name(locale: format.locale, timeZone: zone) }

    func document(_ context: PageContext) -> Document {
        let previous = sheet.month.adding(months: -1)
        let next = sheet.month.adding(months: 1)
        return Layout(
            context: context, title: tr("budgets.title") + " · " + monthName, section: .budgets,
            scripts: ["budgets.js"]
        ).document(status: error == nil ? .ok : .badRequest) {
            H.header(.class("page-header")) {
                H.h1 { tr("budgets.titleMonth", ["month": monthName]) }
                H.nav(.class("month-steps"), .label(tr("budgets.otherMonths"))) {
                    H.a(.class("button"), .href(WebPages.recurring.path()), .id("to-recurring")) {
                        tr("recurring.title")
                    }
                    H.a(.class("button"), .href(WebPages.reports.path()), .id("to-reports")) { tr("reports.title") }
                    H.a(.class("button"), .href(WebPages.budgets.path(query: [("month", previous.description)]))) {
                        "← " + previous.name(locale: format.locale, timeZone: zone)
                    }
                    H.a(.class("button"), .href(WebPages.budgets.path(query: [("month", next.description)]))) {
                        next.name(locale: format.locale, timeZone: zone) + " →"
                    }
                }
            }
            summary
            if let error {
                H.p(.class("field-error"), .attr("role", "alert")) { error.message }
            }
            H.form(
                .method("post"), .action(WebPages.saveBudgets.path()), .id("budget-sheet"),
                .class("card table-card budget-card")
            ) {
                H.input(.type("hidden"), .name("month"), .value(sheet.month.description))
                table
                H.div(.class("budget-actions")) {
                    H.button(
                        .type("submit"), .name("action"), .value("save"), .class("button primary"), .id("save-budgets")
                    ) {
                        tr("budgets.save")
                    }
                    H.button(.type("submit"), .name("action"), .value("fillLastMonth"), .class("button")) {
                        tr("budgets.fillLastMonth")
                    }
                    H.button(.type("submit"), .name("action"), .value("fillAverage"), .class("button")) {
                        tr("budgets.fillAverage")
                    }
                    H.span(.class("copy-forward")) {
                        H.label(.for("copy-months")) { tr("budgets.copyTo") }
                        H.select(.id("copy-months"), .name("months")) {
                            for count in [1, 2, 3, 6, 12] {
                                H.el("option", [.value(String(count))] + (count == 3 ? [.selected] : [])) {
                                    tr("budgets.nextMonths", count: count)
                                }
                            }
                        }
                        H.button(.type("submit"), .name("action"), .value("copy"), .class("button")) {
                            tr("budgets.copy")
                        }
                    }
                }
            }
            if !sheet.otherCurrencies.isEmpty {
                H.p(.class("secondary")) {
                    tr(
                        "budgets.otherCurrencies",
                        ["amounts": sheet.otherCurrencies.map { format.money($0.size) }.joined(separator: ", ")])
                }
            }
        }
    }

    private var summary: HTML {
        let left = sheet.leftToBudget
        return H.section(.class("totals budget-totals"), .label(tr("budgets.summary"))) {
            figure(tr("budgets.income"), sheet.income)
            figure(tr("budgets.budgeted"), sheet.budgeted)
            H.span(.class("total" + (left.minorUnits < 0 ? " over" : ""))) {
                H.span(.class("total-label")) {
                    left.minorUnits < 0 ? tr("budgets.overBudgeted") : tr("budgets.leftToBudget")
                }
                " " + format.money(left.size)
            }
            figure(tr("budgets.spent"), sheet.spent)
            if let converted = sheet.convertedSpent {
                ConvertedTotalView(total: converted, format: format, label: tr("budgets.spentConverted")).html
            }
        }
    }

    private func figure(_ label: String, _ money: Money) -> HTML {
        H.span(.class("total")) {
            H.span(.class("total-label")) { label }
            " " + format.money(money)
        }
    }

    private var table: HTML {
        H.table(.class("budget-table"), .attr("role", "table")) {
            H.el("caption", [.class("visually-hidden")]) { tr("budgets.titleMonth", ["month": monthName]) }
            H.el("thead", [.attr("role", "rowgroup")]) {
                H.tr(.attr("role", "row")) {
                    H.th(.attr("scope", "col"), .attr("role", "columnheader")) { tr("budgets.category") }
                    H.th(.attr("scope", "col"), .attr("role", "columnheader"), .class("number")) {
                        tr("budgets.budgeted")
                    }
                    H.th(.attr("scope", "col"), .attr("role", "columnheader"), .class("number")) { tr("budgets.spent") }
                    H.th(.attr("scope", "col"), .attr("role", "columnheader"), .class("number")) { tr("budgets.left") }
                    H.th(.attr("scope", "col"), .attr("role", "columnheader"), .class("bar-column")) {
                        H.span(.class("visually-hidden")) { tr("budgets.howFar") }
                    }
                }
            }
            H.el("tbody", [.attr("role", "rowgroup")]) {
                for line in sheet.lines { row(line) }
            }
        }
    }

    private func row(_ line: BudgetSheet.Line) -> HTML {
        let classes =
            ["budget-row"] + (line.isGroup ? ["group"] : []) + (line.groupID != nil ? ["child"] : [])
            + (line.isOver ? ["over"] : []) + (line.isIncome ? ["income"] : [])
        let inputID = line.categoryID.map { "budget-\($0)" }
        let fieldError = line.categoryID.flatMap { typed[$0] != nil ? error?.fields["amount-\($0)"] : nil }
        return H.tr(.class(classes.joined(separator: " ")), .attr("role", "row")) {
            H.th(.attr("scope", "row"), .attr("role", "rowheader")) {
                if let inputID, !line.isGroup {
                    H.label(.for(inputID)) { line.name }
                } else {
                    line.name
                }
                if let id = line.categoryID, !line.isGroup, !line.isIncome {
                    H.label(.class("rollover")) {
                        HTML.void(
                            "input",
                            [.type("checkbox"), .name("rollover-\(id)"), .value("on")]
                                + (line.rollsOver ? [.flag("checked")] : []))
                        H.span { tr("budgets.rollsOver") }
                    }
                }
            }
            H.td(.class("number"), .data("label", tr("budgets.budgeted")), .attr("role", "cell")) {
                if let id = line.categoryID, !line.isGroup {
                    HTML.void(
                        "input",
                        [
                            .id("budget-\(id)"), .name("amount-\(id)"), .class("budget-input"),
                            .attr("inputmode", "decimal"), .attr("autocomplete", "off"),
                            .value(typed[id] ?? line.budgeted.map(plain) ?? ""), .attr("placeholder", "0"),
                        ]
                            + (fieldError == nil
                                ? [] : [.aria("invalid", "true"), .aria("describedby", "budget-\(id)-error")]))
                    if let fieldError { H.p(.class("field-error"), .id("budget-\(id)-error")) { fieldError } }
                } else {
                    line.budgeted.map(format.money) ?? ""
                }
            }
            H.td(.class("number"), .data("label", tr("budgets.spent")), .attr("role", "cell")) {
                if let id = line.categoryID, line.transactions > 0 {
                    H.a(.href(listLink(id))) { format.money(line.spent) }
                } else {
                    format.money(line.spent)
                }
            }
            H.td(.class("number"), .data("label", tr("budgets.left")), .attr("role", "cell")) {
                if let left = line.left, !line.isIncome {
                    H.span(.class("amount" + (left.minorUnits < 0 ? " expense" : ""))) { format.money(left) }
                }
                if let carried = line.carried, carried.minorUnits != 0 {
                    H.small(.class("carried")) {
                        tr(
                            carried.minorUnits < 0 ? "budgets.carriedOver" : "budgets.carried",
                            [
                                "amount": format.money(carried.size),
                                "month": sheet.month.adding(months: -1).name(locale: format.locale, timeZone: zone),
                            ])
                    }
                }
            }
            H.td(.class("bar-column"), .attr("role", "cell")) { bar(line) }
        }
    }

    /// How far the month has gone into the budget; full and red past it.
    private func bar(_ line: BudgetSheet.Line) -> HTML {
        guard !line.isIncome, let budgeted = line.budgeted, budgeted.minorUnits + (line.carried?.minorUnits ?? 0) > 0
        else { return HTML.raw("") }
        let whole = Double(budgeted.minorUnits + (line.carried?.minorUnits ?? 0))
        let share = max(0, min(100, Double(line.spent.minorUnits) / whole * 100))
        return H.span(.class("budget-bar"), .aria("hidden", "true")) {
            H.span(.attr("style", "width: \(Int(share.rounded()))%"))
        }
    }

    /// The list filtered to exactly what the line counted: the category (a group takes its
    /// categories) in the month.
    private func listLink(_ id: Int64) -> String {
        WebPages.transactions.path(query: [
            ("category", String(id)), ("from", sheet.month.firstDay.description),
            ("to", sheet.month.lastDay.description),
        ])
    }

    /// A budget as typed back into its field: `200.00`, never grouped or with a symbol.
    private func plain(_ money: Money) -> String { money.decimalString }
}
