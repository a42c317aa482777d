import Foundation

/// Money written as ICU writes it for one locale and currency, from a pattern learned from ICU
/// once: ICU's formatter took about a tenth of drawing a report page (a few microseconds an
/// amount, hundreds of amounts). A pattern is kept only when it writes a set of probe amounts
/// exactly as ICU does, or else ICU goes on writing every amount of that locale and currency.
struct MoneyPattern: Sendable {
    var positive: (prefix: String, suffix: String)
    var negative: (prefix: String, suffix: String)
    /// Between groups of integer digits; empty when the locale does not group.
    var groupSeparator: String
    var decimalSeparator: String
    /// Digits in the last group (3) and in those before it (3; 2 in India).
    var primaryGroup: Int
    var secondaryGroup: Int
    /// Fewest integer digits that are grouped: 4 in most locales, 5 where `1234` stays whole.
    var fewestGrouped: Int
    var decimals: Int

    /// `minorUnits` written with the pattern.
    func format(_ minorUnits: Int64) -> String {
        var scale: UInt64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let magnitude = minorUnits.magnitude
        let integer = String(magnitude / scale)
        var text = minorUnits < 0 ? negative.prefix : positive.prefix
        if groupSeparator.isEmpty || integer.utf8.count < fewestGrouped {
            text += integer
        } else {
            let digits = Array(integer.utf8)
            var groups: [ArraySlice<UInt8>] = []
            var end = digits.count
            var size = primaryGroup
            while end > 0 {
                let start = max(0, end - size)
                groups.append(digits[start..<end])
                end = start
                size = secondaryGroup
            }
            text += groups.reversed().map { String(decoding: $0, as: UTF8.self) }.joined(separator: groupSeparator)
        }
        if decimals > 0 {
            let fraction = String(magnitude % scale)
            text += decimalSeparator + String(repeating: "0", count: decimals - fraction.utf8.count) + fraction
        }
        return text + (minorUnits < 0 ? negative.suffix : positive.suffix)
    }

    /// The pattern ICU's `write` follows for amounts of `decimals` decimals, or nil when it
    /// follows none this can copy (other digits than 0–9, a separator that changes, a probe
    /// written otherwise).
    static func learn(decimals: Int, from write: (Int64) -> String) -> MoneyPattern? {
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let fraction = Int64(String("8901234".prefix(decimals))) ?? 0
        let probe = 1_234_567 * scale + fraction
        guard let positive = parts(write(probe), decimals: decimals),
            let negative = parts(write(-probe), decimals: decimals), negative.middle == positive.middle,
            let short = parts(write(1_234 * scale), decimals: decimals)
        else { return nil }
        let pattern = MoneyPattern(
            positive: (positive.prefix, positive.suffix), negative: (negative.prefix, negative.suffix),
            groupSeparator: positive.groupSeparator, decimalSeparator: positive.decimalSeparator,
            primaryGroup: positive.groups.last ?? 3, secondaryGroup: positive.groups.dropLast().last ?? 3,
            fewestGrouped: short.groups.count > 1 ? 4 : 5, decimals: decimals)
        let probes: [Int64] = [
            0, 1, -1, 7, 12, -99, 123, 1_234, -5_678, 12_345, 123_456, -1_234_567, 12_345_678, 1_000_000_000,
            987_654_321_098,
            .max, .min + 1,
        ]
        for amount in probes + probes.map({ $0 / 7 / scale * scale }) where pattern.format(amount) != write(amount) {
            return nil
        }
        return pattern
    }

    private struct Parts {
        var prefix: String
        var suffix: String
        var middle: String
        var groupSeparator: String
        var decimalSeparator: String
        var groups: [Int]
    }

    /// A written amount taken apart at its digits: what stands before and after them, and the
    /// separators and group sizes among them.
    private static func parts(_ text: String, decimals: Int) -> Parts? {
        let scalars = Array(text.unicodeScalars)
        func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
        guard let first = scalars.firstIndex(where: isDigit), let last = scalars.lastIndex(where: isDigit) else {
            return nil
        }
        // Runs of digits and of what separates them, in order.
        var runs: [(digits: Bool, text: String)] = []
        for scalar in scalars[first...last] {
            let digit = isDigit(scalar)
            if let previous = runs.last, previous.digits == digit {
                runs[runs.count - 1].text.unicodeScalars.append(scalar)
            } else {
                runs.append((digit, String(scalar)))
            }
        }
        var integer = runs
        var decimalSeparator = ""
        if decimals > 0 {
            guard runs.count >= 3, runs[runs.count - 1].text.count == decimals else { return nil }
            decimalSeparator = runs[runs.count - 2].text
            integer = Array(runs.dropLast(2))
        }
        let separators = Set(integer.filter { !$0.digits }.map(\.text))
        guard separators.count <= 1, separators.first != decimalSeparator else { return nil }
        return Parts(
            prefix: String(String.UnicodeScalarView(scalars[..<first])),
            suffix: String(String.UnicodeScalarView(scalars[(last + 1)...])),
            middle: String(String.UnicodeScalarView(scalars[first...last])), groupSeparator: separators.first ?? "",
            decimalSeparator: decimalSeparator, groups: integer.filter(\.digits).map(\.text.count))
    }

    /// Patterns learned so far, by locale, currency and decimals (nil: ICU writes them).
    nonisolated(unsafe) private static var learned: [String: MoneyPattern?] = [:]
    /// Guards `learned` (Foundation's lock: Core imports nothing else).
    private static let lock = NSLock()

    /// The pattern of `key`, learned from `write` the first time it is asked for.
    static func cached(_ key: String, decimals: Int, write: (Int64) -> String) -> MoneyPattern? {
        if let known = lock.withLock({ learned[key] }) { return known }
        let pattern = learn(decimals: decimals, from: write)
        lock.withLock { learned[key] = pattern }
        return pattern
    }
}
