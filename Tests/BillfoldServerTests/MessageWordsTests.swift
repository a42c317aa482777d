import BillfoldAPI
import BillfoldCore
import BillfoldImport
import Foundation
import Testing
import VaporTesting

/// Messages in the words of the screen they are on, and true to what was typed.
@Suite("Messages say what is wrong")
struct MessageWordsTests {
    @Test("an amount too large says so, once, on the API, in a form and in a bank file")
    func tooLarge() throws {
        let words = Words.english
        let sentence = "The amount is larger than Billfold keeps: at most 9999999999999.99 EUR either way."
        for text in ["99999999999999999", "99999999999999999999999", "-10000000000000.00"] {
            #expect(throws: BillfoldError.self) { try Money(parsing: text, currency: .eur) }
            do {
                _ = try Money(parsing: text, currency: .eur)
            } catch {
                #expect(error.phrase.text(words) == sentence, "\(text)")
            }
        }
        do {
            _ = try AmountText.money("99.999.999.999.999.999,00", decimal: .comma, currency: .eur)
            Issue.record("read as an amount")
        } catch {
            #expect(error.phrase.text(words) == sentence, "not nested in another sentence, no \"..\"")
        }
        #expect(throws: BillfoldError.self) { try Money(parsing: "12.345", currency: .eur) }
    }

    /// €25 moved from a new "Giro" to a new account `name`; the Giro account.
    static func transfer(_ t: TestApp, _ person: TestApp.Person, to name: String) async throws -> AccountDTO {
        let giro = try await t.openAccount(#"{"name":"Giro","currency":"EUR","openingBalance":"100"}"#, as: person)
        let other = try await t.openAccount(#"{"name":"\#(name)","currency":"EUR"}"#, as: person)
        let made = try await t.send(
            .POST, "/api/v1/transfers", as: person,
            json:
                #"{"fromAccountId":\#(giro.id),"toAccountId":\#(other.id),"amount":"25","bookedAt":"2026-03-02T12:00:00Z"}"#
        )
        #expect(made.status == .created, "\(made.body.string)")
        return giro
    }

    @Test("deleting a transfer is asked about as a transfer, not as spending", arguments: TestDatabase.all)
    func transferDelete(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let giro = try await Self.transfer(t, ana, to: "Savings")
            let out = try await t.get(TransactionListResponse.self, "/api/v1/transactions?account=\(giro.id)", as: ana)
                .transactions[0]
            let browser = try await Browser.signedIn(t, ana)
            let page = try await browser.get("/transactions/\(out.id)/delete").body.string
            #expect(page.contains("The transfer of €25.00 on"), "\(page)")
            #expect(!page.contains("Expense") && !page.contains("leaves your totals"))
        }
    }
}

@Suite("Transfer payees in the screen's words")
struct TransferPayeeTests {
    @Test("a transfer's own payee is said in the screen's language; one the person wrote stays")
    func shown() {
        let english = Words.english
        let german = Words(locale: "de-DE")
        #expect(TransferPayee.shown("Umbuchung an Tagesgeld", words: english) == "Transfer to Tagesgeld")
        #expect(TransferPayee.shown("Transfer from Giro", words: german) == "Umbuchung von Giro")
        #expect(TransferPayee.shown("Tagesgeldの振替", words: english) == "Tagesgeldの振替", "not a template of theirs")
        #expect(TransferPayee.shown("Savings へ", words: german) == "Savings へ")
        #expect(TransferPayee.shown("Rent to the landlord", words: german) == "Rent to the landlord")
    }

    @Test("after the person changes language, the list shows their transfers in it", arguments: TestDatabase.all)
    func followsTheLanguage(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com", locale: "de-DE")
            _ = try await MessageWordsTests.transfer(t, ana, to: "Tagesgeld")
            let browser = try await Browser.signedIn(t, ana)
            #expect(try await browser.get("/transactions").body.string.contains("Umbuchung an Tagesgeld"))
            let saved = try await browser.post(
                "/settings",
                [("locale", "en-US"), ("timeZone", "UTC"), ("currency", "EUR"), ("deckSize", "20")])
            #expect(saved.status == .seeOther, "\(saved.body.string)")
            let list = try await browser.get("/transactions").body.string
            #expect(list.contains("Transfer to Tagesgeld") && list.contains("Transfer from Giro"))
            #expect(!list.contains("Umbuchung"))
        }
    }
}
