import BillfoldAPI
import BillfoldCore
import Foundation
import Testing
import VaporTesting

/// A new person's first visit: the way in is the web's own, and starter categories come in
/// their language.
@Suite("First run")
struct FirstRunTests {
    @Test(
        "an empty book offers import, starter categories in the person's language, and Lunch Money",
        arguments: TestDatabase.all)
    func firstSteps(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com", locale: "de-DE")
            let browser = try await Browser.signedIn(t, ana)
            let home = try await browser.get("/home").body.string
            #expect(home.contains("Erste Schritte") && home.contains(#"href="/import""#))
            #expect(home.contains(#"action="/categories/starter""#) && home.contains("/settings#lunchmoney"))
            let list = try await browser.get("/transactions").body.string
            #expect(list.contains(#"href="/import""#) && !list.contains("billfold command") && !list.contains("Befehl"))

            let added = try await browser.post("/categories/starter", [])
            #expect(added.status == .seeOther)
            let page = try await browser.get(added.headers.first(name: .location) ?? "/categories").body.string
            #expect(page.contains("\(StarterCategories.count) Kategorien angelegt."), "the notice counts them")
            let names = try await t.categories(ana).tree().all.map(\.name)
            #expect(names.count == StarterCategories.count)
            #expect(names.contains("Lebensmittel") && names.contains("Miete") && names.contains("Gehalt"))
            let tree = try await t.categories(ana).tree()
            let income = try #require(tree.all.first { $0.name == "Einnahmen" })
            #expect(income.isGroup && income.flags.isIncome)

            // Again: nothing twice.
            _ = try await browser.post("/categories/starter", [])
            #expect(try await t.categories(ana).tree().all.count == StarterCategories.count)
            let after = try await browser.get("/home").body.string
            #expect(!after.contains(#"action="/categories/starter""#), "the step is done")

            try await t.add(ana, [spend("Bäckerei", "-2.40")])
            #expect(
                !(try await browser.get("/home").body.string.contains("Erste Schritte")),
                "gone once there are transactions")
        }
    }
}
