import Foundation

/// Income and spending month by month, and spending by category over the months, in one
/// currency: what the Reports page draws, `/api/v1/reports/monthly` answers and its CSV holds.
///
/// Income is what the income categories took in; spending is what every other category took
/// out (uncategorised included, refunds lowering it), so a category's cell is exactly the list's
/// total for that category and month with its sign turned. Transfers are neither, and a
/// category kept out of totals is left out.
public struct MonthlyReport: Sendable, Equatable {
    /// One month's figures.
    public struct Row: Sendable, Equatable {
        public var month: Month
        public var income: Money
        /// Positive for money spent.
        public var spending: Money
        /// Income less spending.
        public var net: Money { Money(minorUnits: income.minorUnits - spending.minorUnits, currency: income.currency) }
        /// Spending per column of `columns` (the same order), positive for money spent.
        public var cells: [Money]
    }

    /// A column of the spending by category: a category (or a group with its categories), or
    /// the uncategorised (no id).
    public struct Column: Sendable, Equatable {
        public var categoryID: Int64?
        public var name: String
        /// Its spending over all the months.
        public var total: Money
    }

    public var currency: Currency
    public var rows: [Row]
    /// By what they spent over the months, most first.
    public var columns: [Column]
    /// Income and spending over all the months.
    public var income: Money
    public var spending: Money
    public var net: Money { Money(minorUnits: income.minorUnits - spending.minorUnits, currency: currency) }
    /// Months whose other currencies were left out: what each spent or took in, net.
    public var otherCurrencies: [Money]
    /// Every other currency some counted money was in, even where it came to nothing net.
    public var currenciesBeside: [Currency]
    /// Income, spending and net with the other currencies converted in (set when there are some).
    public var converted: ConvertedFigures?

    /// One month's sums per category (nil: uncategorised; a transfer's key is skipped) in any
    /// currency, as the store reads them: negative for money out.
    public typealias Sums = [(categoryID: Int64?, money: Money)]

    /// `byGroup` puts a group's categories in its column.
    public init(months: [Month], sums: [Month: Sums], currency: Currency, tree: CategoryTree, byGroup: Bool) {
        self.currency = currency
        func money(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: currency) }
        var others: [Currency: Int64] = [:]
        var perMonth: [Month: (income: Int64, spending: Int64, cells: [Int64?: Int64])] = [:]
        for month in months {
            var figures: (income: Int64, spending: Int64, cells: [Int64?: Int64]) = (0, 0, [:])
            for line in sums[month] ?? [] {
                guard let side = Self.side(of: line.categoryID, in: tree) else { continue }
                guard line.money.currency == currency else {
                    others[line.money.currency, default: 0] += line.money.minorUnits
                    continue
                }
                if side == .income {
                    figures.income += line.money.minorUnits
                    continue
                }
                figures.spending -= line.money.minorUnits
                let category = line.categoryID.flatMap { tree.category($0) }
                let column = byGroup ? (category?.groupID ?? category?.id) : category?.id
                figures.cells[column, default: 0] -= line.money.minorUnits
            }
            perMonth[month] = figures
        }
        var totals: [Int64?: Int64] = [:]
        for figures in perMonth.values { for (id, minor) in figures.cells { totals[id, default: 0] += minor } }
        columns = totals.filter { $0.value != 0 }.map { id, total in
            Column(
                categoryID: id, name: id.flatMap { tree.category($0)?.name } ?? CategoryTree.uncategorized,
                total: money(total))
        }.sorted { ($0.total.minorUnits, $1.name) > ($1.total.minorUnits, $0.name) }
        let ids = columns.map(\.categoryID)
        rows = months.map { month in
            let figures = perMonth[month] ?? (0, 0, [:])
            return Row(
                month: month, income: money(figures.income), spending: money(figures.spending),
                cells: ids.map { money(figures.cells[$0] ?? 0) })
        }
        income = money(rows.reduce(0) { $0 + $1.income.minorUnits })
        spending = money(rows.reduce(0) { $0 + $1.spending.minorUnits })
        otherCurrencies = others.filter { $0.value != 0 }.map { Money(minorUnits: $0.value, currency: $0.key) }
            .sorted { $0.currency.code < $1.currency.code }
        currenciesBeside = others.keys.sorted { $0.code < $1.code }
    }

    /// Which figure a category's money counts in.
    public enum Side: Sendable { case income, spending }

    /// The income categories' money is income; every other category's (uncategorised included)
    /// is spending; a transfer (a negative key) and a category kept out of totals count in neither.
    public static func side(of categoryID: Int64?, in tree: CategoryTree) -> Side? {
        if let id = categoryID, id < 0 { return nil }
        let category = categoryID.flatMap { tree.category($0) }
        if category?.flags.excludeFromTotals == true { return nil }
        return category?.flags.isIncome == true ? .income : .spending
    }

    /// A total over the report's months as a monthly average, to the nearest minor unit.
    public func average(_ total: Money) -> Money {
        Money(minorUnits: Self.rounded(total.minorUnits, over: Int64(max(1, rows.count))), currency: total.currency)
    }

    /// `total / count` rounded to the nearest minor unit, halves away from zero.
    static func rounded(_ total: Int64, over count: Int64) -> Int64 {
        let (quotient, remainder) = total.quotientAndRemainder(dividingBy: count)
        guard remainder.magnitude * 2 >= count.magnitude else { return quotient }
        return total < 0 ? quotient - 1 : quotient + 1
    }
}
