import Foundation

/// A language Billfold's words are written in. Formats (dates, amounts) follow the full locale;
/// words follow only its language, so de-AT and de-CH read the same German.
public enum Language: String, CaseIterable, Sendable, Codable {
    case english = "en"
    case german = "de"
    case french = "fr"
    case spanish = "es"
    case italian = "it"
    case dutch = "nl"
    case japanese = "ja"

    /// The language of a locale such as `de-CH` or `ja_JP`; English where Billfold has no words.
    public init(locale: String) {
        let code = locale.prefix { $0 != "-" && $0 != "_" }.lowercased()
        self = Language(rawValue: code) ?? .english
    }

    /// The locale its words are shown with before anyone has chosen one (numbers in plurals).
    public var defaultLocale: String {
        switch self {
        case .english: "en-US"
        case .german: "de-DE"
        case .french: "fr-FR"
        case .spanish: "es-ES"
        case .italian: "it-IT"
        case .dutch: "nl-NL"
        case .japanese: "ja-JP"
        }
    }

    /// The language an `Accept-Language` header asks for first among those Billfold speaks,
    /// English when it names none of them (RFC 9110 §12.5.4: quality values, `*`, order).
    public static func preferred(byAcceptLanguage header: String?) -> Language {
        guard let header, !header.isEmpty else { return .english }
        var best: (language: Language, quality: Double)?
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let range = pieces.first, !range.isEmpty else { continue }
            var quality = 1.0
            for parameter in pieces.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            let code = range.prefix { $0 != "-" && $0 != "_" }.lowercased()
            guard quality > 0, let language = code == "*" ? .english : Language(rawValue: code) else { continue }
            if best == nil || quality > best!.quality {
                best = (language, quality)
            }
        }
        return best?.language ?? .english
    }

    /// CLDR's plural category of a whole number in this language (cldr-json plurals.json, v44):
    /// English, German, Dutch: one for 1; French: one for 0 and 1; French, Spanish, Italian: many
    /// for millions (`1 000 000 de transactions`); Japanese has no plural forms.
    public func pluralCategory(_ count: Int) -> PluralCategory {
        let n = count.magnitude
        switch self {
        case .japanese: return .other
        case .french: if n == 0 || n == 1 { return .one }
        case .english, .german, .dutch, .spanish, .italian: if n == 1 { return .one }
        }
        switch self {
        case .french, .spanish, .italian: return n != 0 && n % 1_000_000 == 0 ? .many : .other
        default: return .other
        }
    }
}

/// The plural forms a catalogue entry may have (CLDR's names); `other` is always there.
public enum PluralCategory: String, CaseIterable, Sendable {
    case zero, one, two, few, many, other
}
