import BillfoldAPI
import BillfoldCore
import Foundation
import Testing
import VaporTesting

/// How a decided card leaves the deck: one setting, saved from the deck or from Settings.
@Suite("The deck's animation choice")
struct DeckAnimationTests {
    @Test(
        "the deck's picker saves at once (204 for its script, back to the same month without it); an unknown way is refused and nothing saved",
        arguments: TestDatabase.all)
    func saved(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let browser = try await Browser.signedIn(t, ana)
            let deck = try await browser.get("/review").body.string
            #expect(deck.contains("data-animation=\"fly\""), "the default")
            let stayed = try await browser.post("/review/animation", [("deckAnimation", "burn"), ("stay", "1")])
            #expect(stayed.status == .noContent)
            #expect(try await t.get(MeResponse.self, "/api/v1/me", as: ana).deckAnimation == "burn")
            let plain = try await browser.post(
                "/review/animation", [("deckAnimation", "float-away"), ("month", "2026-03")])
            #expect(plain.status == .seeOther && plain.headers.first(name: .location) == "/review?month=2026-03")
            #expect(
                try await browser.get("/review?month=2026-03").body.string.contains("data-animation=\"float-away\""))
            let refused = try await browser.post("/review/animation", [("deckAnimation", "teleport"), ("stay", "1")])
            #expect(refused.status == .badRequest)
            #expect(try await t.get(MeResponse.self, "/api/v1/me", as: ana).deckAnimation == "float-away")
        }
    }
}
