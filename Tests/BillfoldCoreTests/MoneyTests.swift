import BillfoldCore
import Foundation
import Testing

@Suite("Money and currencies")
struct MoneyTests {
    @Test(
        "parses exact decimals up to the currency's minor unit",
        arguments: [
            ("-12.34", "EUR", Int64(-1234), "-12.34"), ("12.3", "EUR", 1230, "12.30"), ("+7", "USD", 700, "7.00"),
            ("0.01", "EUR", 1, "0.01"), ("-0.5", "EUR", -50, "-0.50"), ("1240", "PBP", 1240, "1240"),
            ("500", "JPY", 500, "500"), ("1.234", "KWD", 1234, "1.234"), (" 3.10 ", "eur", 310, "3.10"),
        ])
    func parses(text: String, code: String, minor: Int64, string: String) throws {
        let money = try Money(parsing: text, currency: try Currency(code: code))
        #expect(money.minorUnits == minor)
        #expect(money.decimalString == string)
        #expect(Money(minorUnits: minor, currency: money.currency) == money)
    }

    @Test(
        "refuses anything that is not a plain decimal in range",
        arguments: [
            ("1.234", "EUR"), ("12.5", "PBP"), ("1e3", "EUR"), ("12,50", "EUR"), ("", "EUR"), ("-", "EUR"),
            (".5", "EUR"), ("5.", "EUR"), ("1.2.3", "EUR"), ("NaN", "EUR"), ("١٢", "EUR"), ("0x10", "EUR"),
            ("1234567890123456", "EUR"),
        ])
    func refuses(text: String, code: String) throws {
        let currency = try Currency(code: code)
        #expect(throws: BillfoldError.self) { try Money(parsing: text, currency: currency) }
    }

    @Test("an amount as a Decimal is the minor units divided out: the same value and the same text")
    func amount() throws {
        var random = SplitMix64(seed: 51)
        var values: [Int64] = [0, 1, -1, 10, -10, 100, 1_000, 1_250, -1_200, 5, .max, .min, .max - 1, .min + 1]
        for _ in 0..<3_000 {
            let digits = Int64(random.next() % 18)
            var scale: Int64 = 1
            for _ in 0..<digits { scale *= 10 }
            values.append(Int64(bitPattern: random.next()) % scale)
        }
        for code in ["EUR", "JPY", "KWD", "PBP"] {
            let currency = try Currency(code: code)
            var divisor = Decimal(1)
            for _ in 0..<currency.minorUnits { divisor *= 10 }
            for value in values {
                let amount = Money(minorUnits: value, currency: currency).amount
                let divided = Decimal(value) / divisor
                #expect(amount == divided && amount.description == divided.description, "\(value) \(code)")
            }
        }
    }

    @Test("a sum of amounts says when it would overflow instead of wrapping round")
    func checkedSum() {
        #expect([Int64(1250), -300, 50].checkedSum == 1000)
        #expect([Int64]().checkedSum == 0)
        #expect([Int64.max, 1].checkedSum == nil)
        #expect([Int64.min, -1].checkedSum == nil)
    }

    @Test("currencies: ISO codes and points, with their decimals")
    func currencies() throws {
        #expect(try Currency(code: "eur").code == "EUR")
        #expect(try Currency(code: "PBP").minorUnits == 0)
        #expect(try Currency(code: "JPY").minorUnits == 0)
        #expect(try Currency(code: "BHD").minorUnits == 3)
        #expect(Currency.pbp.isPoints && !Currency.eur.isPoints)
        for bad in ["EURO", "XYZ", "", "€"] {
            #expect(throws: BillfoldError.self) { try Currency(code: bad) }
        }
    }

    @Test("formats money for a person's locale")
    func display() throws {
        let us = DisplayFormat(locale: Locale(identifier: "en_US"), timeZone: .gmt)
        let de = DisplayFormat(locale: Locale(identifier: "de_DE"), timeZone: .gmt)
        #expect(us.money(Money(-1234.5, .eur)) == "-€1,234.50")
        #expect(de.money(Money(-1234.5, .eur)) == "-1.234,50\u{00A0}€")
        #expect(us.money(Money(1240, .pbp)) == "1,240\u{00A0}PBP")
        #expect(de.money(Money(1240, .pbp)) == "1.240\u{00A0}PBP")
        #expect(de.money(Money(3, .usd)) == "3,00\u{00A0}$")
    }

    @Test("writes minor units as a decimal, from zero to the limits of 64 bits, for each minor unit")
    func formats() {
        let cases: [(Int64, Int, String)] = [
            (0, 2, "0.00"), (5, 2, "0.05"), (-5, 2, "-0.05"), (-1230, 2, "-12.30"), (100, 2, "1.00"),
            (0, 0, "0"), (-7, 0, "-7"), (1240, 0, "1240"), (5, 3, "0.005"), (-12_345, 3, "-12.345"),
            (.max, 2, "92233720368547758.07"), (.min, 2, "-92233720368547758.08"), (.min, 0, "-9223372036854775808"),
        ]
        for (minor, decimals, text) in cases {
            #expect(Money.format(minorUnits: minor, decimals: decimals) == text, "\(minor), \(decimals) decimals")
        }
    }
}
