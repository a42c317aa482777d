import BillfoldCore
import Foundation

/// The character that separates whole units from cents in a file's amounts.
public enum DecimalSeparator: String, Sendable, Codable, CaseIterable {
    case point = "."
    case comma = ","

    /// The separator a column's amounts use: a comma when some amount ends in a comma and one or
    /// two digits ("12,5", "1.234,56"), a point otherwise ("1,234" is a thousand and some).
    public static func guess(_ samples: some Sequence<String>) -> DecimalSeparator {
        var commaVotes = 0
        var pointVotes = 0
        for sample in samples {
            let digitsAndMarks = sample.filter { $0.isNumber || $0 == "," || $0 == "." }
            guard let last = digitsAndMarks.lastIndex(where: { $0 == "," || $0 == "." }) else { continue }
            let after = digitsAndMarks.distance(from: last, to: digitsAndMarks.endIndex) - 1
            let mark = digitsAndMarks[last]
            let both = digitsAndMarks.contains(",") && digitsAndMarks.contains(".")
            if both || after != 3 {
                if mark == "," { commaVotes += 1 } else { pointVotes += 1 }
            }
        }
        return commaVotes > pointVotes ? .comma : .point
    }
}

/// Amounts as banks write them: `1,234.56`, `1.234,56`, `1 234,56`, `1'234.56`, `(12.34)`,
/// `-12.34`, `12.34-`, `+ 67.40`, `−12.34`, with a currency sign or code around them (`£1,183.23`,
/// `-$7,971.39`, `12,00 EUR`). The result is exact, in the currency's minor units.
public enum AmountText {
    /// Reads `text` in `currency`; the message says what is wrong in a person's words.
    public static func money(_ text: String, decimal: DecimalSeparator, currency: Currency) throws(BillfoldError)
        -> Money
    {
        if let quick = quickMoney(text, decimal: decimal, currency: currency) { return quick }
        let raw = text.trimmingCharacters(in: .whitespaces)
        var negative = false
        var body = Substring(raw)
        func refuse() -> BillfoldError {
            BillfoldError(.invalidAmount, Phrase("error.core.notAnAmount", ["text": raw]))
        }
        if body.hasPrefix("(") && body.hasSuffix(")") {
            negative = true
            body = body.dropFirst().dropLast()
        }
        // "100.00 DR" went out, "100.00 CR" came in (the way many statements mark debit and credit).
        let upper = body.uppercased()
        if upper.hasSuffix("DR") || upper.hasSuffix("CR") {
            negative = negative != upper.hasSuffix("DR")
            body = Substring(body.dropLast(2).trimmingCharacters(in: .whitespaces))
        }
        // Currency signs anywhere and a code before or after ("EUR 12,00", "12,00 EUR") carry no amount.
        body = Substring(body.filter { !$0.isCurrencySymbol }.trimmingCharacters(in: .whitespaces))
        if let code = body.prefix(while: \.isLetter).nonEmpty, code.count <= 3 {
            body = Substring(body.dropFirst(code.count).trimmingCharacters(in: .whitespaces))
        }
        let trailing = body.reversed().prefix(while: \.isLetter)
        if !trailing.isEmpty, trailing.count <= 3 {
            body = Substring(body.dropLast(trailing.count).trimmingCharacters(in: .whitespaces))
        }
        if let first = body.first, "-−+".contains(first) {
            negative = negative || first != "+"
            body = Substring(body.dropFirst().trimmingCharacters(in: .whitespaces))
        } else if let last = body.last, "-−+".contains(last) {
            negative = negative || last != "+"
            body = Substring(body.dropLast().trimmingCharacters(in: .whitespaces))
        }
        guard !body.isEmpty else { throw refuse() }
        // Thousands are grouped with the other mark, a space (also no-break) or an apostrophe (Swiss).
        let grouping: Set<Character> = [decimal == .comma ? "." : ",", " ", "'", "’", "\u{00A0}", "\u{202F}"]
        var whole = ""
        var fraction: String?
        var groups = Groups()
        func refuseGroups() -> BillfoldError {
            BillfoldError(
                .invalidAmount,
                Phrase(
                    "error.import.notAnAmountBecause", ["text": raw],
                    phrases: ["reason": Phrase("error.import.groupsOfThree")]))
        }
        for character in body {
            if character.isASCII, character.isNumber {
                if fraction == nil {
                    whole.append(character)
                    groups.digit()
                } else {
                    fraction!.append(character)
                }
            } else if String(character) == decimal.rawValue {
                guard fraction == nil else {
                    throw BillfoldError(.invalidAmount, Phrase("error.import.notAnAmountTwoMarks", ["text": raw]))
                }
                guard groups.wholeEnds() else { throw refuseGroups() }
                fraction = ""
            } else if grouping.contains(character), fraction == nil {
                guard groups.mark() else { throw refuseGroups() }
            } else {
                throw refuse()
            }
        }
        guard !whole.isEmpty || !(fraction ?? "").isEmpty else { throw refuse() }
        guard fraction != nil || groups.wholeEnds() else { throw refuseGroups() }
        let decimals = fraction?.count ?? 0
        guard decimals <= currency.minorUnits else {
            throw BillfoldError(
                .invalidAmount,
                Phrase(
                    "error.import.tooManyDecimals",
                    ["text": raw, "currency": currency.code, "allowed": String(currency.minorUnits)], count: decimals))
        }
        let digits = (whole.isEmpty ? "0" : whole) + (decimals > 0 ? "." + fraction! : "")
        // Its digits are checked above: what Money can still refuse is the size, a sentence of its own.
        return try Money(parsing: (negative ? "-" : "") + digits, currency: currency).checkedLimit()
    }
}

extension AmountText {
    /// The common case without a trip through `String`'s characters: an optional leading sign,
    /// ASCII digits grouped by the other mark, and at most the currency's decimals. Nil for
    /// anything else (the full reader then reads it, or says what is wrong).
    static func quickMoney(_ text: String, decimal: DecimalSeparator, currency: Currency) -> Money? {
        let mark: UInt8 = decimal == .comma ? 0x2C : 0x2E
        let group: UInt8 = decimal == .comma ? 0x2E : 0x2C
        var negative = false
        var whole: Int64 = 0
        var fraction: Int64 = 0
        var decimals = -1
        var digits = 0
        var first = true
        var groups = Groups()
        for byte in text.utf8 {
            defer { first = false }
            if first && (byte == 0x2D || byte == 0x2B) {
                negative = byte == 0x2D
                continue
            }
            if byte >= 0x30 && byte <= 0x39 {
                let digit = Int64(byte - 0x30)
                digits += 1
                if decimals >= 0 {
                    decimals += 1
                    guard decimals <= currency.minorUnits else { return nil }
                    fraction = fraction * 10 + digit
                } else {
                    guard digits <= 15 else { return nil }
                    whole = whole * 10 + digit
                    groups.digit()
                }
            } else if byte == mark, decimals < 0, groups.wholeEnds() {
                decimals = 0
            } else if byte == group, decimals < 0, groups.mark() {
                continue
            } else {
                return nil
            }
        }
        guard digits > 0, decimals >= 0 || groups.wholeEnds() else { return nil }
        var scale: Int64 = 1
        for _ in 0..<currency.minorUnits { scale *= 10 }
        var fractionScale: Int64 = 1
        for _ in 0..<(currency.minorUnits - max(decimals, 0)) { fractionScale *= 10 }
        let (scaled, overflow) = whole.multipliedReportingOverflow(by: scale)
        guard !overflow else { return nil }
        let minor = scaled + fraction * fractionScale
        let money = Money(minorUnits: negative ? -minor : minor, currency: currency)
        return money.isWithinLimit ? money : nil
    }
}

/// The thousands groups of an amount's whole part, checked as its digits are read: a mark
/// stands after one to three digits, and then every three (two in the middle groups of India's
/// lakh and crore: `1,00,000`). So `-12.50` in a column of decimal commas is refused, not read
/// as −1,250.
struct Groups {
    private var marks = 0
    private var digits = 0

    mutating func digit() { digits += 1 }

    /// A thousands mark after the digits so far; false where none may stand.
    mutating func mark() -> Bool {
        guard marks == 0 ? (1...3).contains(digits) : (2...3).contains(digits) else { return false }
        marks += 1
        digits = 0
        return true
    }

    /// Whether the whole part may end here (at the decimal mark or the amount's end).
    func wholeEnds() -> Bool { marks == 0 || digits == 3 }
}

extension Substring {
    fileprivate var nonEmpty: Substring? { isEmpty ? nil : self }
}

extension AmountText {
    /// The currency a statement's amounts are written in ("£1,183.23", "-$7.50", "12,00 EUR"), when
    /// nine in ten of those that name one name the same; nil when none does or they disagree. A "$"
    /// stays the `given` currency when that is a dollar too (CAD, AUD …): the sign alone does not
    /// say which, and a lone "$" is otherwise the US dollar.
    public static func currency(writtenIn amounts: some Sequence<String>, given: Currency?) -> Currency? {
        var counts: [String: Int] = [:]
        var named = 0
        for text in amounts.prefix(2_000) {
            guard let code = writtenCurrency(text, given: given) else { continue }
            named += 1
            counts[code, default: 0] += 1
        }
        guard let (code, count) = counts.max(by: { $0.value < $1.value }), count * 10 >= named * 9 else {
            return nil
        }
        return try? Currency(code: code)
    }

    /// Signs that name one currency; "$" and "¥" are handled apart.
    static let currencySigns: [Character: String] = [
        "£": "GBP", "€": "EUR", "₹": "INR", "₩": "KRW", "₺": "TRY", "₪": "ILS", "₽": "RUB", "₴": "UAH",
        "₫": "VND", "฿": "THB", "₱": "PHP", "₦": "NGN",
    ]
    /// Letters before a "$" that say which dollar or peso: "R$ 1.234,56", "C$", "NZ$".
    static let dollarPrefixes: [String: String] = [
        "R": "BRL", "C": "CAD", "CA": "CAD", "A": "AUD", "AU": "AUD", "NZ": "NZD", "HK": "HKD", "S": "SGD",
        "SG": "SGD", "MX": "MXN", "US": "USD", "NT": "TWD",
    ]
    /// Currencies written with a "$" of their own: a lone "$" in their statements is theirs.
    static let dollarSigned: Set<String> = [
        "USD", "CAD", "AUD", "NZD", "SGD", "HKD", "MXN", "TWD", "JMD", "BSD", "FJD", "BRL", "ARS", "CLP", "COP",
        "UYU", "DOP", "BZD", "BBD", "BMD", "KYD", "LRD", "NAD", "SBD", "SRD", "TTD", "XCD", "GYD", "CUP",
    ]

    /// The currency one amount's text names, by its sign or a code before or after it.
    static func writtenCurrency(_ text: String, given: Currency?) -> String? {
        if let at = text.firstIndex(where: \.isCurrencySymbol) {
            let sign = text[at]
            let letters = String(text[..<at].reversed().prefix(while: \.isLetter).reversed()).uppercased()
            if sign == "$" {
                if let named = dollarPrefixes[letters] { return named }
                return given.map(\.code).flatMap { dollarSigned.contains($0) ? $0 : nil } ?? "USD"
            }
            // The yen and the yuan share a sign: the given one of the two, else the yen.
            if sign == "¥" || sign == "￥" {
                return given.map(\.code).flatMap { ["JPY", "CNY"].contains($0) ? $0 : nil } ?? "JPY"
            }
            return currencySigns[sign]
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for code in [
            trimmed.prefix(while: \.isLetter), Substring(trimmed.reversed().prefix(while: \.isLetter).reversed()),
        ]
        where code.count == 3 && code.allSatisfy(\.isUppercase) {
            if let currency = try? Currency(code: String(code)), !currency.isPoints { return currency.code }
        }
        return nil
    }
}
