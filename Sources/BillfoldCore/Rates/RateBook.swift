import Foundation

/// One exchange rate as a central bank quotes it: on `day`, one unit of `base` buys `rate` units
/// of `currency` (the ECB's "1 EUR = 1.1252 USD"). Codes are kept as written: a rate may be of a
/// currency long gone (the ECB's history has the Cyprus pound), which no transaction is in.
public struct ExchangeRate: Hashable, Sendable {
    public var day: Day
    public var base: String
    public var currency: String
    public var rate: Decimal

    public init(day: Day, base: String, currency: String, rate: Decimal) {
        self.day = day
        self.base = base
        self.currency = currency
        self.rate = rate
    }

    /// A rate as written: a positive decimal with a point ("1.1252"), at most 40 characters;
    /// nil for anything else (a comma, an exponent, a sign).
    public static func parse(_ text: String) -> Decimal? {
        guard text.count <= 40, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            text.filter({ $0 == "." }).count <= 1,
            let rate = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), rate > 0
        else { return nil }
        return rate
    }
}

/// A rate a person set by hand, for points or a currency no source has: from `day` on, one unit
/// of `currency` is worth `rate` units of `quote` ("1 PBP = 0.01 EUR").
public struct PersonalRate: Hashable, Sendable {
    public var day: Day
    public var currency: String
    public var quote: String
    public var rate: Decimal

    public init(day: Day, currency: String, quote: String, rate: Decimal) {
        self.day = day
        self.currency = currency
        self.quote = quote
        self.rate = rate
    }
}

/// Every rate a conversion may read, by currency and day. A day without a rate takes the nearest
/// earlier one (and says which day that was); a currency with no rate on or before the day cannot
/// be converted. A person's own rate comes first; otherwise both currencies are found against one
/// base (`amount × (1 / rate(from)) × rate(to)`). A conversion shown or written is worked out
/// in Foundation's `Decimal` (38 significant digits: an inverse is exact to those); a converted
/// total of many days in `ScaledFactor`s (18 digits, in integers). Nothing is rounded to cents
/// until a total is.
public struct RateBook: Sendable {
    /// Days (as YYYYMMDD) ascending, with their rates and the rates' inverses (worked out once
    /// when the book is made: converting then multiplies, and a division costs twice a product).
    struct Series: Sendable {
        var days: [Int] = []
        var rates: [Decimal] = []
        var inverses: [Decimal] = []
        /// The same rates and inverses in integers, for converted totals (`ScaledFactor`).
        var scaledRates: [ScaledFactor] = []
        var scaledInverses: [ScaledFactor] = []

        /// Where the rate on `day` or the nearest day before it is.
        func index(on day: Int) -> Int? {
            var low = 0
            var high = days.count
            while low < high {
                let middle = (low + high) / 2
                if days[middle] <= day { low = middle + 1 } else { high = middle }
            }
            return low == 0 ? nil : low - 1
        }
    }

    /// base → currency → series.
    private var published: [String: [String: Series]] = [:]
    /// currency → quote → series.
    private var personal: [String: [String: Series]] = [:]

    public init(rates: [ExchangeRate], personal: [PersonalRate] = []) {
        for rate in rates.sorted(by: { $0.day < $1.day }) {
            published[rate.base, default: [:]][rate.currency, default: Series()].append(rate.day.number, rate.rate)
        }
        for rate in personal.sorted(by: { $0.day < $1.day }) {
            self.personal[rate.currency, default: [:]][rate.quote, default: Series()].append(rate.day.number, rate.rate)
        }
    }

    public static let empty = RateBook(rates: [])

    /// The same published rates with a person's own beside them (the published ones are shared,
    /// not copied: a dictionary is copied on change only).
    public func adding(personal rates: [PersonalRate]) -> RateBook {
        var book = self
        for rate in rates.sorted(by: { $0.day < $1.day }) {
            book.personal[rate.currency, default: [:]][rate.quote, default: Series()].append(rate.day.number, rate.rate)
        }
        return book
    }

    /// The same book with more published rates (of currencies it does not hold yet, in any order).
    public func adding(published rates: [ExchangeRate]) -> RateBook {
        var book = self
        for rate in rates.sorted(by: { $0.day < $1.day }) {
            book.published[rate.base, default: [:]][rate.currency, default: Series()].append(rate.day.number, rate.rate)
        }
        return book
    }

    public var isEmpty: Bool { published.isEmpty && personal.isEmpty }

    /// `amount` of `from` in `to` on `day`, and the oldest day of the rates it took; nil when a
    /// currency has no rate on or before the day.
    public func convert(_ amount: Decimal, from: String, to: String, on day: Day) -> (value: Decimal, rateDay: Int)? {
        factor(from: from, to: to, on: day).map { (amount * $0.factor, $0.rateDay) }
    }

    /// Whether `from` has any rate into `to` at all (on some day).
    public func canConvert(from: String, to: String) -> Bool {
        factor(from: from, to: to, on: Day(year: 9999, month: 12, day: 31)) != nil
    }

    /// What one unit of `from` is worth in `to` on `day`, and the oldest day of the rates it took.
    public func factor(from: String, to: String, on day: Day) -> (factor: Decimal, rateDay: Int)? {
        factor(from: from, to: to, on: day.number, steps: 0)
    }

    /// The same factor in integers, as a converted total adds it up.
    public func scaledFactor(from: String, to: String, on day: Day) -> (factor: ScaledFactor, rateDay: Int)? {
        factor(from: from, to: to, on: day.number, steps: 0)
    }

    /// `steps`: how many of the person's rates were taken on the way (two rates quoted in each
    /// other must not send it round for ever).
    private func factor<Number: RateNumber>(from: String, to: String, on day: Int, steps: Int)
        -> (factor: Number, rateDay: Int)?
    {
        if from == to { return (.one, day) }
        if steps < 3, let quotes = personal[from] {
            // The latest of the person's rates for the currency, whatever it is quoted in.
            let latest = quotes.compactMap { quote, series in series.index(on: day).map { (quote, series, $0) } }
                .max { ($0.1.days[$0.2], $0.0) < ($1.1.days[$1.2], $1.0) }
            if let (quote, series, index) = latest {
                guard
                    let onward: (factor: Number, rateDay: Int) = factor(from: quote, to: to, on: day, steps: steps + 1)
                else { return nil }
                return (Number.rate(series, index) * onward.factor, min(series.days[index], onward.rateDay))
            }
        }
        if let series = personal[to]?[from], let index = series.index(on: day) {
            return (Number.inverse(series, index), series.days[index])
        }
        for (base, series) in published {
            let fromRate: (Number, Int)? =
                from == base
                ? (.one, day)
                : series[from].flatMap { s in s.index(on: day).map { (Number.inverse(s, $0), s.days[$0]) } }
            let toRate: (Number, Int)? =
                to == base
                ? (.one, day) : series[to].flatMap { s in s.index(on: day).map { (Number.rate(s, $0), s.days[$0]) } }
            guard let fromRate, let toRate else { continue }
            // Into or out of the base itself, one of the two is 1: no product to make.
            let factor = to == base ? fromRate.0 : from == base ? toRate.0 : fromRate.0 * toRate.0
            return (factor, min(fromRate.1, toRate.1))
        }
        return nil
    }
}

/// What a factor is worked out in: `Decimal` for conversions shown and written, `ScaledFactor`
/// for the sums of many days.
protocol RateNumber {
    static var one: Self { get }
    static func * (left: Self, right: Self) -> Self
    static func rate(_ series: RateBook.Series, _ index: Int) -> Self
    static func inverse(_ series: RateBook.Series, _ index: Int) -> Self
}

extension Decimal: RateNumber {
    static var one: Decimal { 1 }
    static func rate(_ series: RateBook.Series, _ index: Int) -> Decimal { series.rates[index] }
    static func inverse(_ series: RateBook.Series, _ index: Int) -> Decimal { series.inverses[index] }
}

extension ScaledFactor: RateNumber {
    static func rate(_ series: RateBook.Series, _ index: Int) -> ScaledFactor { series.scaledRates[index] }
    static func inverse(_ series: RateBook.Series, _ index: Int) -> ScaledFactor { series.scaledInverses[index] }
}

extension RateBook.Series {
    /// Rates are positive (the files and the forms refuse others), so each has an inverse.
    fileprivate mutating func append(_ day: Int, _ rate: Decimal) {
        let inverse = rate == 0 ? 0 : 1 / rate
        let scaled = (ScaledFactor(rate) ?? .zero, ScaledFactor(inverse) ?? .zero)
        if days.last == day {
            rates[rates.count - 1] = rate
            inverses[inverses.count - 1] = inverse
            scaledRates[scaledRates.count - 1] = scaled.0
            scaledInverses[scaledInverses.count - 1] = scaled.1
        } else {
            days.append(day)
            rates.append(rate)
            inverses.append(inverse)
            scaledRates.append(scaled.0)
            scaledInverses.append(scaled.1)
        }
    }
}
