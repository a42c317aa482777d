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
    /// Income, spending and net with the other currencies converted in; absent without them.
    public var converted: ConvertedFiguresDTO?

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
        converted = report.converted.map(ConvertedFiguresDTO.init)
    }
}

/// A report's income, spending and net in the primary currency with every other currency
/// converted in, each day's money at that day's rate, each figure rounded once.
public struct ConvertedFiguresDTO: Codable, Sendable, Equatable {
    public var income: ConvertedTotalDTO
    /// Positive for money spent.
    public var spending: ConvertedTotalDTO
    public var net: ConvertedTotalDTO

    public init(_ figures: ConvertedFigures) {
        income = ConvertedTotalDTO(figures.income)
        spending = ConvertedTotalDTO(figures.spending)
        net = ConvertedTotalDTO(figures.net)
    }
}

// `/api/v1/reports/net-worth`: what the person owned at each month's end, per currency.

/// One month's end: the total in each currency.
public struct NetWorthMonthDTO: Codable, Sendable, Equatable {
    /// `YYYY-MM`.
    public var month: String
    public var totals: [CurrencyAmountDTO]
    /// Every currency's total as one in the primary currency at the rate of the month's last
    /// day; absent when all of it is in the primary currency.
    public var converted: ConvertedTotalDTO?
}

/// One account's balance at each month's end, in its own currency.
public struct NetWorthAccountDTO: Codable, Sendable, Equatable {
    public var accountId: Int64
    public var name: String
    public var currency: String
    /// One per month of the report, in order.
    public var balances: [String]
    /// What it held in other currencies at the last month's end.
    public var otherCurrencies: [CurrencyAmountDTO]
}

public struct NetWorthResponse: Codable, Sendable, Equatable {
    /// The primary currency first: totals in different currencies are never added together.
    public var currencies: [String]
    public var months: [NetWorthMonthDTO]
    public var accounts: [NetWorthAccountDTO]

    public init(_ report: NetWorthReport) {
        currencies = report.currencies.map(\.code)
        months = report.points.map { point in
            NetWorthMonthDTO(
                month: point.month.description,
                totals: point.totals.map(CurrencyAmountDTO.init))
        }
        if let converted = report.converted {
            for index in months.indices { months[index].converted = ConvertedTotalDTO(converted[index]) }
        }
        accounts = report.accounts.map { line in
            NetWorthAccountDTO(
                accountId: line.account.id, name: line.account.displayName, currency: line.account.currency.code,
                balances: line.balances.map(\.decimalString),
                otherCurrencies: line.otherCurrencies.map(CurrencyAmountDTO.init))
        }
    }
}

// `/api/v1/reports/year`: a year's figures per category and month.

/// One line of the year in review.
public struct YearLineDTO: Codable, Sendable, Equatable {
    /// nil for the uncategorised, and for income, spending and net.
    public var categoryId: Int64?
    public var name: String
    /// Twelve amounts, January first; spending is positive.
    public var months: [String]
    public var total: String
    public var average: String
    /// The same months of the year before.
    public var lastYear: String

    public init(_ line: YearInReview.Line) {
        categoryId = line.categoryID
        name = line.name
        months = line.months.map(\.decimalString)
        total = line.total.decimalString
        average = line.average.decimalString
        lastYear = line.lastYear.decimalString
    }
}

public struct YearInReviewResponse: Codable, Sendable, Equatable {
    public var year: Int
    /// How many months the totals, averages and the year before count (up to this month for
    /// this year).
    public var monthsCounted: Int
    public var currency: String
    public var income: YearLineDTO
    public var spending: YearLineDTO
    public var net: YearLineDTO
    public var categories: [YearLineDTO]
    public var otherCurrencies: [CurrencyAmountDTO]
    /// The year's income, spending and net with the other currencies converted in.
    public var converted: ConvertedFiguresDTO?

    public init(_ review: YearInReview) {
        year = review.year
        monthsCounted = review.monthsCounted
        currency = review.currency.code
        income = YearLineDTO(review.income)
        spending = YearLineDTO(review.spending)
        net = YearLineDTO(review.net)
        categories = review.categories.map(YearLineDTO.init)
        otherCurrencies = review.otherCurrencies.map(CurrencyAmountDTO.init)
        converted = review.converted.map(ConvertedFiguresDTO.init)
    }
}
