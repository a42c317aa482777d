import Foundation

/// One month's budget as a person reads it: every category and group with what was budgeted,
/// what was spent, what is left (with what rolled over from the month before), and the month's
/// income and what is left to budget. Money is in the person's primary currency: a sum never
/// mixes currencies (what was spent in others is listed apart).
public struct BudgetSheet: Sendable, Equatable {
    /// One category's (or group's) line.
    public struct Line: Sendable, Equatable {
        public var categoryID: Int64?
        public var name: String
        public var groupID: Int64?
        public var isGroup: Bool
        public var isIncome: Bool
        /// What the person set for the month; nil when none (a group: its own plus its categories').
        public var budgeted: Money?
        /// What the month's transactions took, positive for spending (income: positive for money in).
        public var spent: Money
        public var transactions: Int
        /// What rolled in from the month before (negative when it was overspent); nil when the
        /// category does not roll over.
        public var carried: Money?
        public var rollsOver: Bool

        /// Budgeted plus what rolled in, less what was spent; nil without a budget or a carry.
        public var left: Money? {
            guard budgeted != nil || carried != nil else { return nil }
            let total = (budgeted?.minorUnits ?? 0) + (carried?.minorUnits ?? 0) - spent.minorUnits
            return Money(minorUnits: total, currency: spent.currency)
        }

        /// Spent more than it had.
        public var isOver: Bool { !isIncome && (left.map { $0.minorUnits < 0 } ?? false) }
    }

    public var month: Month
    public var currency: Currency
    /// Categories in the tree's order, each group followed by its categories; "Uncategorized"
    /// (no id) last when anything was uncategorised.
    public var lines: [Line]
    /// Money in this month: what the income categories took in.
    public var income: Money
    /// What the spending categories were given (groups counted through their categories).
    public var budgeted: Money
    /// What was spent in all spending categories, uncategorised included.
    public var spent: Money
    /// Income less what was budgeted: negative when more was budgeted than came in.
    public var leftToBudget: Money { Money(minorUnits: income.minorUnits - budgeted.minorUnits, currency: currency) }
    /// What was spent in other currencies, which the sheet does not add.
    public var otherCurrencies: [Money]
    /// Every other currency some of the month's counted money was in, even where it came to
    /// nothing net.
    public var currenciesBeside: [Currency]
    /// What was spent in every currency, in the sheet's (set when there are others: `convert`).
    public var convertedSpent: ConvertedTotal?

    /// What the month's figures are made of, as the store reads them.
    public struct Figures: Sendable {
        /// The month's budgets by category.
        public var budgets: [Int64: Money]
        /// The net of the month's counted transactions per category (nil: uncategorised), in
        /// every currency, with how many there were: negative for spending.
        public var net: [(categoryID: Int64?, money: Money, count: Int)]
        /// For the categories that roll over: what rolled in from the months before.
        public var carried: [Int64: Money]
        /// The categories that roll over.
        public var rollsOver: Set<Int64>

        public init(
            budgets: [Int64: Money], net: [(categoryID: Int64?, money: Money, count: Int)], carried: [Int64: Money],
            rollsOver: Set<Int64>
        ) {
            self.budgets = budgets
            self.net = net
            self.carried = carried
            self.rollsOver = rollsOver
        }
    }

    public init(month: Month, currency: Currency, tree: CategoryTree, figures: Figures) {
        self.month = month
        self.currency = currency
        var net: [Int64?: (minor: Int64, count: Int)] = [:]
        var others: [Currency: Int64] = [:]
        for line in figures.net {
            if line.money.currency == currency {
                let sum = net[line.categoryID] ?? (0, 0)
                net[line.categoryID] = (sum.minor + line.money.minorUnits, sum.count + line.count)
            } else {
                others[line.money.currency, default: 0] += line.money.minorUnits
            }
        }
        otherCurrencies = others.filter { $0.value != 0 }.map { Money(minorUnits: $0.value, currency: $0.key) }
            .sorted { $0.currency.code < $1.currency.code }
        currenciesBeside = others.keys.sorted { $0.code < $1.code }
        func money(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: currency) }
        func line(_ category: Category) -> Line {
            let isIncome = category.flags.isIncome
            let sum = net[category.id] ?? (0, 0)
            let rolls = figures.rollsOver.contains(category.id)
            return Line(
                categoryID: category.id, name: category.name, groupID: category.groupID, isGroup: category.isGroup,
                isIncome: isIncome, budgeted: figures.budgets[category.id].map { money($0.minorUnits) },
                spent: money(isIncome ? sum.minor : -sum.minor), transactions: sum.count,
                carried: rolls ? money(figures.carried[category.id]?.minorUnits ?? 0) : nil, rollsOver: rolls)
        }
        /// A category is shown unless it is kept out of budgets, or archived with nothing this month.
        func shown(_ line: Line, _ category: Category) -> Bool {
            !category.flags.excludeFromBudget
                && (!category.flags.archived || line.budgeted != nil || line.transactions > 0)
        }
        var lines: [Line] = []
        for top in tree.topLevel {
            var head = line(top)
            guard top.isGroup else {
                if shown(head, top) { lines.append(head) }
                continue
            }
            // A group kept out of budgets keeps its categories out (they take its flags); an
            // archived group still shows the categories that are not.
            guard !top.flags.excludeFromBudget else { continue }
            let children = tree.children(of: top.id).map { (line($0), $0) }.filter { shown($0.0, $0.1) }.map(\.0)
            guard shown(head, top) || !children.isEmpty else { continue }
            // A group totals its categories, its own budget and transactions included.
            let budgets = ([head.budgeted] + children.map(\.budgeted)).compactMap { $0?.minorUnits }
            head.budgeted = budgets.isEmpty ? nil : money(budgets.reduce(0, +))
            head.spent = money(children.reduce(head.spent.minorUnits) { $0 + $1.spent.minorUnits })
            head.transactions += children.reduce(0) { $0 + $1.transactions }
            let carries = children.compactMap(\.carried?.minorUnits)
            head.carried = carries.isEmpty ? nil : money(carries.reduce(0, +))
            lines.append(head)
            lines += children
        }
        if let uncategorised = net[nil], uncategorised.count > 0 {
            lines.append(
                Line(
                    categoryID: nil, name: CategoryTree.uncategorized, groupID: nil, isGroup: false,
                    isIncome: false, budgeted: nil, spent: money(-uncategorised.minor),
                    transactions: uncategorised.count, carried: nil, rollsOver: false))
        }
        self.lines = lines
        // The totals count categories, never a group's line again; a group's line holds its
        // categories' budgets (and its own), so the budgeted total adds the top lines.
        let counted = lines.filter { !$0.isGroup }
        income = money(counted.filter(\.isIncome).reduce(0) { $0 + $1.spent.minorUnits })
        budgeted = money(
            lines.filter { $0.groupID == nil && !$0.isIncome }.reduce(0) { $0 + ($1.budgeted?.minorUnits ?? 0) })
        spent = money(counted.filter { !$0.isIncome }.reduce(0) { $0 + $1.spent.minorUnits })
    }
}

extension BudgetSheet {
    /// Sets `convertedSpent`: the sheet's own `spent` and, each day at its rate, what the other
    /// currencies spent in the categories the sheet counts as spending (uncategorised included;
    /// not income, not a group's own line, not one kept out of budgets). `days` are the month's
    /// other-currency sums per day and category.
    /// `leftOut`: the currencies with no rate at all (not read).
    public mutating func convert(
        days: [DayAmount], leftOut: [Currency], tree: CategoryTree, book: RateBook
    ) throws(BillfoldError) {
        // Each day's spending per currency added up first, so each day is converted once.
        var spending = ConvertedFigures.DayTotals()
        for line in days where line.money.currency != currency {
            if let id = line.categoryID {
                guard let category = tree.category(id), !category.isGroup, !category.flags.isIncome,
                    !category.flags.excludeFromBudget
                else { continue }
            }
            try spending.add(Money(minorUnits: -line.money.minorUnits, currency: line.money.currency), on: line.day)
        }
        var sum = ConvertedTotal.Sum(to: currency, book: book)
        sum.add(spent)
        for currency in leftOut { sum.leaveOut(currency) }
        for (key, minor) in spending.sums { sum.add(Money(minorUnits: minor, currency: key.currency), on: key.day) }
        convertedSpent = try sum.total()
    }
}
