import Foundation

/// An exact amount in one currency.
///
/// Sign convention, everywhere in Billfold: money coming in (income, refunds, points collected) is
/// positive; money going out (expenses) is negative. Dialects that use another convention (Lunch
/// Money's positive debits) convert at their edge.
public struct Money: Hashable, Sendable {
    /// The amount as an integer count of the currency's minor unit (cents for EUR): exact, and
    /// cheap to sum and to print.
    public let minorUnits: Int64
    public let currency: Currency

    /// The largest amount one transaction may carry, in minor units: 15 digits, so
    /// 9,999,999,999,999.99 EUR, 999,999,999,999.999 KWD or 999,999,999,999,999 JPY. Sums stay
    /// exact because the store also refuses a write that would let a user's sums outgrow 64 bits.
    public static let maximumMinorUnits: Int64 = 999_999_999_999_999

    /// True when the amount is within `maximumMinorUnits` either way.
    public var isWithinLimit: Bool { minorUnits.magnitude <= Money.maximumMinorUnits.magnitude }

    /// The largest amount as text, e.g. `9999999999999.99` for EUR.
    public static func maximum(_ currency: Currency) -> String {
        format(minorUnits: maximumMinorUnits, decimals: currency.minorUnits)
    }

    /// Refuses an amount beyond `maximumMinorUnits`, naming the field.
    public func checkedLimit(field: String = "amount") throws(BillfoldError) -> Money {
        guard isWithinLimit else { throw Money.tooLarge(currency, field: field) }
        return self
    }

    /// The refusal of an amount beyond what Billfold keeps, however it was written.
    static func tooLarge(_ currency: Currency, field: String = "amount") -> BillfoldError {
        let message = Phrase(
            "error.core.amountTooLarge", ["maximum": Money.maximum(currency), "currency": currency.code])
        return BillfoldError(.invalidAmount, message, fields: [field: message])
    }

    /// Money from a decimal amount; decimals beyond the currency's minor unit are rounded half to
    /// even. Parsing text refuses them instead, so user input is never rounded.
    public init(_ amount: Decimal, _ currency: Currency) {
        var scaled = amount * Money.scale(currency.minorUnits)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .bankers)
        self.minorUnits = NSDecimalNumber(decimal: rounded).int64Value
        self.currency = currency
    }

    /// The amount as a Decimal, e.g. for formatting: made from its digits and exponent, without
    /// the division that took half of a report page's money formatting, and with trailing zeros
    /// dropped as a division drops them (the same value, the same text).
    public var amount: Decimal {
        guard minorUnits != 0 else { return Decimal() }
        var significand = minorUnits.magnitude
        var exponent = -currency.minorUnits
        while exponent < 0, significand % 10 == 0 {
            significand /= 10
            exponent += 1
        }
        return Decimal(sign: minorUnits < 0 ? .minus : .plus, exponent: exponent, significand: Decimal(significand))
    }

    /// The same figure in another currency: what a currency corrected on its own means
    /// ("12.50" EUR becomes 12.50 USD). Refused when the figure has more decimals than the
    /// currency has.
    public func sameFigure(in other: Currency) throws(BillfoldError) -> Money {
        other == currency ? self : try Money(parsing: decimalString, currency: other)
    }

    /// Parses a decimal string such as `-12.34` strictly: an optional minus, digits, and at most as
    /// many decimals as the currency's minor unit. Never goes through a binary floating point value.
    public init(parsing text: String, currency: Currency) throws(BillfoldError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch Money.minorUnits(of: trimmed, decimals: currency.minorUnits) {
        case .some(let minor?):
            guard minor.magnitude <= Money.maximumMinorUnits.magnitude else { throw Money.tooLarge(currency) }
            self.init(minorUnits: minor, currency: currency)
        case .some(nil):
            // Well written but beyond 64 bits ("99999999999999999999"): too large, not "not a number".
            throw Money.tooLarge(currency)
        case nil:
            let values = ["text": text, "currency": currency.code]
            if currency.minorUnits == 0 {
                throw BillfoldError(
                    .invalidAmount, Phrase("error.core.amountNotANumberNoDecimals", values),
                    fields: ["amount": Phrase("error.core.amountFieldNoDecimals")])
            }
            throw BillfoldError(
                .invalidAmount, Phrase("error.core.amountNotANumber", values, count: currency.minorUnits),
                fields: ["amount": Phrase("error.core.amountFieldDecimals", count: currency.minorUnits)]
            )
        }
    }

    /// Builds money from an integer count of the currency's minor unit (cents for EUR).
    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// The amount as a plain decimal string with exactly the currency's decimals, e.g. `-12.30`.
    public var decimalString: String {
        Money.format(minorUnits: minorUnits, decimals: currency.minorUnits)
    }

    public var isIncome: Bool { minorUnits > 0 }
    /// The figure without its sign ("costs 9.99 a month"); the most negative one, which has no
    /// positive twin, becomes the largest.
    public var size: Money {
        Money(minorUnits: minorUnits == .min ? .max : Swift.abs(minorUnits), currency: currency)
    }
    public var isExpense: Bool { minorUnits < 0 }

    static func scale(_ decimals: Int) -> Decimal {
        var value = Decimal(1)
        for _ in 0..<decimals { value *= 10 }
        return value
    }

    /// Formats an integer of minor units without Foundation's locale machinery, so API strings are
    /// stable: `format(-1230, 2)` is `-12.30`.
    public static func format(minorUnits: Int64, decimals: Int) -> String {
        // Written right to left into one buffer, without a string per piece: lists and exports
        // write millions of these.
        var magnitude = minorUnits.magnitude
        // At most 20 digits (or the decimals and a leading zero), a point and a minus.
        let capacity = max(20, decimals + 1) + 2
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var position = capacity
            var written = 0
            repeat {
                if written == decimals && decimals > 0 {
                    position -= 1
                    buffer[position] = 0x2E
                }
                position -= 1
                buffer[position] = 0x30 + UInt8(magnitude % 10)
                magnitude /= 10
                written += 1
            } while magnitude > 0 || written <= decimals
            if minorUnits < 0 {
                position -= 1
                buffer[position] = 0x2D
            }
            let count = capacity - position
            for index in 0..<count { buffer[index] = buffer[position + index] }
            return count
        }
    }

    /// Reads `-12.3` as -1230 for two decimals: nil when `text` is no plain decimal with at most
    /// `decimals` decimals; `.some(nil)` when it is one but does not fit in 64 bits.
    static func minorUnits(of text: String, decimals: Int) -> Int64?? {
        var rest = Substring(text)
        var negative = false
        if rest.first == "-" || rest.first == "+" {
            negative = rest.first == "-"
            rest = rest.dropFirst()
        }
        let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first, !whole.isEmpty else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        if parts.count == 2 && fraction.isEmpty { return nil }
        guard fraction.count <= decimals,
            whole.allSatisfy(\.isASCIIDigit), fraction.allSatisfy(\.isASCIIDigit)
        else { return nil }
        let digits = whole + fraction + String(repeating: "0", count: decimals - fraction.count)
        guard let value = Int64(digits) else { return .some(nil) }
        return .some(negative ? -value : value)
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension Sequence<Int64> {
    /// The sum of amounts in minor units, or nil where it would overflow: a sum of money never
    /// wraps round silently.
    public var checkedSum: Int64? {
        var sum: Int64 = 0
        for amount in self {
            let (next, overflow) = sum.addingReportingOverflow(amount)
            guard !overflow else { return nil }
            sum = next
        }
        return sum
    }
}
