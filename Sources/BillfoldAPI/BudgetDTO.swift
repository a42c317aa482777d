import BillfoldCore

// `/api/v1/budgets`: one month's budget sheet, amounts set per category, rollover, filling a
// month and copying it forward. Amounts are decimal strings in the person's primary currency.

/// One category's (or group's, or "Uncategorized"'s) line of a month.
public struct BudgetLineDTO: Codable, Sendable, Equatable {
    /// nil for "Uncategorized".
    public var categoryId: Int64?
    public var name: String
    public var groupId: Int64?
    public var isGroup: Bool
    public var isIncome: Bool
    /// nil without a budget (a group: its own and its categories').
    public var budgeted: String?
    /// Positive for money spent (for income: money in).
    public var spent: String
    public var transactions: Int
    /// Budgeted plus what rolled in, less what was spent; nil without either.
    public var left: String?
    /// What rolled in from the month before; nil when the category does not roll over.
    public var carried: String?
    public var rollsOver: Bool
    public var over: Bool

    public init(_ line: BudgetSheet.Line) {
        categoryId = line.categoryID
        name = line.name
        groupId = line.groupID
        isGroup = line.isGroup
        isIncome = line.isIncome
        budgeted = line.budgeted?.decimalString
        spent = line.spent.decimalString
        transactions = line.transactions
        left = line.left?.decimalString
        carried = line.carried?.decimalString
        rollsOver = line.rollsOver
        over = line.isOver
    }
}

public struct BudgetMonthResponse: Codable, Sendable, Equatable {
    /// `YYYY-MM`.
    public var month: String
    public var currency: String
    public var income: String
    public var budgeted: String
    public var spent: String
    /// Income less what was budgeted.
    public var leftToBudget: String
    public var lines: [BudgetLineDTO]
    /// What was spent in other currencies, which the sheet does not add (negative: spent).
    public var otherCurrencies: [CurrencyAmountDTO]
    /// What was spent in every currency, in the primary one, each day at its rate; absent when
    /// all of it is in the primary currency.
    public var convertedSpent: ConvertedTotalDTO?

    public init(_ sheet: BudgetSheet) {
        month = sheet.month.description
        currency = sheet.currency.code
        income = sheet.income.decimalString
        budgeted = sheet.budgeted.decimalString
        spent = sheet.spent.decimalString
        leftToBudget = sheet.leftToBudget.decimalString
        lines = sheet.lines.map(BudgetLineDTO.init)
        otherCurrencies = sheet.otherCurrencies.map {
            CurrencyAmountDTO(currency: $0.currency.code, amount: $0.decimalString)
        }
        convertedSpent = sheet.convertedSpent.map(ConvertedTotalDTO.init)
    }
}

/// A category's budget for a month: `amount` sets it (an empty string clears it; left out, it
/// stays); `rollsOver` switches rollover on from this month, or off.
public struct BudgetSetRequest: Codable, Sendable, Equatable {
    /// `YYYY-MM`; this month when left out.
    public var month: String?
    public var amount: String?
    public var rollsOver: Bool?

    public init(month: String? = nil, amount: String? = nil, rollsOver: Bool? = nil) {
        self.month = month
        self.amount = amount
        self.rollsOver = rollsOver
    }
}

/// Fills a month's empty budgets: `from` is `lastMonth` or `average` (of the three months before).
public struct BudgetFillRequest: Codable, Sendable, Equatable {
    public var month: String?
    public var from: String

    public init(month: String? = nil, from: String) {
        self.month = month
        self.from = from
    }
}

/// Copies a month's budgets to the `months` months after it (1–24), replacing theirs.
public struct BudgetCopyRequest: Codable, Sendable, Equatable {
    public var month: String?
    public var months: Int

    public init(month: String? = nil, months: Int) {
        self.month = month
        self.months = months
    }
}

/// What a fill or copy wrote, and the month after it.
public struct BudgetChangeResponse: Codable, Sendable, Equatable {
    public var changed: Int
    public var sheet: BudgetMonthResponse

    public init(changed: Int, sheet: BudgetMonthResponse) {
        self.changed = changed
        self.sheet = sheet
    }
}
