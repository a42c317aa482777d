import Foundation

/// A payee a person can read from a bank's text: `CB CARREFOUR 12/03 PARIS` is "Carrefour",
/// `AMAZON MKTPL*M13X76OR3 Amzn.com/billWA` "Amazon Mktpl", `7-ELEVEN 26611 VIRGINIA BEACVA`
/// "7-Eleven". What changes from one booking to the next (card-payment prefixes, dates, card
/// numbers, reference codes, phone numbers, store numbers and the place after them) is left out,
/// so the same shop gives the same payee every time, which rules and suggestions rely on. The
/// bank's text itself is always kept as the original name.
public enum PayeeCleaner {
    /// Words a card or transfer booking starts with that say how, not who (compared folded).
    static let prefixes: [[String]] = [
        ["pos", "purchase"], ["debit", "card", "purchase"], ["card", "purchase"], ["checkcard"],
        ["purchase"], ["pos"], ["cb"], ["carte"], ["visa"], ["ec"], ["paypal"], ["pp"], ["sq"], ["tst"],
        ["py"], ["sp"], ["<>"], ["(effec", ")"], ["(effec)"], ["rtc", "express", "pmt", "to"],
    ]

    /// Where a card booking's merchant name ends: what follows is a number, a place or a code.
    static let enders: Set<String> = ["card", "no.", "crd", "debit", "ach", "epay", "payment"]

    /// Words a shop's name ends with on some bookings and not on others.
    static let generic: Set<String> = ["llc", "inc", "inc.", "ltd", "store", "stores", "corp", "co"]

    /// Whether what follows a mark (`*`, `#`, `_`) in a word is a code rather than more name.
    static func codeFollows(_ word: String, _ mark: String.Index) -> Bool {
        let rest = word[word.index(after: mark)...]
        return word[mark] == "*" || rest.isEmpty || rest.contains(where: \.isNumber)
    }

    static let months: Set<String> = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
    ]

    static let longestPrefix = prefixes.map(\.count).max() ?? 0

    /// A word as prefixes are compared: lowercased, without stars at either end.
    static func folded(_ word: String) -> String {
        let lower = word.lowercased()
        let scalars = lower.unicodeScalars
        if scalars.first != "*" && scalars.last != "*" { return lower }
        guard let first = scalars.firstIndex(where: { $0 != "*" }) else { return "" }
        let last = scalars.lastIndex(where: { $0 != "*" })!
        return String(scalars[first...last])
    }

    /// The text without white space or line breaks at either end, as Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` trims it (scalar by scalar: Unicode's
    /// White_Space and the zero-width space), at a fraction of its cost.
    static func trimmedOfWhitespace(_ text: String) -> String {
        let scalars = text.unicodeScalars
        let space = { (scalar: Unicode.Scalar) in scalar.properties.isWhitespace || scalar == "\u{200B}" }
        guard let first = scalars.firstIndex(where: { !space($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !space($0) })!
        return String(scalars[first...last])
    }

    /// Whether three spaces may follow each other somewhere, looked for byte by byte: most texts
    /// have none, and Foundation's search, which then cuts the column, costs more than the rest
    /// of the cleaning.
    static func padsColumn(_ text: String) -> Bool {
        var spaces = 0
        for byte in text.utf8 {
            spaces = byte == UInt8(ascii: " ") ? spaces + 1 : 0
            if spaces == 3 { return true }
        }
        return false
    }

    /// The cleaned payee; the text as it came (trimmed) when nothing readable would be left.
    public static func clean(_ bankText: String) -> String {
        let trimmed = trimmedOfWhitespace(bankText)
        // Fixed-width statements pad the merchant's column: past three spaces come its place,
        // phone or card number.
        let column = padsColumn(trimmed) ? Substring(trimmed.components(separatedBy: "   ")[0]) : trimmed[...]
        var words = column.split(whereSeparator: \.isWhitespace).map(String.init)
        words = dropPrefixes(words)
        var kept: [String] = []
        for word in words {
            // `MKTPL*M13X76OR3`, `WAL-MART#5922`, `PILOT_00370`: the part before the mark.
            if let mark = word.firstIndex(where: { $0 == "*" || $0 == "#" || $0 == "_" }),
                mark == word.startIndex || codeFollows(word, mark)
            {
                let before = String(word[..<mark])
                if !before.isEmpty { kept.append(before) }
                if !kept.isEmpty { break } else { continue }
            }
            // A store number before the name (`8907 GREAT CLIPS`) is skipped; after it, it ends it.
            if isCode(word) || enders.contains(word.lowercased()) {
                if kept.isEmpty { continue } else { break }
            }
            kept.append(word)
        }
        while kept.count > 1, let last = kept.last, generic.contains(last.lowercased()) { kept.removeLast() }
        // `APPLE.COM/BILL`: a web address names its site.
        if kept.count == 1, let site = siteName(kept[0]) { kept = [site] }
        while let last = kept.last, last == "-" || last == "*" || months.contains(last.lowercased()) {
            kept.removeLast()
        }
        // Recased only where the bank wrote it all in capitals: "REWE Markt GmbH" stays.
        let shouting = kept.allSatisfy { $0 == $0.uppercased() }
        let cleaned = (shouting ? kept.map(readable) : kept).joined(separator: " ")
        return cleaned.count >= 2 ? cleaned : trimmed
    }

    private static func dropPrefixes(_ words: [String]) -> [String] {
        var words = words
        var dropped = true
        while dropped, words.count > 1 {
            dropped = false
            // Folded once per turn, not once per prefix: this runs for every row of an import.
            let head = words.prefix(longestPrefix).map(folded)
            let glued = words[0].firstIndex(of: "*").map { words[0][..<$0].lowercased() }
            for prefix in prefixes where words.count > prefix.count {
                // `PayPal (Europe) S.a.r.l.`: the company itself, not a prefix before a merchant;
                // `POS PURCHASE (EFFEC ) DJS BILTONG`: a prefix, then an effective-date mark.
                if head.prefix(prefix.count).elementsEqual(prefix, by: { $0 == $1 }) {
                    let next = words[prefix.count].lowercased()
                    if !next.hasPrefix("(") || next.hasPrefix("(effec") {
                        words.removeFirst(prefix.count)
                        dropped = true
                        break
                    }
                }
                // `TST*COMMONWEALTH`, `SQ *SHOP`: a prefix glued to the name by a star.
                if prefix.count == 1, let glued, glued == prefix[0], let star = words[0].firstIndex(of: "*") {
                    let rest = String(words[0][words[0].index(after: star)...])
                    words[0] = rest
                    if rest.isEmpty { words.removeFirst() }
                    dropped = true
                    break
                }
            }
        }
        // `PY *GOURMET GANG`: the star that joined prefix and name.
        if let first = words.first, first.hasPrefix("*") {
            let rest = String(first.drop { $0 == "*" })
            if rest.isEmpty { words.removeFirst() } else { words[0] = rest }
        }
        return words
    }

    /// A date (`12/03`, `2024-03-12`, `23.08.`), a number, a card or reference code: any word
    /// with a digit in it, except a name that starts with its digits (`7-ELEVEN`, `9TH`).
    static func isCode(_ word: String) -> Bool {
        let ascii = word.utf8.allSatisfy { $0 < 0x80 }
        guard ascii ? word.utf8.contains(where: { (0x30...0x39).contains($0) }) : word.contains(where: \.isNumber)
        else { return false }
        let letters = word.filter(\.isLetter).count
        if let first = word.first, first.isNumber, letters >= 3, !word.contains("/"), !word.contains(".") {
            return false
        }
        return true
    }

    private static func siteName(_ word: String) -> String? {
        guard word.utf8.contains(UInt8(ascii: ".")) else { return nil }  // Every ending has a dot.
        let lower = word.lowercased()
        for ending in [".com", ".co.uk", ".de", ".fr", ".net", ".org"] {
            if let range = lower.range(of: ending), range.lowerBound > lower.startIndex {
                return String(word[..<range.lowerBound]).replacingOccurrences(
                    of: "www.", with: "", options: .caseInsensitive)
            }
        }
        return nil
    }

    /// A word written in capitals, as banks do, in the case a person writes it ("CARREFOUR" is
    /// "Carrefour", "7-ELEVEN" "7-Eleven"); initials and a word in mixed case stay as they are.
    static func readable(_ word: String) -> String {
        // Short words in capitals without a vowel are mostly initials ("WM", "DJS", "BP").
        let letters = word.filter(\.isLetter)
        let initials =
            letters.count <= 2 || (letters.count == 3 && !letters.lowercased().contains { "aeiouy".contains($0) })
        guard !initials, word == word.uppercased() else { return word }
        var out = ""
        var startOfPart = true
        for character in word {
            out += startOfPart ? String(character).uppercased() : String(character).lowercased()
            startOfPart = !character.isLetter && character != "'"
        }
        return out
    }
}
