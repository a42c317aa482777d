import Foundation

/// Every piece of text a person reads, in every language: one JSON file per area and language in
/// `Strings/<language>/<area>.json`, each a flat object from a stable key (`home.title`) to the text,
/// or for counted text to its plural forms (`{"one": "{count} transaction", "other": "…"}`).
/// Placeholders are named in braces; `{count}` is the number a plural entry is chosen by.
/// English is the reference: every other language has exactly its keys and placeholders
/// (`problems()`, checked in `make test`).
public struct Catalogue: Sendable {
    public enum Entry: Sendable, Equatable {
        case text(String)
        case plural([PluralCategory: String])

        /// Every form's text: the one text, or each plural form.
        public var forms: [String] {
            switch self {
            case .text(let text): [text]
            case .plural(let forms): PluralCategory.allCases.compactMap { forms[$0] }
            }
        }
    }

    public let entries: [Language: [String: Entry]]
    /// Per language and area, the `js.<area>.` entries as JSON object members (no braces),
    /// English where a language lacks one: what `Words.scriptJSON` puts on a page.
    let scriptMembers: [Language: [String: String]]

    public init(entries: [Language: [String: Entry]]) {
        self.entries = entries
        var members: [Language: [String: String]] = [:]
        let scriptKeys = (entries[.english] ?? [:]).keys.filter { $0.hasPrefix("js.") }
        for language in Language.allCases {
            var byArea: [String: [String: Any]] = [:]
            for key in scriptKeys {
                let area = String(key.split(separator: ".")[1])
                switch entries[language]?[key] ?? entries[.english]?[key] {
                case .text(let text): byArea[area, default: [:]][key] = text
                case .plural(let forms):
                    byArea[area, default: [:]][key] = Dictionary(
                        uniqueKeysWithValues: forms.map { ($0.key.rawValue, $0.value) })
                case nil: break
                }
            }
            members[language] = byArea.mapValues { object in
                let data =
                    (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
                // "</" never closes the page's <script> data block early.
                return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
                    .replacingOccurrences(of: "</", with: "<\\/")
            }
        }
        scriptMembers = members
    }

    /// The catalogue shipped with Billfold, read once.
    public static let shipped: Catalogue = {
        do {
            return try Catalogue(folder: Bundle.module.url(forResource: "Strings", withExtension: nil)!)
        } catch {
            fatalError("The string catalogue shipped with Billfold cannot be read: \(error)")
        }
    }()

    /// Reads `folder/<language>/*.json`.
    public init(folder: URL) throws {
        var entries: [Language: [String: Entry]] = [:]
        let files = FileManager.default
        for language in Language.allCases {
            let directory = folder.appendingPathComponent(language.rawValue)
            let names = (try? files.contentsOfDirectory(atPath: directory.path)) ?? []
            var table: [String: Entry] = [:]
            for name in names.sorted() where name.hasSuffix(".json") {
                let data = try Data(contentsOf: directory.appendingPathComponent(name))
                guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                    throw CatalogueError("\(language.rawValue)/\(name) is not a JSON object")
                }
                for (key, value) in object {
                    guard table[key] == nil else {
                        throw CatalogueError("\(language.rawValue)/\(name): “\(key)” is in two files")
                    }
                    table[key] = try Self.entry(value, key: key, file: "\(language.rawValue)/\(name)")
                }
            }
            entries[language] = table
        }
        self.init(entries: entries)
    }

    private static func entry(_ value: Any, key: String, file: String) throws -> Entry {
        if let text = value as? String { return .text(text) }
        guard let object = value as? [String: String] else {
            throw CatalogueError("\(file): “\(key)” is neither a text nor an object of plural forms")
        }
        var forms: [PluralCategory: String] = [:]
        for (name, text) in object {
            guard let category = PluralCategory(rawValue: name) else {
                throw CatalogueError("\(file): “\(key)” has a plural form “\(name)” CLDR does not name")
            }
            forms[category] = text
        }
        guard forms[.other] != nil else { throw CatalogueError("\(file): “\(key)” has no “other” form") }
        return .plural(forms)
    }

    /// The entry for `key` in `language`, else the English one.
    public func entry(_ key: String, in language: Language) -> Entry? {
        entries[language]?[key] ?? entries[.english]?[key]
    }

    /// What is wrong with the catalogue: keys missing or extra against English, placeholders that
    /// differ from the English ones, plural forms a language needs and lacks. Empty when sound.
    public func problems() -> [String] {
        let english = entries[.english] ?? [:]
        var found: [String] = []
        for language in Language.allCases where language != .english {
            let table = entries[language] ?? [:]
            for key in english.keys.sorted() where table[key] == nil {
                found.append("\(language.rawValue): “\(key)” is missing")
            }
            for key in table.keys.sorted() where english[key] == nil {
                found.append("\(language.rawValue): “\(key)” is not an English key")
            }
            for (key, reference) in english.sorted(by: { $0.key < $1.key }) {
                guard let entry = table[key] else { continue }
                let wanted = Self.placeholders(reference.forms)
                for form in entry.forms {
                    // A form may say its number as a word ("one transaction") and leave out {count}.
                    let has = Self.placeholders([form])
                    guard has != wanted, has != wanted.subtracting(["count"]) else { continue }
                    found.append(
                        "\(language.rawValue): “\(key)” has {\(has.sorted().joined(separator: "}, {"))}"
                            + " where English has {\(wanted.sorted().joined(separator: "}, {"))}")
                }
                if case .plural(let forms) = entry {
                    for category in language.pluralCategoriesUsed where forms[category] == nil {
                        found.append("\(language.rawValue): “\(key)” lacks the plural form “\(category.rawValue)”")
                    }
                } else if case .plural = reference {
                    found.append("\(language.rawValue): “\(key)” is counted in English but not here")
                }
            }
        }
        return found
    }

    /// The `{name}`s in some texts.
    public static func placeholders(_ texts: [String]) -> Set<String> {
        var names: Set<String> = []
        for text in texts {
            for piece in Template(text).pieces {
                if case .placeholder(let name) = piece { names.insert(name) }
            }
        }
        return names
    }
}

struct CatalogueError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension Language {
    /// The plural categories whole numbers fall into in this language.
    public var pluralCategoriesUsed: [PluralCategory] {
        switch self {
        case .japanese: [.other]
        case .french, .spanish, .italian: [.one, .many, .other]
        case .english, .german, .dutch: [.one, .other]
        }
    }
}

/// A text cut at its `{placeholder}`s. A brace not closing a name is kept as text.
struct Template {
    enum Piece: Equatable {
        case text(Substring)
        case placeholder(String)
    }

    let pieces: [Piece]

    init(_ text: String) {
        var pieces: [Piece] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "}"),
                !rest[afterOpen..<close].isEmpty,
                rest[afterOpen..<close].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            else {
                pieces.append(.text(rest[...open]))
                rest = rest[afterOpen...]
                continue
            }
            if open > rest.startIndex { pieces.append(.text(rest[..<open])) }
            pieces.append(.placeholder(String(rest[afterOpen..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.text(rest)) }
        self.pieces = pieces
    }
}
