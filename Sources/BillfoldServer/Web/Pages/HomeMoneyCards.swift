import BillfoldAPI
import BillfoldCore
import Foundation

/// Home's card of this month against its budgets: what was spent of what was budgeted, a bar,
/// and the categories already over, with the way to the budgets.
struct HomeBudgetCard {
    /// How many overspent categories are named.
    static let named = 3

    let sheet: BudgetSheet
    let format: DisplayFormat

    var html: HTML {
        let over = sheet.lines.filter { !$0.isGroup && $0.isOver }
        let budgeted = sheet.budgeted.minorUnits
        // With other currencies, what was spent in all of them, converted.
        let spent = sheet.convertedSpent?.money ?? sheet.spent
        return H.section(.class("card home-budget"), .label(tr("home.budget"))) {
            H.h2 { tr("home.budget") }
            if budgeted <= 0 {
                H.p(.class("secondary")) { tr("home.noBudgets") }
            } else {
                H.p(.class("home-budget-figures")) {
                    tr(
                        "home.spentOfBudgeted",
                        [
                            "spent": (sheet.convertedSpent == nil ? "" : "≈ ") + format.money(spent),
                            "budgeted": format.money(sheet.budgeted),
                        ])
                }
                if let converted = sheet.convertedSpent {
                    H.p(.class("secondary")) {
                        ConvertedTotalView.explanation([converted], note: tr("rates.atEachDaysRate"), format: format)
                    }
                }
                let share = min(100, max(0, Double(spent.minorUnits) / Double(budgeted) * 100))
                H.div(
                    .class("budget-bar" + (spent.minorUnits > budgeted ? " over" : "")), .aria("hidden", "true")
                ) {
                    H.span(.attr("style", "width: \(Int(share.rounded()))%"))
                }
                if !over.isEmpty {
                    H.p(.class("home-budget-over")) {
                        tr(
                            "home.categoriesOver",
                            count: over.count,
                            ["names": over.prefix(Self.named).map(\.name).joined(separator: ", ")])
                    }
                }
            }
            H.a(.href(WebPages.budgets.path()), .id("home-budgets")) { tr("home.toBudgets") }
        }
    }
}

/// Home's card of net worth: what the person owns now in the primary currency (with several
/// currencies: all of them converted, and each beside it), and its last twelve months' ends as
/// small bars, with the way to the report.
struct HomeNetWorthCard {
    let report: NetWorthReport
    let format: DisplayFormat
    let zone: TimeZone

    var html: HTML {
        H.section(.class("card home-net-worth"), .label(tr("reports.netWorth"))) {
            H.h2 { tr("reports.netWorth") }
            if let last = report.points.last {
                if let converted = report.converted?.last {
                    H.p(.class("home-net-worth-figure"), .data("converted", converted.money.currency.code)) {
                        "≈ " + format.money(converted.money)
                    }
                    H.p(.class("secondary home-net-worth-parts")) {
                        tr("rates.convertedFrom", ["amounts": last.totals.map(format.money).joined(separator: " · ")])
                            + " · "
                            + ConvertedTotalView.explanation(
                                [converted], note: tr("rates.atMonthEndRate"), format: format)
                    }
                } else {
                    H.p(.class("home-net-worth-figure")) { last.totals.map(format.money).joined(separator: " · ") }
                }
                if report.points.count > 1, let change = report.headlineChange(from: 0, to: report.points.count - 1) {
                    H.p(.class("secondary")) {
                        tr("home.netWorthChange", count: report.points.count - 1, ["amount": format.money(change)])
                    }
                }
                let parts = ReportParts(format: format, zone: zone)
                BarChart(
                    slots: zip(report.points, report.headline).map { point, total in
                        BarChart.Slot(
                            label: parts.short(point.month),
                            bars: [
                                .init(
                                    value: total.minorUnits, cssClass: total.minorUnits < 0 ? "bar-out" : "bar-worth",
                                    title: point.month.name(locale: format.locale, timeZone: zone) + " "
                                        + format.money(total))
                            ])
                    }, stacked: false, compact: true
                ).html
            }
            H.a(.href(WebPages.netWorth.path()), .id("home-net-worth")) { tr("home.toNetWorth") }
        }
    }
}

/// What every transaction adds up to, per currency and all converted (the PAYBACK app's planned
/// Feed shows this sum), with the way to the list.
struct HomeAllTransactionsCard {
    let totals: [CurrencyTotal]
    let converted: ConvertedTotal?
    let format: DisplayFormat

    var html: HTML {
        H.section(.class("card home-all-transactions"), .label(tr("home.allTransactions"))) {
            H.h2 { tr("home.allTransactions") }
            H.div(.class("totals")) {
                for total in totals {
                    H.div(.class("total"), .data("currency", total.money.currency.code)) {
                        TransactionRows.amount(total.money, format: format)
                        H.span(.class("total-count")) { format.transactions(total.count) }
                    }
                }
                if let converted { ConvertedTotalView(total: converted, format: format).html }
            }
            H.a(.class("button"), .href(WebPages.transactions.path())) { tr("home.seeAllTransactions") }
        }
    }
}
