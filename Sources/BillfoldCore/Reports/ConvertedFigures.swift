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
    /// other currencies' sums per day and category over the same span and filter; `leftOut` the
    /// currencies with no rate at all (not read).
    public init(
        income: Money, spending: Money, days: [DayAmount], leftOut: [Currency], tree: CategoryTree, book: RateBook
    ) throws(BillfoldError) {
        let primary = income.currency
        // Each day's income and spending per currency added up first (a day has many
        // categories), so each day is converted once.
        var incomes = DayTotals()
        var spendings = DayTotals()
        for line in days {
            guard let side = MonthlyReport.side(of: line.categoryID, in: tree) else { continue }
            if side == .income {
                try incomes.add(line.money, on: line.day)
            } else {
                try spendings.add(
                    Money(minorUnits: -line.money.minorUnits, currency: line.money.currency), on: line.day)
            }
        }
        var incomeSum = ConvertedTotal.Sum(to: primary, book: book)
        var spendingSum = ConvertedTotal.Sum(to: primary, book: book)
        var netSum = ConvertedTotal.Sum(to: primary, book: book)
        incomeSum.add(income)
        spendingSum.add(spending)
        netSum.add(Money(minorUnits: income.minorUnits - spending.minorUnits, currency: primary))
        for currency in leftOut {
            incomeSum.leaveOut(currency)
            spendingSum.leaveOut(currency)
            netSum.leaveOut(currency)
        }
        for (key, minor) in incomes.sums {
            incomeSum.add(Money(minorUnits: minor, currency: key.currency), on: key.day)
            netSum.add(Money(minorUnits: minor, currency: key.currency), on: key.day)
        }
        for (key, minor) in spendings.sums {
            spendingSum.add(Money(minorUnits: minor, currency: key.currency), on: key.day)
            netSum.add(Money(minorUnits: -minor, currency: key.currency), on: key.day)
        }
        self.income = try incomeSum.total()
        self.spending = try spendingSum.total()
        self.net = try netSum.total()
    }

    /// Money per currency and day, added up in whole minor units (refused past 64 bits).
    struct DayTotals {
        struct Key: Hashable {
            let currency: Currency
            let day: Day
        }

        var sums: [Key: Int64] = [:]

        mutating func add(_ money: Money, on day: Day) throws(BillfoldError) {
            let key = Key(currency: money.currency, day: day)
            guard let sum = [sums[key] ?? 0, money.minorUnits].checkedSum else {
                throw Money.tooLarge(money.currency, field: "total")
            }
            sums[key] = sum
        }
    }
}
