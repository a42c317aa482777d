import Foundation

/// The catalogue's words in one person's language, with numbers in their locale:
/// `words("nav.home")`, `words("home.spendingIn", ["month": name])`,
/// `words("common.transactions", count: 5)` (the form CLDR's rules pick, `{count}` in the locale).
public struct Words: Sendable {
    public let language: Language
    public let locale: Locale
    let catalogue: Catalogue

    public init(language: Language, locale: Locale? = nil, catalogue: Catalogue = .shipped) {
        self.language = language
        self.locale = locale ?? Locale(identifier: language.defaultLocale.replacingOccurrences(of: "-", with: "_"))
        self.catalogue = catalogue
    }

    /// The words of someone whose language and region is `locale` (`de-CH`).
    public init(locale: String, catalogue: Catalogue = .shipped) {
        self.init(
            language: Language(locale: locale),
            locale: Locale(identifier: locale.replacingOccurrences(of: "-", with: "_")),
            catalogue: catalogue)
    }

    public static let english = Words(language: .english)

    /// The words of a terminal's person, from the POSIX locale variables: the first of `LC_ALL`,
    /// `LC_MESSAGES` and `LANG` that is set (`de_DE.UTF-8`, `fr_CH`); English for `C`/`POSIX` or
    /// a language Billfold does not speak. `BILLFOLD_LANGUAGE` (`de`, `ja-JP`) overrides them.
    public static func terminal(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Words {
        let names = ["BILLFOLD_LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"]
        guard let setting = names.lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else {
            return .english
        }
        // `de_DE.UTF-8@euro` → `de-DE`
        let locale = setting.prefix { $0 != "." && $0 != "@" }.replacingOccurrences(of: "_", with: "-")
        let language = Language(locale: locale)
        guard language != .english || locale.lowercased().hasPrefix("en") else { return .english }
        return locale.contains("-") ? Words(locale: locale) : Words(language: language)
    }

    /// The words a page, an answer or a command is being written in. Set around drawing a page
    /// (`Words.$current.withValue(…)`) so the parts of a page need not pass them along.
    @TaskLocal public static var current: Words = .english

    /// The text of `key` with its placeholders filled. A key the catalogue lacks is given back
    /// as itself, which the catalogue check and the page checks catch.
    public func callAsFunction(_ key: String, _ values: [String: String] = [:]) -> String {
        switch catalogue.entry(key, in: language) {
        case .text(let text): fill(text, values)
        case .plural(let forms): fill(forms[.other] ?? key, values)
        case nil: key
        }
    }

    /// The form of `key` for `count`, with `{count}` written in the locale (`1.234` in German).
    public func callAsFunction(_ key: String, count: Int, _ values: [String: String] = [:]) -> String {
        var values = values
        if values["count"] == nil { values["count"] = number(count) }
        switch catalogue.entry(key, in: language) {
        case .plural(let forms):
            let category = language.pluralCategory(count)
            return fill(forms[category] ?? forms[.other] ?? key, values)
        case .text(let text): return fill(text, values)
        case nil: return key
        }
    }

    /// Items in a run, as this language separates them: `a, b`; `a、b` in Japanese.
    public func list(_ items: [String]) -> String { items.joined(separator: self("common.listSeparator")) }

    /// A whole number as this locale writes it: `1,234`, `1.234`.
    public func number(_ value: Int) -> String { value.formatted(.number.locale(locale)) }

    /// Whether the catalogue has `key` (in English at least).
    public func has(_ key: String) -> Bool { catalogue.entry(key, in: language) != nil }

    /// The scripts' entries of some areas (`js.<area>.…`) as one JSON object, for the page to
    /// carry: a text, or an object of plural forms a script picks from with `Intl.PluralRules`.
    /// Written once per language and area when the catalogue is read, not for every page.
    public func scriptJSON(areas: [String]) -> String {
        let members = areas.compactMap { catalogue.scriptMembers[language]?[$0] }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// `text` with each `{name}` replaced by its value, in one pass (a value's own braces stay).
    func fill(_ text: String, _ values: [String: String]) -> String {
        guard text.contains("{") else { return text }
        var result = ""
        for piece in Template(text).pieces {
            switch piece {
            case .text(let text): result += text
            case .placeholder(let name): result += values[name] ?? "{\(name)}"
            }
        }
        return result
    }
}

/// The current words' text of `key` (see `Words.current`).
public func tr(_ key: String, _ values: [String: String] = [:]) -> String {
    Words.current(key, values)
}

/// The current words' form of `key` for `count`.
public func tr(_ key: String, count: Int, _ values: [String: String] = [:]) -> String {
    Words.current(key, count: count, values)
}
