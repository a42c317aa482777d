import BillfoldCore

// `/api/v1/reports/monthly`: income and spending per month, and spending by category (or
// group) over the months, in the person's primary currency. Amounts are decimal strings.

/// One month of a report.
public struct ReportMonthDTO: Codable, Sendable, Equatable {
    /// `YYYY-MM`.
    public var month: String
    public var income: String
    /// Positive for money spent.
    public var spending: String
    public var net: String
    /// Spending per column of the report's `columns`, in their order.
    public var cells: [String]

    public init(_ row: MonthlyReport.Row) {
        month = row.month.description
        income = row.income.decimalString
        spending = row.spending.decimalString
        net = row.net.decimalString
        cells = row.cells.map(\.decimalString)
    }
}

/// A column of the spending by category.
public struct ReportColumnDTO: Codable, Sendable, Equatable {
    /// nil for the uncategorised.
    public var categoryId: Int64?
    public var name: String
    public var total: String

    public init(_ column: MonthlyReport.Column) {
        categoryId = column.categoryID
        name = column.name
        total = column.total.decimalString
    }
}

public struct MonthlyReportResponse: Codable, Sendable, Equatable {
    public var currency: String
    public var income: String
    public var spending: String
    public var net: String
    public var months: [ReportMonthDTO]
    /// By what they spent over the months, most first.
    public var columns: [ReportColumnDTO]
    /// What other currencies took or spent over the months, left out of the figures above.
    public var otherCurrencies: [CurrencyAmountDTO]

    public init(_ report: MonthlyReport) {
        currency = report.currency.code
        income = report.income.decimalString
        spending = report.spending.decimalString
        net = report.net.decimalString
        months = report.rows.map(ReportMonthDTO.init)
        columns = report.columns.map(ReportColumnDTO.init)
        otherCurrencies = report.otherCurrencies.map {
            CurrencyAmountDTO(currency: $0.currency.code, amount: $0.decimalString)
        }
    }
}
