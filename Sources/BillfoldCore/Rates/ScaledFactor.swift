import Foundation

/// A positive factor as an integer of at most 18 significant digits and the count of its digits
/// after the point (`952380952380952381`, 18: 0.9523…). A converted total multiplies every day's
/// money by one; in integers that is a product and a sum, where `Decimal` took a microsecond for
/// each (a year's report converts thousands of days). A factor is within half a unit of its 18th
/// digit (a cross rate, rounded twice, within one), so a day's error is below 10⁻¹⁷ of its amount:
/// the rounding to cents at the end comes out as `Decimal`'s unless the exact total lies that
/// close to a half.
public struct ScaledFactor: Sendable, Equatable {
    /// Below 10¹⁸: two of them multiply within `Int128`.
    public let significand: Int64
    /// Digits after the point; negative for a factor of 10¹⁸ and more.
    public let exponent: Int

    static let digits = 18
    static let limit: Int64 = 1_000_000_000_000_000_000

    init(significand: Int64, exponent: Int) {
        self.significand = significand
        self.exponent = exponent
    }

    public static let one = ScaledFactor(significand: 1, exponent: 0)
    public static let zero = ScaledFactor(significand: 0, exponent: 0)

    /// `value` rounded to 18 significant digits, halves away from zero; nil below zero.
    public init?(_ value: Decimal) {
        guard value >= 0 else { return nil }
        guard value > 0 else {
            self = .zero
            return
        }
        // Decimal's own text is its exact digits ("0.000952380952…", "12500"); read once per rate.
        var digits: [UInt8] = []
        var point: Int?
        for byte in value.description.utf8 {
            if byte == UInt8(ascii: ".") {
                point = digits.count
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                digits.append(byte - UInt8(ascii: "0"))
            } else {
                return nil
            }
        }
        var fraction = digits.count - (point ?? digits.count)
        while digits.first == 0 { digits.removeFirst() }
        guard !digits.isEmpty else { return nil }
        var significand: Int64 = 0
        for digit in digits.prefix(Self.digits) { significand = significand * 10 + Int64(digit) }
        // The digits cut off become powers of ten; the first of them rounds.
        let cut = digits.count - min(digits.count, Self.digits)
        fraction -= cut
        if cut > 0, digits[Self.digits] >= 5 { significand += 1 }
        self.init(normalising: Int128(significand), exponent: fraction)
    }

    /// `value × 10^-exponent` brought within 18 digits (rounded once, to the nearest, halves up)
    /// and without trailing zeros; `value` is not negative.
    init(normalising value: Int128, exponent: Int) {
        var cut = 0
        while let scale = TenTo.of(cut), value / scale >= Int128(Self.limit) { cut += 1 }
        var value = TenTo.divided(value, cut)
        var exponent = exponent - cut
        // A carry to 10¹⁸ leaves a trailing zero, taken off below.
        while value != 0, value % 10 == 0 {
            value /= 10
            exponent -= 1
        }
        self.init(significand: Int64(value), exponent: exponent)
    }

    /// The product, rounded to 18 digits (a cross rate: one currency's inverse times another's rate).
    public static func * (left: ScaledFactor, right: ScaledFactor) -> ScaledFactor {
        ScaledFactor(
            normalising: Int128(left.significand) * Int128(right.significand),
            exponent: left.exponent + right.exponent)
    }

    /// The same value as a `Decimal`, exactly.
    public var decimal: Decimal {
        Decimal(sign: .plus, exponent: -exponent, significand: Decimal(significand))
    }
}

/// A sum of amounts times factors, kept in integers: `total × 10^-exponent`. An amount is an
/// `Int64` of minor units and a factor's significand under 10¹⁸, so each product fits in
/// `Int128` with room for a great many of them; should a sum ever outgrow it, it goes on in
/// `Decimal`, from the same factors.
struct ScaledSum: Sendable {
    private var total: Int128 = 0
    private var exponent: Int?
    private var overflow: Decimal?

    mutating func add(_ amount: Int64, times factor: ScaledFactor) {
        if overflow == nil, let product = product(amount, factor) {
            let (sum, overflowed) = total.addingReportingOverflow(product)
            if !overflowed {
                total = sum
                return
            }
        }
        overflow = (overflow ?? value) + Decimal(amount) * factor.decimal
    }

    /// `amount × factor` at the sum's exponent, which a finer factor moves (the sum is scaled
    /// up with it); nil when that would not fit.
    private mutating func product(_ amount: Int64, _ factor: ScaledFactor) -> Int128? {
        let current = exponent ?? factor.exponent
        var multiplier = Int128(factor.significand)
        if factor.exponent > current {
            guard let scaled = TenTo.times(total, factor.exponent - current) else { return nil }
            total = scaled
            exponent = factor.exponent
        } else {
            guard let scaled = TenTo.times(multiplier, current - factor.exponent) else { return nil }
            multiplier = scaled
            exponent = current
        }
        let (product, overflowed) = Int128(amount).multipliedReportingOverflow(by: multiplier)
        return overflowed ? nil : product
    }

    /// The sum as a `Decimal` (to its 38 digits).
    var value: Decimal {
        if let overflow { return overflow }
        guard let exponent else { return 0 }
        // Decimal is made from 64-bit integers: the total in pieces of 18 digits, lowest first.
        var rest = total.magnitude
        var whole = Decimal(0)
        var place = Decimal(1)
        while rest > 0 {
            let (quotient, remainder) = rest.quotientAndRemainder(dividingBy: UInt128(ScaledFactor.limit))
            whole += Decimal(UInt64(remainder)) * place
            place *= Decimal(ScaledFactor.limit)
            rest = quotient
        }
        return Decimal(sign: total < 0 ? .minus : .plus, exponent: -exponent, significand: whole)
    }
}

extension RateBook {
    /// `money` in `target` on `day`, rounded to the target's minor unit (halves away from zero)
    /// in integers; nil when there is no rate, or the result is more than an amount may be.
    public func converted(_ money: Money, to target: Currency, on day: Day) -> Money? {
        if money.currency == target { return money }
        guard let factor = scaledFactor(from: money.currency.code, to: target.code, on: day)?.factor else {
            return nil
        }
        // minor × significand × 10^-(exponent + the money's decimals), in the target's minor units.
        let product = Int128(money.minorUnits) * Int128(factor.significand)
        let shift = factor.exponent + money.currency.minorUnits - target.minorUnits
        let units: Int128
        if shift <= 0 {
            guard let scaled = TenTo.times(product, -shift) else { return nil }
            units = scaled
        } else {
            units = TenTo.divided(product, shift)
        }
        guard units.magnitude <= UInt128(Money.maximumMinorUnits) else { return nil }
        return Money(minorUnits: Int64(units), currency: target)
    }
}

/// Powers of ten on `Int128`, for moving a scaled number's point.
enum TenTo {
    /// 10^`power`; nil past 10³⁸, which `Int128` cannot hold.
    static func of(_ power: Int) -> Int128? {
        guard (0...38).contains(power) else { return nil }
        var result: Int128 = 1
        for _ in 0..<power { result *= 10 }
        return result
    }

    /// `value × 10^power`; nil when it does not fit.
    static func times(_ value: Int128, _ power: Int) -> Int128? {
        guard let scale = of(power) else { return value == 0 ? 0 : nil }
        let (product, overflowed) = value.multipliedReportingOverflow(by: scale)
        return overflowed ? nil : product
    }

    /// `value ÷ 10^power`, rounded to the nearest, halves away from zero (past 10³⁸, every
    /// `Int128` rounds to zero).
    static func divided(_ value: Int128, _ power: Int) -> Int128 {
        guard let divisor = of(power) else { return 0 }
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        guard remainder.magnitude * 2 >= divisor.magnitude else { return quotient }
        return value < 0 ? quotient - 1 : quotient + 1
    }
}
