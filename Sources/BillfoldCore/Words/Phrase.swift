/// Words to be written later in the reader's language: a catalogue key and its placeholders'
/// values. Errors carry phrases, so the API answers in the language `Accept-Language` asks for and
/// a page in its person's, while logs and codes stay English.
/// Text not in the catalogue (`Phrase(literal:)`, or a `String` given to `BillfoldError`) is
/// shown as written in every language.
public struct Phrase: Sendable, Equatable, CustomStringConvertible {
    public let key: String
    public let values: [String: String]
    /// The count a plural entry's form is chosen by.
    public let count: Int?
    /// Text given as written, not a key.
    let isLiteral: Bool
    /// Sentences said one after another (`Phrase(joining:)`), instead of a key.
    let parts: [Phrase]
    /// Placeholders filled with other phrases, written in the same words as this one (a reason
    /// inside a sentence), so nothing is put into words before the reader is known.
    let inner: [String: Phrase]
    /// Placeholders filled with lists, joined as the reader's language joins them ("a, b", "a、b"):
    /// at most `maxListed` items, each at most `maxItemLength` characters, and how many more.
    let lists: [String: [String]]
    /// For each list cut short, how many items were left out ("and 999,988 more").
    let listsLeftOut: [String: Int]

    /// A list says at most this many items: an error about a file of a million columns quotes a
    /// few, not all (the probe's answer was 29.8 MB).
    public static let maxListed = 12
    /// An item in a list is cut to this many characters.
    public static let maxItemLength = 80

    public init(
        _ key: String, _ values: [String: String] = [:], count: Int? = nil, phrases: [String: Phrase] = [:],
        lists: [String: [String]] = [:]
    ) {
        self.key = key
        self.values = values
        self.count = count
        self.isLiteral = false
        self.parts = []
        self.inner = phrases
        self.lists = lists.mapValues { $0.prefix(Self.maxListed).map(Self.shortened) }
        self.listsLeftOut = lists.compactMapValues { $0.count > Self.maxListed ? $0.count - Self.maxListed : nil }
    }

    /// An item cut to `maxItemLength` characters, keeping the quotes around a quoted value.
    static func shortened(_ item: String) -> String {
        guard item.count > maxItemLength else { return item }
        let quoted = item.first == "“" && item.last == "”"
        let kept = item.dropFirst(quoted ? 1 : 0).prefix(maxItemLength - (quoted ? 3 : 1))
        return (quoted ? "“" : "") + kept + "…" + (quoted ? "”" : "")
    }

    /// Text to show as it is, in every language (a message from elsewhere, e.g. a bank file's own).
    public init(literal text: String) {
        key = text
        values = [:]
        count = nil
        isLiteral = true
        parts = []
        inner = [:]
        lists = [:]
        listsLeftOut = [:]
    }

    /// Several sentences said one after another (every broken rule of a form at once).
    public init(joining parts: [Phrase]) {
        key = ""
        values = [:]
        count = nil
        isLiteral = false
        self.parts = parts
        inner = [:]
        lists = [:]
        listsLeftOut = [:]
    }

    /// The phrase in `words`' language.
    public func text(_ words: Words = .english) -> String {
        if isLiteral { return key }
        if !parts.isEmpty {
            // Japanese sentences end in 。 and follow one another without a space.
            return parts.map { $0.text(words) }.joined(separator: words.language == .japanese ? "" : " ")
        }
        var values = inner.isEmpty ? values : values.merging(inner.mapValues { $0.text(words) }) { $1 }
        for (name, items) in lists {
            let more = listsLeftOut[name].map { [words("common.listMore", count: $0)] }
            values[name] = words.list(items + (more ?? []))
        }
        if let count { return words(key, count: count, values) }
        return words(key, values)
    }

    public var description: String { text() }
}
