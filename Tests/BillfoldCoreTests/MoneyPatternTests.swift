import Foundation
import Testing

@testable import BillfoldCore

/// Amounts on pages are written from a pattern learned from ICU; every amount must read exactly
/// as ICU writes it, in every locale a person can choose and a few that group otherwise.
@Suite("Money written from a learned pattern")
struct MoneyPatternTests {
    static let locales = Preferences.locales.map(\.id) + ["en-IN", "pt-BR", "sv-SE", "pl-PL", "ar-EG", "hi-IN"]
    static let currencies = ["EUR", "USD", "JPY", "KWD", "CHF", "GBP", "INR", "PBP"]

    @Test("the same text as ICU for random amounts in every locale and currency", arguments: locales)
    func sameAsICU(locale: String) throws {
        let format = DisplayFormat(locale: Locale(identifier: locale), timeZone: .gmt)
        var random = SplitMix64(seed: 7)
        for code in Self.currencies {
            let currency = try Currency(code: code)
            var amounts: [Int64] = [0, 1, -1, 100, -100_000, 123_456_789, .max, .min, .min + 1]
            for _ in 0..<300 {
                let digits = random.next() % 16
                var scale: UInt64 = 1
                for _ in 0..<digits { scale *= 10 }
                amounts.append(Int64(bitPattern: random.next()) % Int64(scale))
            }
            for minor in amounts {
                let money = Money(minorUnits: minor, currency: currency)
                #expect(format.money(money) == format.icuMoney(money), "\(locale) \(code) \(minor)")
            }
        }
    }

    @Test("a pattern is learned for every locale a person can choose, so ICU is not asked per amount")
    func learned() throws {
        for locale in Preferences.locales.map(\.id) {
            let format = DisplayFormat(locale: Locale(identifier: locale), timeZone: .gmt)
            for code in Self.currencies {
                let currency = try Currency(code: code)
                let pattern = MoneyPattern.learn(decimals: currency.minorUnits) {
                    format.icuMoney(Money(minorUnits: $0, currency: currency))
                }
                #expect(pattern != nil, "\(locale) \(code)")
            }
        }
    }

    @Test("a pattern that would write a probe otherwise is not kept")
    func refused() {
        // Writes 1234 ungrouped but 12345 with a space every two digits: no pattern does that.
        let odd = MoneyPattern.learn(decimals: 0) { minor in
            let digits = String(minor.magnitude)
            let text =
                digits.count > 4
                ? digits.enumerated().map { ($0.offset % 2 == 1 ? " " : "") + String($0.element) }.joined() : digits
            return (minor < 0 ? "-" : "") + text + " X"
        }
        #expect(odd == nil)
    }
}
