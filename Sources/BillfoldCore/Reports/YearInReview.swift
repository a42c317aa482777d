import Foundation

/// One year at a glance: income, spending, net and each category's (or group's) spending month by
/// month, with each line's total, its monthly average and what the same months of the year before
/// came to. It is the monthly report of the year's months beside the year before's same months
/// taken as one slot, so every figure is counted the way the list counts it.
public struct YearInReview: Sendable, Equatable {
    /// One line of the table: its twelve months, their total (so the cells add up to it, a
    /// booking dated ahead included), the average over the months counted, and the year
    /// before's total for those months.
    public struct Line: Sendable, Equatable {
        /// nil for the uncategorised, and for income, spending and net.
        public var categoryID: Int64?
        public var name: String
        public var months: [Money]
        public var total: Money
        public var average: Money
        public var lastYear: Money
    }

    public var year: Int
    /// How many months the average and the year before count: 12 for a year gone by, up to this
    /// month for this year (this month whole in the year before, though it is not over yet).
    public var monthsCounted: Int
    public var currency: Currency
    public var income: Line
    public var spending: Line
    public var net: Line
    /// By this year's spending, most first, then by the year before's.
    public var categories: [Line]
    /// What other currencies took or spent this year, left out of the figures.
    public var otherCurrencies: [Money]
    /// Every other currency some of the year's counted money was in.
    public var currenciesBeside: [Currency]
    /// The year's income, spending and net with the other currencies converted in (set when
    /// there are some).
    public var converted: ConvertedFigures?

    /// `report` covers the year's twelve months; `lastYear` holds one slot with the year before's
    /// same `monthsCounted` months.
    public init(year: Int, monthsCounted: Int, report: MonthlyReport, lastYear: MonthlyReport) {
        precondition((1...12).contains(monthsCounted), "a year counts 1 to 12 months")
        self.year = year
        self.monthsCounted = monthsCounted
        currency = report.currency
        let currency = report.currency
        func line(_ id: Int64?, _ name: String, _ months: [Money], lastYear: Money) -> Line {
            let total = months.reduce(0) { $0 + $1.minorUnits }
            return Line(
                categoryID: id, name: name, months: months, total: Money(minorUnits: total, currency: currency),
                average: Money(
                    minorUnits: MonthlyReport.rounded(total, over: Int64(monthsCounted)), currency: currency),
                lastYear: lastYear)
        }
        let zero = Money(minorUnits: 0, currency: currency)
        income = line(nil, "", report.rows.map(\.income), lastYear: lastYear.income)
        spending = line(nil, "", report.rows.map(\.spending), lastYear: lastYear.spending)
        net = line(nil, "", report.rows.map(\.net), lastYear: lastYear.net)
        var lines = report.columns.enumerated().map { index, column in
            line(
                column.categoryID, column.name, report.rows.map { $0.cells[index] },
                lastYear: lastYear.columns.first { $0.categoryID == column.categoryID }?.total ?? zero)
        }
        let shown = Set(report.columns.map(\.categoryID))
        for column in lastYear.columns where !shown.contains(column.categoryID) {
            lines.append(line(column.categoryID, column.name, report.rows.map { _ in zero }, lastYear: column.total))
        }
        categories = lines.sorted {
            ($0.total.minorUnits, $0.lastYear.minorUnits, $1.name) > (
                $1.total.minorUnits, $1.lastYear.minorUnits, $0.name
            )
        }
        otherCurrencies = report.otherCurrencies
        currenciesBeside = report.currenciesBeside
    }
}
