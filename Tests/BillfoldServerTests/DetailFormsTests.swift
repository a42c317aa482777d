import BillfoldAPI
import BillfoldCore
import Foundation
import Testing
import VaporTesting

/// The transaction page's forms lose nothing typed: the tags save with the edit form, and a
/// refused split comes back with every part as it was typed.
@Suite("The transaction page keeps what was typed")
struct DetailFormsTests {
    @Test("Save tags saves an edited payee too; a refused save keeps the ticked tags", arguments: TestDatabase.all)
    func tagsWithTheEditForm(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let id = try #require(try await t.add(ana, [spend("REWE", "-12.50")]).first)
            let trip = try await t.send(.POST, "/api/v1/tags", as: ana, json: #"{"name":"Trip"}"#)
            let tag = try JSONDecoder().decode(TagDTO.self, from: trip.body)
            let browser = try await Browser.signedIn(t, ana)
            let page = try await browser.get("/transactions/\(id)").body.string
            #expect(page.contains(#"name="tag\#(tag.id)" value="on" form="edit-form""#), "the tags are the edit form's")
            #expect(!page.contains(#"value="tags""#), "no form of their own")
            let current = try #require(try await t.transactions(ana).find(id))
            let form: [(String, String)] = [
                ("payee", "REWE Markt"), ("status", "uncleared"), ("categoryId", ""), ("amount", "-12,50"),
                ("currency", "EUR"), ("bookedAt", "2026-03-01T10:00"), ("accountId", String(current.accountID)),
                ("notes", ""), ("tagsShown", "1"), ("tag\(tag.id)", "on"), ("newTag", "Holiday"),
            ]
            let saved = try await browser.post("/transactions/\(id)", form)
            #expect(saved.status == .seeOther)
            #expect(try await t.transactions(ana).find(id)?.payee == "REWE Markt", "the payee typed is saved too")
            let tags = try await t.get(TagsDTO.self, "/api/v1/transactions/\(id)/tags", as: ana).tags
            #expect(Set(tags.map(\.name)) == ["Trip", "Holiday"])

            // Refused (no payee): nothing is written, and the tags come back as they were ticked.
            let refused = try await browser.post(
                "/transactions/\(id)",
                form.map { $0.0 == "payee" ? ("payee", " ") : $0.0 == "newTag" ? ("newTag", "Later") : $0 }
                    .filter { $0.0 != "tag\(tag.id)" })
            #expect(refused.status == .badRequest)
            let shown = refused.body.string
            #expect(!shown.contains(#"name="tag\#(tag.id)" value="on" form="edit-form" checked"#), "unticked stays so")
            #expect(shown.contains(#"value="Later""#), "the new tag typed stays")
            let after = try await t.get(TagsDTO.self, "/api/v1/transactions/\(id)/tags", as: ana).tags
            #expect(Set(after.map(\.name)) == ["Trip", "Holiday"], "nothing written")

            // A tag deleted in another tab is no reason to refuse the rest.
            let gone = try await browser.post(
                "/transactions/\(id)",
                form.map { $0.0 == "payee" ? ("payee", "REWE City") : $0 } + [("tag999999", "on")])
            #expect(gone.status == .seeOther)
            #expect(try await t.transactions(ana).find(id)?.payee == "REWE City")

            // Too many tags: said in the tags' card, and the payee typed beside them not written.
            var many: [(String, String)] = []
            for n in 0..<TagRules.maxPerTransaction {
                let made = try await t.send(.POST, "/api/v1/tags", as: ana, json: #"{"name":"T\#(n)"}"#)
                many.append(("tag\(try JSONDecoder().decode(TagDTO.self, from: made.body).id)", "on"))
            }
            let tooMany = try await browser.post(
                "/transactions/\(id)",
                form.map { $0.0 == "payee" ? ("payee", "Never saved") : $0 }.filter { $0.0 != "newTag" } + many)
            #expect(tooMany.status == .badRequest)
            let body = tooMany.body.string
            let card = body.range(of: #"id="tags""#).map { String(body[$0.lowerBound...].prefix(2_000)) } ?? ""
            #expect(card.contains("form-error"), "the reason is in the tags' card")
            #expect(try await t.transactions(ana).find(id)?.payee == "REWE City")
        }
    }

    @Test(
        "a split whose parts do not add up comes back with every part typed; six parts split",
        arguments: TestDatabase.all)
    func splitKeepsParts(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let id = try #require(try await t.add(ana, [spend("Market", "-60.00")]).first)
            let browser = try await Browser.signedIn(t, ana)
            let page = try await browser.get("/transactions/\(id)").body.string
            #expect(page.contains("Add a part") && page.contains(#"data-total-minor="-6000""#))
            let parts = (1...6).flatMap { n in [("amount\(n)", "10,00"), ("payee\(n)", "Stall \(n)")] }
            let wrong = try await browser.post(
                "/transactions/\(id)/parts",
                [("action", "split")] + parts.map { $0.0 == "amount6" ? ($0.0, "9,00") : $0 })
            #expect(wrong.status == .badRequest)
            let shown = wrong.body.string
            #expect(shown.contains("<details open>"), "the form stays open")
            for n in 1...6 {
                #expect(
                    shown.contains(#"name="payee\#(n)""#) && shown.contains(#"value="Stall \#(n)""#), "part \(n) kept")
            }
            #expect(shown.contains(#"value="9,00""#))
            #expect(try await t.transactions(ana).find(id)?.kind == nil, "nothing written")

            let split = try await browser.post("/transactions/\(id)/parts", [("action", "split")] + parts)
            #expect(split.status == .seeOther)
            let children = try await t.transactions(ana).children(of: [id])[id] ?? []
            #expect(children.count == 6 && Set(children.map(\.payee)) == Set((1...6).map { "Stall \($0)" }))
        }
    }
}
