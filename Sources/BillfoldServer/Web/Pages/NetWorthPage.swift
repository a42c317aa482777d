import BillfoldAPI
import BillfoldCore
import Foundation

/// Net worth over months: what every account held at each month's end, added up per currency,
/// and with several currencies all of them converted into the primary one at each month's end
/// (marked as converted). Bars for the converted total (the primary currency's when there is
/// one currency), the table of every currency beside them, and each account's balance. A month's
/// bar and row open that month's list.
struct NetWorthPage: WebPage {
    let report: NetWorthReport
    /// The span asked for (the last `months`, or `from`…`to`) and the account, if one.
    let months: Int?
    let from: String?
    let to: String?
    let accountID: Int64?
    let accounts: [Account]
    let format: DisplayFormat
    let zone: TimeZone

    private var parts: ReportParts { ReportParts(format: format, zone: zone) }

    func document(_ context: PageContext) -> Document {
        Layout(context: context, title: tr("reports.netWorth"), section: .budgets).document {
            parts.header(.netWorth, csv: WebPages.netWorthCSV.path(query: query))
            filters
            if let last = report.points.last {
                H.section(.class("totals"), .label(tr("reports.netWorthNow"))) {
                    if let converted = report.converted?.last {
                        ConvertedTotalView(total: converted, format: format, note: tr("rates.atMonthEndRate")).html
                    }
                    for total in last.totals {
                        parts.figure(tr("reports.netWorthAt", ["month": parts.short(last.month)]), total)
                    }
                    if let first = report.points.first, report.points.count > 1,
                        let change = report.headlineChange(from: 0, to: report.points.count - 1)
                    {
                        parts.figure(tr("reports.changeSince", ["month": parts.short(first.month)]), change)
                    }
                }
            }
            chart
            monthsTable
            accountsTable
        }
    }

    private var query: [(String, String)] {
        var items: [(String, String)] = []
        if let months { items.append(("months", String(months))) }
        if let from { items.append(("from", from)) }
        if let to { items.append(("to", to)) }
        if let accountID { items.append(("account", String(accountID))) }
        return items
    }

    private var filter: TransactionFilter {
        var filter = TransactionFilter()
        filter.accountID = accountID
        return filter
    }

    private var filters: HTML {
        H.form(.method("get"), .action(WebPages.netWorth.path()), .class("card filters report-filters")) {
            ReportParts.spanField(months ?? (from == nil ? 12 : nil))
            ReportParts.accountField(accountID, accounts: accounts)
            H.button(.type("submit"), .class("button primary")) { tr("reports.show") }
        }
    }

    private var chart: HTML {
        let currency = report.currencies[0]
        let chart = BarChart(
            slots: zip(report.points, report.headline).map { point, total in
                BarChart.Slot(
                    label: parts.short(point.month),
                    bars: [
                        .init(
                            value: total.minorUnits, cssClass: total.minorUnits < 0 ? "bar-out" : "bar-worth",
                            title: point.month.name(locale: format.locale, timeZone: zone) + " " + format.money(total),
                            link: ReportParts.listLink(filter, point.month, point.month))
                    ])
            }, stacked: false)
        return H.section(.class("card report-card"), .aria("labelledby", "net-worth")) {
            H.h2(.id("net-worth")) {
                tr(
                    report.converted == nil ? "reports.netWorthIn" : "reports.netWorthConverted",
                    ["currency": currency.code])
            }
            H.div(.class("chart-scroll"), .attr("tabindex", "0")) { chart.html }
        }
    }

    private var monthsTable: HTML {
        H.section(.class("card report-card"), .aria("labelledby", "net-worth-months")) {
            H.h2(.id("net-worth-months")) { tr("reports.atEachMonthEnd") }
            H.div(.class("table-scroll")) {
                H.table(.class("report-table"), .id("net-worth-table")) {
                    H.el("thead", []) {
                        H.tr {
                            H.th(.attr("scope", "col")) { tr("reports.month") }
                            for currency in report.currencies {
                                H.th(.attr("scope", "col"), .class("number")) { currency.code }
                            }
                            if report.converted != nil {
                                H.th(.attr("scope", "col"), .class("number")) {
                                    tr("reports.convertedTo", ["currency": report.currencies[0].code])
                                }
                            }
                            H.th(.attr("scope", "col"), .class("number")) {
                                tr("reports.changeIn", ["currency": report.currencies[0].code])
                            }
                        }
                    }
                    H.el("tbody", []) {
                        for (index, point) in report.points.enumerated() {
                            H.tr {
                                H.th(.attr("scope", "row")) {
                                    H.a(.href(ReportParts.listLink(filter, point.month, point.month))) {
                                        point.month.name(locale: format.locale, timeZone: zone)
                                    }
                                }
                                for total in point.totals {
                                    H.td(.class("number" + (total.minorUnits < 0 ? " expense" : ""))) {
                                        format.money(total)
                                    }
                                }
                                if let converted = report.converted?[index] {
                                    H.td(
                                        .class("number converted-cell"),
                                        .data("converted", converted.money.currency.code)
                                    ) {
                                        "≈ " + format.money(converted.money)
                                    }
                                }
                                H.td(.class("number")) {
                                    report.headlineChange(from: index - 1, to: index).map(format.money) ?? "–"
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    private var accountsTable: HTML {
        H.section(.class("card report-card"), .aria("labelledby", "net-worth-accounts")) {
            H.h2(.id("net-worth-accounts")) { tr("reports.byAccount") }
            H.div(.class("table-scroll")) {
                H.table(.class("report-table"), .id("net-worth-accounts-table")) {
                    H.el("thead", []) {
                        H.tr {
                            H.th(.attr("scope", "col")) { tr("reports.account") }
                            if let first = report.points.first {
                                H.th(.attr("scope", "col"), .class("number")) { parts.short(first.month) }
                            }
                            if let last = report.points.last {
                                H.th(.attr("scope", "col"), .class("number")) { parts.short(last.month) }
                            }
                        }
                    }
                    H.el("tbody", []) {
                        for line in report.accounts {
                            H.tr {
                                H.th(.attr("scope", "row")) {
                                    H.a(.href(WebPages.account.path(line.account.id))) {
                                        line.account.displayName
                                    }
                                    if !line.otherCurrencies.isEmpty {
                                        H.span(.class("secondary")) {
                                            " + " + line.otherCurrencies.map(format.money).joined(separator: ", ")
                                        }
                                    }
                                }
                                if let first = line.balances.first { H.td(.class("number")) { format.money(first) } }
                                if let last = line.balances.last {
                                    H.td(.class("number total-cell")) { format.money(last) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
