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
