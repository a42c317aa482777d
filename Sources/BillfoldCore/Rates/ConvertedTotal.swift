import Foundation

/// One total in one currency made of amounts in many: each amount at the rate of its own day
/// (the nearest earlier day's when its day has none), added exactly and rounded once, to the
/// currency's minor unit with halves away from zero. A currency with no rate at all is left out
/// and named, never counted one for one.
public struct ConvertedTotal: Sendable, Equatable {
    public var money: Money
    /// Currencies left out: no rate on or before their days.
    public var missing: [Currency]
    /// Some amount took the rate of an earlier day than its own.
    public var usedEarlierRates: Bool
    /// The oldest rate day taken (nil when nothing needed converting).
    public var oldestRate: Day?

    public init(money: Money, missing: [Currency], usedEarlierRates: Bool, oldestRate: Day?) {
        self.money = money
        self.missing = missing
        self.usedEarlierRates = usedEarlierRates
        self.oldestRate = oldestRate
    }

    /// Adds amounts up as they come, then gives the total.
    public struct Sum: Sendable {
        let target: Currency
        let book: RateBook
        var sum: Decimal = 0
        /// Per currency, its minor units times their factors, in integers: each currency's scale
        /// is divided out once, at the end.
        var converted: [Currency: ScaledSum] = [:]
        var missing: Set<Currency> = []
        var earlier = false
        var oldest: Int?

        public init(to target: Currency, book: RateBook) {
            self.target = target
            self.book = book
        }

        /// Adds money in the total's own currency: no rate, so no day.
        public mutating func add(_ money: Money) {
            precondition(money.currency == target, "money in the total's currency")
            sum += money.amount
        }

        /// Names a currency that has no rate at all, without adding its money.
        public mutating func leaveOut(_ currency: Currency) {
            missing.insert(currency)
        }

        /// Adds `money` booked on `day`.
        public mutating func add(_ money: Money, on day: Day) {
            if money.currency == target {
                sum += money.amount
                return
            }
            guard let found = book.scaledFactor(from: money.currency.code, to: target.code, on: day) else {
                missing.insert(money.currency)
                return
            }
            converted[money.currency, default: ScaledSum()].add(money.minorUnits, times: found.factor)
            if found.rateDay < day.number { earlier = true }
            oldest = min(oldest ?? found.rateDay, found.rateDay)
        }

        /// The total, rounded once; refused when it is more than an amount may be.
        public func total() throws(BillfoldError) -> ConvertedTotal {
            var exact = sum
            for (currency, minor) in converted { exact += minor.value / Money.scale(currency.minorUnits) }
            var rounded = Decimal()
            NSDecimalRound(&rounded, &exact, target.minorUnits, .plain)
            let minor = rounded * Money.scale(target.minorUnits)
            guard minor.magnitude <= Decimal(Money.maximumMinorUnits) else {
                throw Money.tooLarge(target, field: "total")
            }
            return ConvertedTotal(
                money: Money(minorUnits: NSDecimalNumber(decimal: minor).int64Value, currency: target),
                missing: missing.sorted { $0.code < $1.code }, usedEarlierRates: earlier,
                oldestRate: oldest.map { Day(number: $0) })
        }
    }
}

/// One currency's money on one day (of one category, where it was asked per category): what a
/// converted total converts, each day at its rate. The store reads them from its day sums.
public struct DayAmount: Sendable, Equatable {
    /// nil: uncategorised, or not asked per category.
    public var categoryID: Int64?
    public var money: Money
    public var day: Day

    public init(categoryID: Int64?, money: Money, day: Day) {
        self.categoryID = categoryID
        self.money = money
        self.day = day
    }
}
