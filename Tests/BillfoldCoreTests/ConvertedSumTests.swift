import Foundation
import Testing

@testable import BillfoldCore

@Suite("Converted totals in integers")
struct ConvertedSumTests {
    static func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))! }

    @Test("a rate or an inverse keeps its first 18 digits, rounded, without trailing zeros")
    func factors() throws {
        let inverse = try #require(ScaledFactor(1 / Self.decimal("1.05")))
        #expect(inverse == ScaledFactor(significand: 952_380_952_380_952_381, exponent: 18))
        #expect(ScaledFactor(Self.decimal("1.1252")) == ScaledFactor(significand: 11252, exponent: 4))
        #expect(ScaledFactor(Self.decimal("12500")) == ScaledFactor(significand: 125, exponent: -2))
        #expect(ScaledFactor(Self.decimal("0.0000952")) == ScaledFactor(significand: 952, exponent: 7))
        // 0.999…9 with twenty nines rounds up to 1.
        #expect(ScaledFactor(Self.decimal("0.99999999999999999999")) == .one)
        #expect(ScaledFactor(0) == .zero)
        #expect(ScaledFactor(-1) == nil)
        #expect(ScaledFactor(Self.decimal("1.1252"))?.decimal == Self.decimal("1.1252"))
        // A cross rate is rounded back to 18 digits.
        let cross = inverse * ScaledFactor(Self.decimal("160.25"))!
        #expect(cross == ScaledFactor(significand: 152_619_047_619_047_619, exponent: 15))
    }

    @Test("a sum of many days equals Decimal's to far below a cent, whatever the factors' sizes")
    func agreesWithDecimal() {
        var generator = SeededGenerator(seed: 7)
        var scaled = ScaledSum()
        var exact = Decimal(0)
        for day in 0..<5_000 {
            let amount = Int64.random(in: -50_000_000...50_000_000, using: &generator)
            // The inverses of these rates: 2 (exact), about 0.000058, and 10,000 to 75,000.
            let text = day % 7 == 0 ? "0.5" : day % 3 == 0 ? "17250.125" : "0.0000\(day % 9 + 1)3571"
            let rate = Self.decimal(text)
            scaled.add(amount, times: ScaledFactor(1 / rate)!)
            exact += Decimal(amount) * (1 / rate)
        }
        // Days of up to 3.7 trillion minor units each once converted: 18 digits keep the whole
        // within a thousandth of one minor unit (rounding to it needs a half).
        let difference = (scaled.value - exact).magnitude
        #expect(difference < Self.decimal("0.001"), "\(scaled.value) against \(exact)")
    }

    @Test("a sum that outgrows 128 bits goes on in Decimal instead of overflowing")
    func overflow() {
        var scaled = ScaledSum()
        // Each product is about 9.2 × 10³⁶: the 19th passes Int128's 1.7 × 10³⁸.
        let big = ScaledFactor(Self.decimal("999999999999999999"))!
        #expect(big == ScaledFactor(significand: 999_999_999_999_999_999, exponent: 0))
        for _ in 0..<40 { scaled.add(.max, times: big) }
        let expected = Decimal(Int64.max) * big.decimal * 40
        #expect(((scaled.value - expected) / expected).magnitude < Self.decimal("0.000000000000001"))
        scaled.add(.min, times: big)
        let less = expected + Decimal(Int64.min) * big.decimal
        #expect(((scaled.value - less) / less).magnitude < Self.decimal("0.000000000000001"))
    }

    @Test("a product is rounded once, to the nearest: a tail of …4445 rounds down")
    func roundedOnce() {
        // 123456789012345678 × 10 + 4 is cut to 18 digits with …4|4 → down; …4|5 → up.
        let down = ScaledFactor(normalising: 1_234_567_890_123_456_784_445, exponent: 22)
        #expect(down == ScaledFactor(significand: 123_456_789_012_345_678, exponent: 18))
        let up = ScaledFactor(normalising: 1_234_567_890_123_456_785_000, exponent: 22)
        #expect(up == ScaledFactor(significand: 123_456_789_012_345_679, exponent: 18))
        // A carry all the way up is one, without its zeros.
        #expect(ScaledFactor(normalising: 9_999_999_999_999_999_995, exponent: 19) == .one)
    }

    @Test("a converted total rounds once, halves away from zero, as before")
    func convertedTotal() throws {
        let usd = try Currency(code: "USD")
        let book = RateBook(rates: [
            ExchangeRate(day: Day(year: 2026, month: 1, day: 2), base: "EUR", currency: "USD", rate: 2),
            ExchangeRate(
                day: Day(year: 2026, month: 1, day: 5), base: "EUR", currency: "USD", rate: Self.decimal("1.6")),
        ])
        var sum = ConvertedTotal.Sum(to: .eur, book: book)
        sum.add(Money(minorUnits: 1, currency: usd), on: Day(year: 2026, month: 1, day: 3))
        sum.add(Money(minorUnits: 1, currency: usd), on: Day(year: 2026, month: 1, day: 2))
        sum.add(Money(minorUnits: 100, currency: usd), on: Day(year: 2026, month: 1, day: 6))
        let total = try sum.total()
        // 0.005 + 0.005 + 0.625: 0.635, rounded once.
        #expect(total.money == Money(minorUnits: 64, currency: .eur))
        #expect(total.usedEarlierRates)
        #expect(total.oldestRate == Day(year: 2026, month: 1, day: 2))
    }

    @Test(
        "one amount converted in integers is Decimal's, rounded once, halves away from zero (they could differ only within 10⁻¹⁷ of a half)"
    )
    func oneAmount() throws {
        let usd = try Currency(code: "USD")
        let jpy = try Currency(code: "JPY")
        let day = Day(year: 2026, month: 3, day: 2)
        let book = RateBook(rates: [
            ExchangeRate(day: day, base: "EUR", currency: "USD", rate: Self.decimal("1.0823")),
            ExchangeRate(day: day, base: "EUR", currency: "JPY", rate: Self.decimal("160.25")),
        ])
        var generator = SeededGenerator(seed: 5)
        for _ in 0..<2_000 {
            let minor = Int64.random(in: -99_999_999_999...99_999_999_999, using: &generator)
            for (from, to) in [(usd, Currency.eur), (Currency.eur, usd), (usd, jpy), (jpy, usd), (jpy, Currency.eur)] {
                let money = Money(minorUnits: minor, currency: from)
                var exact = try #require(book.convert(money.amount, from: from.code, to: to.code, on: day)?.value)
                var rounded = Decimal()
                NSDecimalRound(&rounded, &exact, to.minorUnits, .plain)
                let converted = try #require(book.converted(money, to: to, on: day))
                #expect(converted.amount == rounded, "\(money) in \(to.code)")
            }
        }
        // Half a cent rounds away from zero, either way.
        let half = RateBook(rates: [ExchangeRate(day: day, base: "EUR", currency: "USD", rate: 2)])
        #expect(half.converted(Money(minorUnits: 1, currency: usd), to: .eur, on: day)?.minorUnits == 1)
        #expect(half.converted(Money(minorUnits: -1, currency: usd), to: .eur, on: day)?.minorUnits == -1)
        // 300 at 0.96 is exactly 312.5; the inverse (1.0416…67) is rounded up in both, so both say 313.
        let near = RateBook(rates: [ExchangeRate(day: day, base: "EUR", currency: "USD", rate: Self.decimal("0.96"))])
        #expect(near.converted(Money(minorUnits: 300, currency: usd), to: .eur, on: day)?.minorUnits == 313)
        // No rate: nothing; more than an amount may be: nothing (the caller has a fallback).
        #expect(book.converted(Money(minorUnits: 1, currency: try Currency(code: "CHF")), to: .eur, on: day) == nil)
        #expect(book.converted(Money(minorUnits: 999_999_999_999_999, currency: .eur), to: jpy, on: day) == nil)
    }
}

/// The same numbers on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
