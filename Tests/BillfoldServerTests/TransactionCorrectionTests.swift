import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Foundation
import Testing
import VaporTesting

@Suite("Correcting a transaction's amount, date and account")
struct TransactionCorrectionTests {
    @Test(
        "a hand-entered typo is fixed: amount, date and account change, the day sums follow, the history keeps the old values",
        arguments: TestDatabase.all)
    func handEntered(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com", timeZone: "Europe/Berlin")
            let created = try await t.send(
                .POST, "/api/v1/transactions", as: ana,
                json:
                    #"{"bookedAt": "2026-03-01T10:00:00+01:00", "payee": "Bakery", "amount": "-43.00", "currency": "EUR"}"#
            )
            let bakery = try JSONDecoder().decode(TransactionDTO.self, from: created.body)
            let savings = try await AccountRepository(database: t.app.db, userID: ana.id).named(
                "t:savings", displayName: "Savings", currency: .eur, now: Timestamp.now())

            let fixed = try await t.send(
                .PATCH, "/api/v1/transactions/\(bakery.id)", as: ana,
                json: """
                    {"amount": "-4.30", "bookedAt": "2026-03-02T08:15:00+01:00", "accountId": \(savings.id)}
                    """)
            #expect(fixed.status == .ok, "\(fixed.body.string)")
            let after = try JSONDecoder().decode(TransactionDTO.self, from: fixed.body)
            #expect(after.amount == "-4.30" && after.bookedAt == "2026-03-02T08:15:00+01:00")
            #expect(after.accountId == savings.id)

            let first = try await t.get(TransactionListResponse.self, "/api/v1/transactions?to=2026-03-01", as: ana)
            #expect(first.transactions.isEmpty && first.totals.isEmpty, "the first of March holds nothing now")
            let second = try await t.get(
                TransactionListResponse.self, "/api/v1/transactions?from=2026-03-02&to=2026-03-02", as: ana)
            #expect(second.totals.map(\.amount) == ["-4.30"])

            let history = try await t.get(
                TransactionHistoryResponse.self, "/api/v1/transactions/\(bakery.id)/history", as: ana)
            let fields = Dictionary(uniqueKeysWithValues: history.edits.map { ($0.field, $0) })
            #expect(fields["amount"]?.oldValue == "-43.00 EUR" && fields["amount"]?.newValue == "-4.30 EUR")
            #expect(fields["bookedAt"]?.oldValue == "2026-03-01T10:00:00+01:00")
            #expect(fields["account"]?.newValue == String(savings.id))

            // A currency the account does not hold is refused; with another account in it, allowed.
            let dollars = try await t.send(
                .PATCH, "/api/v1/transactions/\(bakery.id)", as: ana, json: #"{"currency": "USD"}"#)
            #expect(dollars.status == .badRequest && dollars.body.string.contains("holds EUR, not USD"))
            let wallet = try await AccountRepository(database: t.app.db, userID: ana.id).cash(
                .usd, now: Timestamp.now())
            let moved = try await t.send(
                .PATCH, "/api/v1/transactions/\(bakery.id)", as: ana,
                json: #"{"currency": "USD", "accountId": \#(wallet.id)}"#)
            #expect(moved.status == .ok)
            let totals = try await t.get(TransactionListResponse.self, "/api/v1/transactions", as: ana).totals
            #expect(totals.map(\.currency) == ["USD"] && totals.map(\.amount) == ["-4.30"])

            // Someone else's account, or someone else's transaction: not found, nothing changed.
            let bob = try await t.person("bob@example.com")
            let bobs = try await AccountRepository(database: t.app.db, userID: bob.id).cash(.usd, now: Timestamp.now())
            let foreign = try await t.send(
                .PATCH, "/api/v1/transactions/\(bakery.id)", as: ana, json: #"{"accountId": \#(bobs.id)}"#)
            #expect(foreign.status == .badRequest)
            let notTheirs = try await t.send(
                .PATCH, "/api/v1/transactions/\(bakery.id)", as: bob, json: #"{"amount": "-1.00"}"#)
            #expect(notTheirs.status == .notFound)
            #expect(try await t.transactions(ana).find(bakery.id)?.accountID == wallet.id)
        }
    }

    @Test(
        "an imported booking keeps the bank's values unless the override is given; its notes change freely",
        arguments: TestDatabase.all)
    func imported(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            var row = spend("REWE", "-12.50", at: "2026-03-01T10:00:00Z")
            row.externalID = "bank-1"
            let id = try #require(try await t.add(ana, [row]).first)

            let refused = try await t.send(
                .PATCH, "/api/v1/transactions/\(id)", as: ana, json: #"{"amount": "-21.50"}"#)
            #expect(refused.status == .conflict && refused.body.string.contains("imported_booking"))
            #expect(
                refused.body.string.contains(#"send \"overrideImported\": true"#)
                    && !refused.body.string.contains("tick"),
                "the API's words, not the form's: \(refused.body.string)")
            let same = try await t.send(
                .PATCH, "/api/v1/transactions/\(id)", as: ana,
                json: #"{"amount": "-12.50", "notes": "weekly shop"}"#)
            #expect(same.status == .ok, "the same amount again is no correction")
            let overridden = try await t.send(
                .PATCH, "/api/v1/transactions/\(id)", as: ana,
                json: #"{"amount": "-21.50", "overrideImported": true}"#)
            #expect(overridden.status == .ok)
            let history = try await t.get(
                TransactionHistoryResponse.self, "/api/v1/transactions/\(id)/history", as: ana)
            #expect(history.edits.map(\.field) == ["amount", "notes"])
            #expect(history.edits.first?.oldValue == "-12.50 EUR")
            let totals = try await t.transactions(ana).totals(.everything)
            #expect(totals.map(\.money) == [Money(minorUnits: -2150, currency: .eur)])
        }
    }

    @Test(
        "the detail form: a three-decimal amount shown with a comma saves unchanged; what was typed stays when saving fails",
        arguments: TestDatabase.all)
    func detailForm(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com", locale: "de-DE", timeZone: "Europe/Berlin")
            let kwd = try await t.send(
                .POST, "/api/v1/transactions", as: ana,
                json:
                    #"{"bookedAt": "2026-03-01T10:00:00+01:00", "payee": "Souq", "amount": "-4.500", "currency": "KWD"}"#
            )
            let souq = try JSONDecoder().decode(TransactionDTO.self, from: kwd.body)
            let browser = try await Browser.signedIn(t, ana)
            let page = try await browser.get("/transactions/\(souq.id)").body.string
            #expect(page.contains(#"value="-4,500""#), "shown in the locale's words")
            let saved = try await browser.post(
                "/transactions/\(souq.id)",
                [
                    ("payee", "Souq"), ("status", "uncleared"), ("categoryId", ""), ("amount", "-4,500"),
                    ("currency", "KWD"), ("bookedAt", "2026-03-01T10:00"), ("accountId", String(souq.accountId)),
                    ("notes", "dates"),
                ])
            #expect(saved.status == .seeOther)
            let after = try await t.transactions(ana).find(souq.id)
            #expect(
                after?.money == Money(minorUnits: -4500, currency: Currency(stored: "KWD")), "not a thousand times more"
            )
            #expect(after?.notes == "dates")

            var imported = spend("REWE", "-12.50", at: "2026-03-01T10:00:00Z")
            imported.externalID = "bank-1"
            let id = try #require(try await t.add(ana, [imported]).first)
            let current = try #require(try await t.transactions(ana).find(id))
            let typed: [(String, String)] = [
                ("payee", "REWE Markt"), ("status", "cleared"), ("categoryId", ""), ("amount", "-21,50"),
                ("currency", "EUR"), ("bookedAt", "2026-03-01T11:00"), ("accountId", String(current.accountID)),
                ("notes", "weekly"),
            ]
            let refused = try await browser.post("/transactions/\(id)", typed)
            #expect(refused.status == .badRequest)
            let shown = refused.body.string
            for text in [
                #"value="-21,50""#, #"value="REWE Markt""#, ">weekly</textarea>", #"value="2026-03-01T11:00""#,
            ] {
                #expect(shown.contains(text), "\(text) is kept")
            }
            #expect(try await t.transactions(ana).find(id)?.money == current.money, "nothing was written")
            let overridden = try await browser.post("/transactions/\(id)", typed + [("overrideImported", "1")])
            #expect(overridden.status == .seeOther)
            #expect(try await t.transactions(ana).find(id)?.money == Money(minorUnits: -2150, currency: .eur))
        }
    }
}
