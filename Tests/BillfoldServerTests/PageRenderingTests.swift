import BillfoldCore
import Testing
import VaporTesting

@Suite("Pages in the user's locale and time zone")
struct PageRenderingTests {
    @Test("the same transaction in en-US and de-DE", arguments: TestDatabase.all)
    func locales(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let us = try await t.person("us@example.com", locale: "en-US", timeZone: "America/New_York")
            let de = try await t.person("de@example.com", locale: "de-DE", timeZone: "Europe/Berlin")
            let item = spend("Saturn <Electronics>", "-1234.56", at: "2026-03-01T23:30:00Z")
            let usID = try await t.add(us, [item])[0]
            let deID = try await t.add(de, [item])[0]
            let usList = try await t.send(.GET, "/transactions", as: us).body.string
            let deList = try await t.send(.GET, "/transactions", as: de).body.string
            // Amounts: grouping, decimal separator, symbol position; U+00A0 before € in German.
            #expect(usList.contains("-€1,234.56"))
            #expect(deList.contains("-1.234,56\u{00A0}€"))
            // 23:30Z is 6:30 PM on 1 March in New York, 00:30 on 2 March in Berlin.
            #expect(usList.contains("Mar 1, 2026"))
            #expect(usList.contains("6:30\u{202F}PM"))
            #expect(deList.contains("2. März 2026, 0:30"))
            // Text is escaped, never markup.
            #expect(usList.contains("Saturn &lt;Electronics&gt;"))
            #expect(!usList.contains("<Electronics>"))
            let usDetail = try await t.send(.GET, "/transactions/\(usID)", as: us).body.string
            let deDetail = try await t.send(.GET, "/transactions/\(deID)", as: de).body.string
            #expect(usDetail.contains("Sunday, March 1, 2026"))
            #expect(deDetail.contains("Montag, 2. März 2026"))
            #expect(deList.contains("lang=\"de-DE\""))
        }
    }

    @Test("the detail form changes category, status and notes", arguments: TestDatabase.all)
    func editForm(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let rent = try await t.categories(ana).forSource("t:rent", name: "Rent", now: Timestamp.now())
            let id = try await t.add(ana, [spend("Landlord", "-900.00", status: .uncleared)])[0]
            let form: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
            let saved = try await t.send(
                .POST, "/transactions/\(id)", as: ana,
                json:
                    "categoryId=\(rent.id)&status=cleared&notes=March+rent&back=%2Ftransactions%3Fstatus%3Duncleared",
                headers: form)
            #expect(saved.status == .seeOther)
            #expect(saved.headers.first(name: .location)?.hasPrefix("/transactions/\(id)?saved=1") == true)
            let changed = try #require(try await t.transactions(ana).find(id))
            #expect(changed.categoryID == rent.id && changed.status == .cleared && changed.notes == "March rent")
            // The detail page tells what changed.
            let detail = try await t.send(.GET, "/transactions/\(id)", as: ana).body.string
            #expect(detail.contains("Category: Uncategorized → Rent"))
            #expect(detail.contains("Status: Uncleared → Cleared"))
            #expect(detail.contains("Notes: none → “March rent”"))
            #expect(detail.contains("Added by hand"))
            // Saving the same values again records nothing and keeps the updated time.
            let again = try await t.send(
                .POST, "/transactions/\(id)", as: ana,
                json: "categoryId=\(rent.id)&status=cleared&notes=March+rent", headers: form)
            #expect(again.status == .seeOther)
            #expect(try await t.transactions(ana).history(id).count == 3)
            #expect(try await t.transactions(ana).find(id)?.updatedAt == changed.updatedAt)
            let refused = try await t.send(
                .POST, "/transactions/\(id)", as: ana,
                json: "categoryId=&status=finished&notes=lost", headers: form)
            #expect(refused.status == .badRequest)
            #expect(refused.body.string.contains("Use cleared, uncleared or pending."))
            #expect(try await t.transactions(ana).find(id) == changed)
        }
    }

    @Test(
        "the add form keeps what was typed when saving fails, and takes the decimal comma the locale shows",
        arguments: TestDatabase.all)
    func addForm(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com", timeZone: "Europe/Berlin")
            let form: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
            let refused = try await t.send(
                .POST, "/transactions/new", as: ana,
                json:
                    "bookedAt=2026-03-01T10%3A15&payee=Flower+shop&amount=zw%C3%B6lf&currency=EUR&status=uncleared&notes=for+Mum",
                headers: form)
            #expect(refused.status == .badRequest)
            let page = refused.body.string
            #expect(page.contains("value=\"Flower shop\""))
            #expect(page.contains("value=\"zwölf\""))
            #expect(page.contains("class=\"field invalid\""), "the amount field says what is wrong")
            #expect(page.contains("for Mum"))
            #expect(try await t.transactions(ana).count() == 0)
            let added = try await t.send(
                .POST, "/transactions/new", as: ana,
                json:
                    "bookedAt=2026-03-01T10%3A15&payee=Flower+shop&amount=-12%2C50&currency=EUR&status=uncleared&notes=for+Mum",
                headers: form)
            #expect(added.status == .seeOther)
            let stored = try await t.transactions(ana).page(.everything, after: nil, limit: 5).transactions
            #expect(stored.map(\.bookedAt.iso8601) == ["2026-03-01T10:15:00+01:00"])
            #expect(stored.map(\.money) == [Money(-12.5, .eur)])
        }
    }
}
