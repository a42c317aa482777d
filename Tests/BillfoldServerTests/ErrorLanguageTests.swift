import BillfoldAPI
import BillfoldCore
import Foundation
import NIOHTTP1
import Testing

@testable import BillfoldServer

@Suite("Errors in the reader's language")
struct ErrorLanguageTests {
    @Test("an API error's message follows Accept-Language; its code stays the same English identifier")
    func apiFollowsAcceptLanguage() async throws {
        try await TestApp.run(.sqlite) { t in
            let ana = try await t.person("ana@example.com")
            let cases: [(header: String?, language: Language)] = [
                (nil, .english), ("de-CH,de;q=0.9,en;q=0.5", .german), ("ja", .japanese), ("pl, fr;q=0.4", .french),
            ]
            for (header, language) in cases {
                let headers: HTTPHeaders = header.map { ["Accept-Language": $0] } ?? [:]
                let answer = try await t.send(.GET, "/api/v1/transactions?status=done", as: ana, headers: headers)
                #expect(answer.status == .badRequest)
                let body = try JSONDecoder().decode(ErrorResponse.self, from: Data(answer.body.readableBytesView))
                let words = Words(language: language)
                #expect(body.error.code == "invalid_status")
                #expect(body.error.message == words("error.status.unknown", ["text": "done"]), "\(header ?? "none")")
                #expect(body.error.fields?["status"] == words("error.status.choices"))
            }
            // The German and English messages differ, so the check above could fail.
            #expect(Words(language: .german)("error.status.choices") != Words.english("error.status.choices"))
        }
    }

    @Test("words made while a request is answered, not only its error, follow Accept-Language")
    func answersFollowAcceptLanguage() async throws {
        try await TestApp.run(.sqlite) { t in
            let ana = try await t.person("ana@example.com")
            for language in [Language.english, .german, .japanese] {
                let answer = try await t.send(
                    .GET, "/api/categories", as: ana, headers: ["Accept-Language": language.rawValue])
                #expect(answer.status == .ok)
                let body = try JSONSerialization.jsonObject(with: Data(answer.body.readableBytesView)) as? [String: Any]
                #expect(body?["message"] as? String == Words(language: language)("contract.categoriesRetrieved"))
            }
        }
    }

    @Test("an error page speaks the person's language, and before sign-in the browser's")
    func errorPageInLanguage() async throws {
        try await TestApp.run(.sqlite) { t in
            let ana = try await t.person("ana@example.com", locale: "de-DE")
            let browser = try await Browser.signedIn(t, ana)
            let german = Words(language: .german)
            let missing = try await browser.get("/transactions/999999")
            #expect(missing.status == .notFound)
            for key in ["error.notFound.title", "error.notFound.advice", "error.notFound.transaction"] {
                #expect(missing.body.string.contains(german(key)), "\(key)")
                #expect(!missing.body.string.contains(Words.english(key)), "\(key) in English")
            }
            let signedOut = try await t.send(.GET, "/no-such-page", headers: ["Accept-Language": "de-AT,de;q=0.8"])
            #expect(signedOut.status == .notFound && signedOut.body.string.contains(german("error.notFound.title")))
        }
    }

    @Test("a rule's error from Core, with its field, in the reader's language")
    func coreRuleInLanguage() async throws {
        try await TestApp.run(.sqlite) { t in
            let ana = try await t.person("ana@example.com")
            let answer = try await t.send(
                .POST, "/api/v1/categories", as: ana, json: #"{"name": "x"}"#, headers: ["Accept-Language": "fr-FR"])
            #expect(answer.status == .badRequest)
            let body = try JSONDecoder().decode(ErrorResponse.self, from: Data(answer.body.readableBytesView))
            let french = Words(language: .french)
            #expect(body.error.code == "validation_failed")
            #expect(body.error.fields?["name"] == french("categories.rule.nameTooShort"))
            #expect(french("categories.rule.nameTooShort") != Words.english("categories.rule.nameTooShort"))
        }
    }

    @Test("setup offers the locale of the language the browser asked for, so the owner's pages stay in it")
    func setupOffersTheBrowsersLocale() async throws {
        try await TestApp.run(.sqlite) { t in
            for (header, locale) in [("ja,en;q=0.5", "ja-JP"), ("de-CH", "de-DE"), ("pl", "en-US")] {
                let page = try await t.send(.GET, "/setup", headers: ["Accept-Language": header])
                #expect(page.status == .ok)
                #expect(page.body.string.contains(#"<option value="\#(locale)" selected>"#), "\(header)")
            }
        }
    }
}
