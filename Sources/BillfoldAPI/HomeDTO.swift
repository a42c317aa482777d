import BillfoldCore

/// The home dashboard as `/api/v1/home` shows it: open projects with how far along they are, the
/// high-priority items up next (first the most pressing), how many transactions wait for review,
/// this month's spending per category and currency, and the awards earned last.
public struct HomeResponse: Codable, Sendable, Equatable {
    /// The month the spending is for, e.g. "2026-11", in the person's time zone.
    public var month: String
    /// Uncleared transactions, all months.
    public var uncleared: Int
    public var projects: [ProjectDTO]
    public var upNext: [ItemDTO]
    public var spending: [SpendingDTO]
    public var recentAwards: [AwardDTO]
    /// What every transaction adds up to, per currency (the PAYBACK app's planned Feed's sum).
    public var totals: [TotalDTO]
    /// Those totals as one in the primary currency, when some are in another.
    public var convertedTotal: ConvertedTotalDTO?

    public init(
        month: String, uncleared: Int, projects: [ProjectDTO], upNext: [ItemDTO], spending: [SpendingDTO],
        recentAwards: [AwardDTO], totals: [TotalDTO] = [], convertedTotal: ConvertedTotalDTO? = nil
    ) {
        self.month = month
        self.uncleared = uncleared
        self.projects = projects
        self.upNext = upNext
        self.spending = spending
        self.recentAwards = recentAwards
        self.totals = totals
        self.convertedTotal = convertedTotal
    }
}

/// One category's spending in one currency over a month; no category is "Uncategorized".
public struct SpendingDTO: Codable, Sendable, Equatable {
    public var categoryId: Int64?
    public var categoryName: String?
    /// The category's colour name (e.g. "blue"), nil without a category.
    public var colour: String?
    /// The sum of what went out, negative as the transactions' amounts are.
    public var amount: String
    public var currency: String

    public init(category: Category?, money: Money) {
        categoryId = category?.id
        categoryName = category?.name
        colour = category?.colour
        amount = money.decimalString
        currency = money.currency.code
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(categoryId, forKey: .categoryId)
        try c.encode(categoryName, forKey: .categoryName)
        try c.encode(colour, forKey: .colour)
        try c.encode(amount, forKey: .amount)
        try c.encode(currency, forKey: .currency)
    }
}
