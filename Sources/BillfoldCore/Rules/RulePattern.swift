import Foundation

/// A rule's "matches a pattern": a small wildcard language a person can read, and that cannot hang
/// the server. `*` stands for any run of characters (none too), `?` for any one character, `#` for
/// one digit; every other character stands for itself, without regard to case or accents
/// ("cafe" finds "CAFÉ"). A pattern matches the whole text: `REWE*` is "starts with REWE".
///
/// Regular expressions were left out on purpose: a pattern such as `(a+)+$` takes exponential
/// time in a backtracking engine, and a rule runs on every row of a million-row import. This
/// language is matched in at most (text length × pattern length) steps (the classic wildcard
/// algorithm: on a mismatch it goes back only to the last `*`), and both lengths are capped.
public struct RulePattern: Hashable, Sendable {
    /// The pattern as the person wrote it.
    public let text: String
    private let tokens: [Token]

    /// The longest pattern accepted.
    public static let maxLength = 200
    /// The longest text matched: a bank's text past this is matched by its first characters.
    public static let maxText = 2_000

    enum Token: Hashable, Sendable {
        case literal(Character)
        case anyOne
        case digit
        case anyRun
    }

    /// Refuses an empty pattern, one longer than `maxLength`, and one that is only stars (it
    /// would match everything, which a rule says better with no condition at all).
    public init(_ text: String) throws(BillfoldError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            throw .validation("pattern", Phrase("error.core.rules.patternEmpty"))
        }
        guard trimmed.count <= Self.maxLength else {
            throw .validation("pattern", Phrase("error.core.rules.patternTooLong", ["max": String(Self.maxLength)]))
        }
        var tokens: [Token] = []
        for character in RuleText.folded(trimmed) {
            switch character {
            case "*":
                // Two stars in a row are one: the matcher's steps stay bounded by the pattern.
                if tokens.last != .anyRun { tokens.append(.anyRun) }
            case "?": tokens.append(.anyOne)
            case "#": tokens.append(.digit)
            default: tokens.append(.literal(character))
            }
        }
        guard tokens.contains(where: { $0 != .anyRun }) else {
            throw .validation("pattern", Phrase("error.core.rules.patternMatchesAll"))
        }
        self.text = trimmed
        self.tokens = tokens
    }

    /// Whether the whole of `text` (folded as `RuleText.folded`) fits the pattern.
    public func matches(folded text: [Character]) -> Bool { match(folded: text).matched }

    /// The match and how many steps it took: at most (text length + 1) × (pattern length + 1).
    func match(folded text: [Character]) -> (matched: Bool, steps: Int) {
        let text = text.count > Self.maxText ? Array(text.prefix(Self.maxText)) : text
        var t = 0
        var p = 0
        var steps = 0
        // Where the last star was, and where in the text it took over.
        var star: Int?
        var resume = 0
        while t < text.count {
            steps += 1
            if p < tokens.count, tokens[p] != .anyRun, fits(tokens[p], text[t]) {
                t += 1
                p += 1
            } else if p < tokens.count, tokens[p] == .anyRun {
                star = p
                resume = t
                p += 1
            } else if let star {
                // The star takes one more character; the rest is tried again after it.
                p = star + 1
                resume += 1
                t = resume
            } else {
                return (false, steps)
            }
        }
        while p < tokens.count, tokens[p] == .anyRun { p += 1 }
        return (p == tokens.count, steps)
    }

    public func matches(_ text: String) -> Bool { matches(folded: RuleText.folded(text)) }

    private func fits(_ token: Token, _ character: Character) -> Bool {
        switch token {
        case .literal(let wanted): wanted == character
        case .anyOne: true
        case .digit: character.isASCII && character.isNumber
        case .anyRun: true
        }
    }
}

/// How rules compare text: without regard to case or accents, with runs of spaces as one.
public enum RuleText {
    /// The folded text's UTF-8, as rules compare texts: composed first (NFC), so two spellings
    /// of one text (a precomposed "é" and "e" with its accent apart) are the same bytes.
    static func foldedBytes(_ text: String) -> [UInt8] {
        Array(String(folded(text)).precomposedStringWithCanonicalMapping.utf8)
    }

    /// The text as rules compare it, one `Character` each.
    public static func folded(_ text: String) -> [Character] {
        let plain = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var out: [Character] = []
        out.reserveCapacity(plain.count)
        for character in plain {
            if character.isWhitespace {
                if out.last != " " { out.append(" ") }
            } else {
                out.append(character)
            }
        }
        while out.last == " " { out.removeLast() }
        if out.first == " " { out.removeFirst() }
        return out
    }
}
