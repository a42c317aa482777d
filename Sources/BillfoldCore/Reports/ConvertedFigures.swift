import Foundation

/// A report's income, spending and net with every currency in them, in the primary one: its
/// own figures as they are, and the other currencies' money each day at that day's rate, each
/// figure rounded once. Categories count as the report counts them (`MonthlyReport.side`).
public struct ConvertedFigures: Sendable, Equatable {
    public var income: ConvertedTotal
    /// Positive for money spent.
    public var spending: ConvertedTotal
    public var net: ConvertedTotal

    /// `income` and `spending` are the report's figures in the primary currency; `days` the
    /// other currencies' sums per day and category over the same span and filter.
    public init(income: Money, spending: Money, days: [DayAmount], tree: CategoryTree, book: RateBook)
        throws(BillfoldError)
    {
        let primary = income.currency
        var incomeSum = ConvertedTotal.Sum(to: primary, book: book)
        var spendingSum = ConvertedTotal.Sum(to: primary, book: book)
        var netSum = ConvertedTotal.Sum(to: primary, book: book)
        incomeSum.add(income)
        spendingSum.add(spending)
        netSum.add(Money(minorUnits: income.minorUnits - spending.minorUnits, currency: primary))
        for line in days {
            guard let side = MonthlyReport.side(of: line.categoryID, in: tree) else { continue }
            if side == .income {
                incomeSum.add(line.money, on: line.day)
            } else {
                spendingSum.add(Money(minorUnits: -line.money.minorUnits, currency: line.money.currency), on: line.day)
            }
            netSum.add(line.money, on: line.day)
        }
        self.income = try incomeSum.total()
        self.spending = try spendingSum.total()
        self.net = try netSum.total()
    }

    /// One category's money in one currency on one day.
    public struct DayAmount: Sendable, Equatable {
        public var categoryID: Int64?
        public var money: Money
        public var day: Day

        public init(categoryID: Int64?, money: Money, day: Day) {
            self.categoryID = categoryID
            self.money = money
            self.day = day
        }
    }
}
