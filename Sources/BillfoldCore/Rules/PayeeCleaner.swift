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

    /// The cleaned payee; the text as it came (trimmed) when nothing readable would be left.
    public static func clean(_ bankText: String) -> String {
        let trimmed = bankText.trimmingCharacters(in: .whitespacesAndNewlines)
        // Fixed-width statements pad the merchant's column: past three spaces come its place,
        // phone or card number.
        let column = trimmed.components(separatedBy: "   ").first ?? trimmed
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
            for prefix in prefixes where words.count > prefix.count {
                let head = words.prefix(prefix.count).map { $0.lowercased().trimmingCharacters(in: ["*"]) }
                // `PayPal (Europe) S.a.r.l.`: the company itself, not a prefix before a merchant;
                // `POS PURCHASE (EFFEC ) DJS BILTONG`: a prefix, then an effective-date mark.
                let next = words[prefix.count].lowercased()
                if head == prefix, !next.hasPrefix("(") || next.hasPrefix("(effec") {
                    words.removeFirst(prefix.count)
                    dropped = true
                    break
                }
                // `TST*COMMONWEALTH`, `SQ *SHOP`: a prefix glued to the name by a star.
                if prefix.count == 1, let first = words.first, let star = first.firstIndex(of: "*"),
                    first[..<star].lowercased() == prefix[0]
                {
                    let rest = String(first[first.index(after: star)...])
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
        guard word.contains(where: \.isNumber) else { return false }
        let letters = word.filter(\.isLetter).count
        if let first = word.first, first.isNumber, letters >= 3, !word.contains("/"), !word.contains(".") {
            return false
        }
        return true
    }

    private static func siteName(_ word: String) -> String? {
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
