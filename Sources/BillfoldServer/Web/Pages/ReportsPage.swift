import BillfoldAPI
import BillfoldCore
import Foundation
import NIOHTTP1

/// Reports over months: income and spending per month, and spending by category (or group),
/// each a chart drawn by the server with its table beside it; every figure of the tables opens
/// the list filtered to exactly what it counted. Filters: how many months, an account, by
/// category or by group; the same report downloads as CSV.
/// Reports over months: income and spending per month, and spending by category (or group),
/// each a chart drawn by the server with its table beside it; every bar and every figure of the
/// tables opens the list filtered to exactly what it counted. Filters: how many months, an
/// account, a category or group (its trend, with the monthly average), a tag, by category or by
/// group; the same report downloads as CSV.
struct ReportsPage: WebPage {
    struct Choice {
        var months: Int?
        var from: String?
        var to: String?
        var filter: TransactionFilter
        var byGroup: Bool
    }

    let report: MonthlyReport
    let choice: Choice
    let accounts: [Account]
    let tags: [Tag]
    let tree: CategoryTree
    let format: DisplayFormat
    let zone: TimeZone

    /// How many columns the stacked chart draws; the rest are one "Everything else".
    static let drawn = 7

    private var parts: ReportParts { ReportParts(format: format, zone: zone) }

    func document(_ context: PageContext) -> Document {
        Layout(context: context, title: tr("reports.title"), section: .budgets).document {
            parts.header(.months, csv: WebPages.reportsCSV.path(query: query))
            filters
            H.section(.class("totals"), .label(tr("reports.totals"))) {
                parts.figure(tr("reports.income"), report.income)
                parts.figure(tr("reports.spending"), report.spending)
                parts.figure(tr("reports.net"), report.net)
                parts.figure(tr("reports.averageSpending"), report.average(report.spending))
                if let converted = report.converted { ConvertedFiguresView(figures: converted, format: format).html }
            }
            incomeAndSpending
            byCategory
            if !report.otherCurrencies.isEmpty {
                H.p(.class("secondary")) {
                    tr(
                        "reports.otherCurrencies",
                        ["amounts": report.otherCurrencies.map(format.money).joined(separator: ", ")])
                }
            }
        }
    }

    /// The address's filters, for the CSV and the links between spans.
    private var query: [(String, String)] {
        var items: [(String, String)] = []
        if let months = choice.months { items.append(("months", String(months))) }
        if let from = choice.from { items.append(("from", from)) }
        if let to = choice.to { items.append(("to", to)) }
        items += choice.filter.queryItems
        if choice.byGroup { items.append(("by", "group")) }
        return items
    }

    private var filters: HTML {
        H.form(.method("get"), .action(WebPages.reports.path()), .class("card filters report-filters")) {
            ReportParts.spanField(choice.months ?? (choice.from == nil ? 12 : nil))
            ReportParts.filterFields(choice.filter, accounts: accounts, tree: tree, tags: tags)
            Field.select(
                "by", label: tr("reports.by"),
                options: [("category", tr("reports.byCategory")), ("group", tr("reports.byGroup"))],
                selected: choice.byGroup ? "group" : "category")
            H.button(.type("submit"), .class("button primary")) { tr("reports.show") }
        }
    }

    private func listLink(_ month: Month, category: Int64?? = .none) -> String {
        ReportParts.listLink(choice.filter, month, month, category: category)
    }

    private var incomeAndSpending: HTML {
        let chart = BarChart(
            slots: report.rows.map { row in
                BarChart.Slot(
                    label: parts.short(row.month),
                    bars: [
                        .init(
                            value: row.income.minorUnits, cssClass: "bar-in",
                            title: tr("reports.income") + " " + format.money(row.income), link: listLink(row.month)),
                        .init(
                            value: row.spending.minorUnits, cssClass: "bar-out",
                            title: tr("reports.spending") + " " + format.money(row.spending),
                            link: listLink(row.month)),
                    ])
            }, stacked: false,
            line: BarChart.Line(
                value: report.average(report.spending).minorUnits,
                title: tr("reports.averageSpending") + " " + format.money(report.average(report.spending))))
        return H.section(.class("card report-card"), .aria("labelledby", "income-spending")) {
            H.h2(.id("income-spending")) { tr("reports.incomeAndSpending") }
            H.div(.class("chart-legend"), .aria("hidden", "true")) {
                H.span(.class("key key-in")) { tr("reports.income") }
                H.span(.class("key key-out")) { tr("reports.spending") }
                H.span(.class("key key-average")) { tr("reports.averageSpending") }
            }
            // Focusable, so a keyboard can scroll a chart wider than a phone.
            H.div(.class("chart-scroll"), .attr("tabindex", "0")) {
                chart.html
            }
            H.div(.class("table-scroll")) {
                H.table(.class("report-table"), .id("income-spending-table")) {
                    H.el("caption", [.class("visually-hidden")]) { tr("reports.incomeAndSpending") }
                    H.el("thead", []) {
                        H.tr {
                            H.th(.attr("scope", "col")) { tr("reports.month") }
                            H.th(.attr("scope", "col"), .class("number")) { tr("reports.income") }
                            H.th(.attr("scope", "col"), .class("number")) { tr("reports.spending") }
                            H.th(.attr("scope", "col"), .class("number")) { tr("reports.net") }
                        }
                    }
                    H.el("tbody", []) {
                        for row in report.rows {
                            H.tr {
                                H.th(.attr("scope", "row")) {
                                    H.a(.href(listLink(row.month))) {
                                        row.month.name(locale: format.locale, timeZone: zone)
                                    }
                                }
                                H.td(.class("number")) { format.money(row.income) }
                                H.td(.class("number")) { format.money(row.spending) }
                                H.td(.class("number" + (row.net.minorUnits < 0 ? " expense" : ""))) {
                                    format.money(row.net)
                                }
                            }
                        }
                    }
                    H.el("tfoot", []) {
                        H.tr {
                            H.th(.attr("scope", "row")) { tr("reports.average") }
                            H.td(.class("number")) { format.money(report.average(report.income)) }
                            H.td(.class("number")) { format.money(report.average(report.spending)) }
                            H.td(.class("number")) { format.money(report.average(report.net)) }
                        }
                    }
                }
            }
        }
    }

    private var byCategory: HTML {
        let drawn = Array(report.columns.prefix(Self.drawn))
        let rest = report.columns.count - drawn.count
        let colours = drawn.map { column in
            column.categoryID.flatMap { tree.category($0) }.flatMap { CategoryLook.cssColour($0.colour) }
                ?? "var(--c-gray)"
        }
        let chart = BarChart(
            slots: report.rows.map { row in
                var bars = drawn.indices.map { index in
                    BarChart.Bar(
                        value: row.cells[index].minorUnits, colour: colours[index],
                        title: drawn[index].name + " " + format.money(row.cells[index]),
                        link: listLink(row.month, category: .some(drawn[index].categoryID)))
                }
                if rest > 0 {
                    let others = row.cells.dropFirst(drawn.count).reduce(0) { $0 + $1.minorUnits }
                    bars.append(
                        .init(
                            value: others, colour: "var(--c-gray)",
                            title: tr("reports.everythingElse") + " "
                                + format.money(Money(minorUnits: others, currency: report.currency))))
                }
                return BarChart.Slot(label: parts.short(row.month), bars: bars)
            }, stacked: true)
        return H.section(.class("card report-card"), .aria("labelledby", "by-category")) {
            H.h2(.id("by-category")) {
                choice.byGroup ? tr("reports.spendingByGroup") : tr("reports.spendingByCategory")
            }
            if report.columns.isEmpty {
                H.p(.class("secondary")) { tr("reports.nothingSpent") }
            } else {
                H.div(.class("chart-legend"), .aria("hidden", "true")) {
                    for (index, column) in drawn.enumerated() {
                        H.span(.class("key"), .attr("style", "--key: \(colours[index])")) { column.name }
                    }
                    if rest > 0 { H.span(.class("key")) { tr("reports.everythingElse") } }
                }
                H.div(.class("chart-scroll"), .attr("tabindex", "0")) { chart.html }
                H.div(.class("table-scroll")) {
                    H.table(.class("report-table"), .id("by-category-table")) {
                        H.el("caption", [.class("visually-hidden")]) { tr("reports.spendingByCategory") }
                        H.el("thead", []) {
                            H.tr {
                                H.th(.attr("scope", "col")) { tr("reports.category") }
                                for row in report.rows {
                                    H.th(.attr("scope", "col"), .class("number")) { parts.short(row.month) }
                                }
                                H.th(.attr("scope", "col"), .class("number")) { tr("reports.total") }
                                H.th(.attr("scope", "col"), .class("number")) { tr("reports.average") }
                            }
                        }
                        H.el("tbody", []) {
                            for (index, column) in report.columns.enumerated() {
                                H.tr {
                                    H.th(.attr("scope", "row")) { column.name }
                                    for row in report.rows {
                                        H.td(.class("number")) {
                                            if row.cells[index].minorUnits == 0 {
                                                "–"
                                            } else {
                                                H.a(.href(listLink(row.month, category: .some(column.categoryID)))) {
                                                    format.money(row.cells[index])
                                                }
                                            }
                                        }
                                    }
                                    H.td(.class("number total-cell")) { format.money(column.total) }
                                    H.td(.class("number")) { format.money(report.average(column.total)) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
