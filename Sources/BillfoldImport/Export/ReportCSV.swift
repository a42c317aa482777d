import BillfoldCore
import Foundation

/// A monthly report as CSV, as the books' CSV export writes it (CSV.swift's quoting, names a
/// spreadsheet will not run as formulas): a row per month with income, spending, net and each
/// column's spending, amounts as plain decimals.
public enum ReportCSV {
    public static func monthly(
        _ report: MonthlyReport, titles: (month: String, income: String, spending: String, net: String)
    )
        -> String
    {
        var text = CSVLine.make(
            [titles.month, titles.income, titles.spending, titles.net] + report.columns.map(\.name.spreadsheetSafe))
        for row in report.rows {
            text += CSVLine.make(
                [row.month.description, row.income.decimalString, row.spending.decimalString, row.net.decimalString]
                    + row.cells.map(\.decimalString))
        }
        return text
    }
}

extension ReportCSV {
    /// Net worth as CSV: a row per month's end with the total in each currency (and all of them
    /// converted, when there are several), then each account's balance in its own currency.
    public static func netWorth(_ report: NetWorthReport, monthTitle: String, convertedTitle: String) -> String {
        let converted = report.converted
        var text = CSVLine.make(
            [monthTitle] + report.currencies.map(\.code) + (converted == nil ? [] : [convertedTitle.spreadsheetSafe])
                + report.accounts.map { line in
                    // "Giro (EUR)"; a name that says its currency already keeps it once.
                    let suffix = " (\(line.account.currency.code))"
                    let name = line.account.displayName
                    return (name.hasSuffix(suffix) ? name : name + suffix).spreadsheetSafe
                })
        for (index, point) in report.points.enumerated() {
            text += CSVLine.make(
                [point.month.description] + point.totals.map(\.decimalString)
                    + (converted.map { [$0[index].money.decimalString] } ?? [])
                    + report.accounts.map { $0.balances[index].decimalString })
        }
        return text
    }
}

extension ReportCSV {
    /// A year in review as CSV: income, spending, net, then each category, with the twelve
    /// months, the total, the monthly average and the year before's total.
    public static func year(
        _ review: YearInReview,
        titles: (category: String, income: String, spending: String, net: String, total: String, average: String)
    ) -> String {
        let months = (1...12).map { Month(year: review.year, month: $0).description }
        var text = CSVLine.make(
            [titles.category] + months + [titles.total, titles.average, String(review.year - 1)])
        let named = [(titles.income, review.income), (titles.spending, review.spending), (titles.net, review.net)]
        for (name, line) in named + review.categories.map({ ($0.name, $0) }) {
            text += CSVLine.make(
                [name.spreadsheetSafe] + line.months.map(\.decimalString)
                    + [line.total.decimalString, line.average.decimalString, line.lastYear.decimalString])
        }
        return text
    }
}
