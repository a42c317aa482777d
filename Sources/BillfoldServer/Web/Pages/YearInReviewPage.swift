import BillfoldAPI
import BillfoldCore
import Foundation

/// A year at a glance: income, spending, net and each category's spending month by month, with
/// each line's total, monthly average and the same months of the year before. Every figure opens
/// the list of what it counted.
struct YearInReviewPage: WebPage {
    let review: YearInReview
    let filter: TransactionFilter
    let byGroup: Bool
    /// The years offered, newest first.
    let years: [Int]
    let accounts: [Account]
    let tags: [Tag]
    let tree: CategoryTree
    let format: DisplayFormat
    let zone: TimeZone

    private var parts: ReportParts { ReportParts(format: format, zone: zone) }
    private var months: [Month] { (1...12).map { Month(year: review.year, month: $0) } }

    func document(_ context: PageContext) -> Document {
        Layout(context: context, title: tr("reports.yearInReview"), section: .budgets).document {
            parts.header(.year, csv: WebPages.yearInReviewCSV.path(query: query(year: review.year)))
            filters
            H.nav(.class("month-steps"), .label(tr("reports.otherYears"))) {
                if ReportService.years.contains(review.year - 1) {
                    H.a(.href(WebPages.yearInReview.path(query: query(year: review.year - 1))), .attr("rel", "prev")) {
                        "← " + String(review.year - 1)
                    }
                }
                H.strong { String(review.year) }
                if ReportService.years.contains(review.year + 1) {
                    H.a(.href(WebPages.yearInReview.path(query: query(year: review.year + 1))), .attr("rel", "next")) {
                        String(review.year + 1) + " →"
                    }
                }
            }
            H.section(.class("totals"), .label(tr("reports.totals"))) {
                parts.figure(tr("reports.income"), review.income.total)
                parts.figure(tr("reports.spending"), review.spending.total)
                parts.figure(tr("reports.net"), review.net.total)
                parts.figure(tr("reports.averageSpending"), review.spending.average)
                if let converted = review.converted { ConvertedFiguresView(figures: converted, format: format).html }
            }
            table
            if review.monthsCounted < 12 {
                H.p(.class("secondary")) {
                    tr(
                        "reports.yearSoFar",
                        [
                            "month": months[review.monthsCounted - 1].name(locale: format.locale, timeZone: zone),
                            "year": String(review.year - 1),
                        ])
                }
            }
            if !review.otherCurrencies.isEmpty {
                H.p(.class("secondary")) {
                    tr(
                        "reports.otherCurrencies",
                        ["amounts": review.otherCurrencies.map(format.money).joined(separator: ", ")])
                }
            }
        }
    }

    private func query(year: Int) -> [(String, String)] {
        [("year", String(year))] + filter.queryItems + (byGroup ? [("by", "group")] : [])
    }

    private var filters: HTML {
        H.form(.method("get"), .action(WebPages.yearInReview.path()), .class("card filters report-filters")) {
            Field.select(
                "year", label: tr("reports.year"),
                options: (years.contains(review.year) ? years : [review.year] + years).map { (String($0), String($0)) },
                selected: String(review.year))
            ReportParts.filterFields(filter, accounts: accounts, tree: tree, tags: tags)
            Field.select(
                "by", label: tr("reports.by"),
                options: [("category", tr("reports.byCategory")), ("group", tr("reports.byGroup"))],
                selected: byGroup ? "group" : "category")
            H.button(.type("submit"), .class("button primary")) { tr("reports.show") }
        }
    }

    private var table: HTML {
        H.section(.class("card report-card")) {
            H.div(.class("table-scroll")) {
                H.table(.class("report-table year-table"), .id("year-table")) {
                    H.el("caption", [.class("visually-hidden")]) {
                        tr("reports.yearInReview") + " " + String(review.year)
                    }
                    H.el("thead", []) {
                        H.tr {
                            H.th(.attr("scope", "col")) { tr("reports.category") }
                            for month in months {
                                H.th(.attr("scope", "col"), .class("number")) { parts.short(month) }
                            }
                            H.th(.attr("scope", "col"), .class("number")) { tr("reports.total") }
                            H.th(.attr("scope", "col"), .class("number")) { tr("reports.average") }
                            H.th(.attr("scope", "col"), .class("number")) { String(review.year - 1) }
                        }
                    }
                    H.el("tbody", [.class("year-totals")]) {
                        // Income and spending are parts of a month's list; its total is the net.
                        row(tr("reports.income"), review.income, category: .none, linked: false)
                        row(tr("reports.spending"), review.spending, category: .none, linked: false)
                        row(tr("reports.net"), review.net, category: .none)
                    }
                    H.el("tbody", []) {
                        for line in review.categories {
                            row(line.name, line, category: .some(line.categoryID))
                        }
                    }
                }
            }
        }
    }

    /// A line of the table; its month figures link to the list (narrowed to its category when
    /// given) unless `linked` is false.
    private func row(_ name: String, _ line: YearInReview.Line, category: Int64??, linked: Bool = true) -> HTML {
        let first = months[0]
        let last = months[11]
        return H.tr {
            H.th(.attr("scope", "row")) { name }
            for (month, money) in zip(months, line.months) {
                H.td(.class("number" + (money.minorUnits < 0 ? " expense" : ""))) {
                    if money.minorUnits == 0 {
                        "–"
                    } else if linked {
                        H.a(.href(ReportParts.listLink(filter, month, month, category: category))) {
                            format.money(money)
                        }
                    } else {
                        format.money(money)
                    }
                }
            }
            H.td(.class("number total-cell")) {
                if linked && line.total.minorUnits != 0 {
                    H.a(.href(ReportParts.listLink(filter, first, last, category: category))) {
                        format.money(line.total)
                    }
                } else {
                    format.money(line.total)
                }
            }
            H.td(.class("number")) { format.money(line.average) }
            H.td(.class("number secondary")) { format.money(line.lastYear) }
        }
    }
}
