import Foundation
import Testing

@testable import BillfoldCore

@Suite("The string catalogue")
struct CatalogueTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    @Test("every language has every English key, the same placeholders and its plural forms")
    func complete() {
        let problems = Catalogue.shipped.problems()
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.prefix(60).joined(separator: "\n"))")
        for language in Language.allCases {
            #expect(!(Catalogue.shipped.entries[language] ?? [:]).isEmpty, "\(language) has words")
        }
    }

    @Test("the check finds a missing key, a changed placeholder and a missing plural form")
    func checkCanFail() {
        var entries: [Language: [String: Catalogue.Entry]] = [:]
        for language in Language.allCases { entries[language] = [:] }
        entries[.english]!["test.greeting"] = .text("Hello {name}")
        entries[.english]!["test.count"] = .plural([.one: "{count} row", .other: "{count} rows"])
        for language in Language.allCases where language != .english {
            entries[language]!["test.greeting"] = .text(language == .german ? "Hallo {nom}" : "Hi {name}")
            entries[language]!["test.count"] = .plural([.other: "{count}", .one: "{count}", .many: "{count}"])
        }
        entries[.french]!["test.count"] = .plural([.other: "{count} lignes"])
        entries[.dutch]!["test.greeting"] = nil
        let problems = Catalogue(entries: entries).problems()
        #expect(problems.contains("de: “test.greeting” has {nom} where English has {name}"))
        #expect(problems.contains("nl: “test.greeting” is missing"))
        #expect(problems.contains("fr: “test.count” lacks the plural form “one”"))
        #expect(problems.contains("fr: “test.count” lacks the plural form “many”"))
        #expect(problems.count == 4, "\(problems)")
    }

    @Test("every key the code asks for is in the English catalogue")
    func keysInCodeExist() throws {
        // tr("key", request.words("key", words("key", trCount("key", H.sentence("key", Phrase("key"
        let pattern = try NSRegularExpression(
            pattern: #"(?:\btr|\bwords|trCount|H\.sentence|\bPhrase)\(\s*"([a-zA-Z][A-Za-z0-9_.]*\.[A-Za-z0-9_.]+)""#)
        var missing: [String] = []
        var used = 0
        let files = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)!
        for case let file as URL in files where ["swift", "js"].contains(file.pathExtension) {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let key = String(text[Range(match.range(at: 1), in: text)!])
                used += 1
                if !Words.english.has(key) { missing.append("\(file.lastPathComponent): \(key)") }
            }
        }
        // Keys the code makes from names rather than writes out.
        for thing in BillfoldError.Thing.allCases where !Words.english.has(thing.notFoundPhrase.key) {
            missing.append("BillfoldError.Thing: \(thing.notFoundPhrase.key)")
        }
        for criterion in AwardCriterion.allCases {
            for key in ["awards.progress.", "awards.soFar."] where !Words.english.has(key + criterion.catalogueName) {
                missing.append("AwardCriterion: \(key)\(criterion.catalogueName)")
            }
        }
        for field in TransactionEdit.Field.allCases {
            for key in ["transactions.", "transactions.fieldInText."]
            where !Words.english.has(key + field.catalogueName) {
                missing.append("TransactionEdit.Field: \(key)\(field.catalogueName)")
            }
        }
        for icon in CategoryIcon.all where !Words.english.has("categories.icon.\(icon)") {
            missing.append("CategoryIcon: categories.icon.\(icon)")
        }
        for message in CategoryRules.Message.allCases where !Words.english.has(message.catalogueKey) {
            missing.append("CategoryRules.Message: \(message.catalogueKey)")
        }
        #expect(used > 50)
        #expect(missing.isEmpty, "\(missing.joined(separator: "\n"))")
    }

    @Test("a phrase inside a phrase is written in the same words, when the outer one is")
    func innerPhrases() {
        let reason = Phrase("error.notFound.transaction")
        let outer = Phrase("error.import.notAnAmountBecause", ["text": "x"], phrases: ["reason": reason])
        for language in [Language.english, .german, .japanese] {
            let words = Words(language: language)
            #expect(
                outer.text(words)
                    == words("error.import.notAnAmountBecause", ["text": "x", "reason": reason.text(words)]))
        }
        #expect(outer.text(Words(language: .german)) != outer.text())
    }

    @Test(
        "a terminal's language comes from BILLFOLD_LANGUAGE, LC_ALL, LC_MESSAGES, then LANG",
        arguments: [
            (["LANG": "de_DE.UTF-8"], Language.german), (["LC_ALL": "fr_CH.UTF-8", "LANG": "de_DE"], .french),
            (["LC_MESSAGES": "ja_JP.UTF-8", "LANG": "C"], .japanese), (["LANG": "C.UTF-8"], .english),
            (["LANG": "pt_BR.UTF-8"], .english), ([:], .english), (["LC_ALL": "", "LANG": "nl_NL"], .dutch),
            (["BILLFOLD_LANGUAGE": "it", "LANG": "de_DE.UTF-8"], .italian),
        ])
    func terminalLanguage(environment: [String: String], language: Language) {
        #expect(Words.terminal(environment).language == language)
    }

    @Test("a terminal's numbers follow its region")
    func terminalLocale() {
        #expect(Words.terminal(["LANG": "de_CH.UTF-8"])("common.transactions", count: 1234) == "1’234 Buchungen")
    }

    @Test(
        "CLDR plural categories",
        arguments: [
            (Language.english, 1, PluralCategory.one), (.english, 0, .other), (.english, 2, .other),
            (.german, 1, .one), (.german, 21, .other), (.dutch, 1, .one),
            (.french, 0, .one), (.french, 1, .one), (.french, 2, .other), (.french, 1_000_000, .many),
            (.spanish, 1, .one), (.spanish, 1_000_000, .many), (.spanish, 1_000_001, .other),
            (.italian, 2_000_000, .many), (.japanese, 1, .other), (.japanese, 5, .other),
        ])
    func plurals(language: Language, count: Int, category: PluralCategory) {
        #expect(language.pluralCategory(count) == category)
    }

    @Test("counts are written in the locale and pick their form")
    func counted() {
        #expect(Words(locale: "en-US")("common.transactions", count: 1) == "1 transaction")
        #expect(Words(locale: "en-US")("common.transactions", count: 7601) == "7,601 transactions")
        let german = Words(locale: "de-DE")("common.transactions", count: 7601)
        #expect(german.hasPrefix("7.601 "), "\(german)")
        #expect(Words(locale: "de-DE")("common.transactions", count: 1) != german)
    }

    @Test("a list is joined as its language joins; a count takes the reader's words and the format's numbers")
    func listsAndCounts() {
        #expect(Words(language: .english).list(["Food", "Rent"]) == "Food, Rent")
        #expect(Words(language: .japanese).list(["Food", "Rent"]) == "Food、Rent")
        // A phrase's list is joined when the reader is known, not when the phrase is made.
        let missing = Phrase("error.service.imports.noProfile", ["name": "Giro"], lists: ["names": ["DKB", "ING"]])
        #expect(missing.text(.english) == "There is no import profile “Giro”. Saved: DKB, ING.")
        #expect(missing.text(Words(language: .japanese)).contains("保存済み：DKB、ING。"))
        #expect(Words(locale: "de-DE").number(7601) == "7.601")
        // A German-formatted page read in English words: "transactions", with German digits.
        let format = DisplayFormat(locale: Locale(identifier: "de_DE"), timeZone: TimeZone(identifier: "UTC")!)
        #expect(Words.$current.withValue(.english) { format.transactions(7601) } == "7.601 transactions")
        let german = Words.$current.withValue(Words(locale: "de-DE")) { format.transactions(7601) }
        #expect(german.hasPrefix("7.601 ") && german != "7.601 transactions", "\(german)")
    }

    @Test("placeholders are filled once: a value's own braces stay as typed")
    func filling() {
        let words = Words.english
        #expect(words.fill("Delete “{name}”?", ["name": "{count} coffees"]) == "Delete “{count} coffees”?")
        #expect(words.fill("50 {unknown} {", [:]) == "50 {unknown} {")
        #expect(words("no.such.key") == "no.such.key")
    }

    @Test(
        "Accept-Language picks the first language Billfold speaks, by quality",
        arguments: [
            ("de-CH,de;q=0.9,en;q=0.8", Language.german), ("en-US,en;q=0.9", .english),
            ("pl-PL, fr;q=0.5, de;q=0.4", .french), ("ja;q=0.2, nl;q=0.8", .dutch),
            ("*", .english), ("", .english), ("xx, yy", .english), ("es;q=0, it", .italian),
            ("FR-fr", .french),
        ])
    func acceptLanguage(header: String, language: Language) {
        #expect(Language.preferred(byAcceptLanguage: header) == language)
    }

    @Test("a language follows the locale's language; unknown ones read English")
    func locales() {
        #expect(Language(locale: "de-AT") == .german)
        #expect(Language(locale: "ja_JP") == .japanese)
        #expect(Language(locale: "pt-BR") == .english)
        for (id, _) in Preferences.locales {
            #expect(Language(locale: id) != .english || id.hasPrefix("en"), "\(id) has words")
        }
    }
}
