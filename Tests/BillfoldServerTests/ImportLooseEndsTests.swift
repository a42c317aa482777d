import BillfoldAPI
import BillfoldCore
import BillfoldImport
import Foundation
import Testing
import VaporTesting

/// An import and its undo leave nothing behind, and the amounts' own currency signs count.
@Suite("Import loose ends")
struct ImportLooseEndsTests {
    static let asCSV: HTTPHeaders = ["Content-Type": "text/csv"]
    static let statement =
        "Date,Payee,Amount\n2024-01-02,Tesco,£12.50\n2024-01-03,Pret,-£3.20\n2024-01-04,Boots,£7.00\n"

    @Test("undoing an import takes the account it made, unless something else came to it", arguments: TestDatabase.all)
    func undoTakesItsAccount(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            func bring(_ account: String) async throws -> ImportResultResponse {
                let answer = try await t.send(
                    .POST, "/api/v1/imports?account=\(account)", as: ana, json: Self.statement,
                    headers: Self.asCSV)
                #expect(answer.status == .created, "\(answer.body.string)")
                return try JSONDecoder().decode(ImportResultResponse.self, from: answer.body)
            }
            let names = { try await t.get(AccountListResponse.self, "/api/v1/accounts", as: ana).accounts.map(\.name) }

            let first = try await bring("Monzo")
            #expect(first.accounts.first?.currency == "GBP", "£ amounts are pounds, not the default euro")
            #expect(try await names() == ["Monzo"])
            #expect(try await t.send(.DELETE, "/api/v1/imports/\(first.id!)", as: ana).status == .ok)
            #expect(try await names() == [], "the account the import made went with it")

            let second = try await bring("Monzo")
            let monzo = try #require(
                try await t.get(AccountListResponse.self, "/api/v1/accounts", as: ana).accounts.first)
            let own = try await t.send(
                .POST, "/api/v1/transactions", as: ana,
                json:
                    #"{"payee":"Corner shop","amount":"-1.00","currency":"GBP","bookedAt":"2024-01-05T10:00:00Z","accountId":\#(monzo.id)}"#
            )
            #expect(own.status == .created, "\(own.body.string)")
            #expect(try await t.send(.DELETE, "/api/v1/imports/\(second.id!)", as: ana).status == .ok)
            #expect(try await names() == ["Monzo"], "a transaction typed into it keeps it")

            // A delete that may still be undone into it keeps it, and so does an opening balance.
            let third = try await bring("Wise")
            let wise = try #require(
                try await t.get(AccountListResponse.self, "/api/v1/accounts", as: ana).accounts.first {
                    $0.name == "Wise"
                })
            let row = try await t.get(
                TransactionListResponse.self, "/api/v1/transactions?account=\(wise.id)", as: ana
            ).transactions[0]
            #expect(try await t.send(.DELETE, "/api/v1/transactions/\(row.id)", as: ana).status == .ok)
            #expect(try await t.send(.DELETE, "/api/v1/imports/\(third.id!)", as: ana).status == .ok)
            #expect(try await names().contains("Wise"), "the delete can still be undone into it")
            let fourth = try await bring("Revolut")
            let revolut = try #require(
                try await t.get(AccountListResponse.self, "/api/v1/accounts", as: ana).accounts.first {
                    $0.name == "Revolut"
                })
            _ = try await t.send(.PATCH, "/api/v1/accounts/\(revolut.id)", as: ana, json: #"{"openingBalance":"5.00"}"#)
            #expect(try await t.send(.DELETE, "/api/v1/imports/\(fourth.id!)", as: ana).status == .ok)
            #expect(try await names().contains("Revolut"), "an opening balance keeps it")

            let giro = try await t.openAccount(#"{"name":"Giro","currency":"GBP"}"#, as: ana)
            let fifth = try await bring("Giro")
            #expect(try await t.send(.DELETE, "/api/v1/imports/\(fifth.id!)", as: ana).status == .ok)
            #expect(try await names().contains("Giro") && giro.id > 0, "an account the person opened stays")
        }
    }

    @Test("a preview of a file naming no account goes into one named from the file", arguments: TestDatabase.all)
    func suggestedAccount(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let dry = try await t.send(
                .POST, "/api/v1/imports?dryRun=true&fileName=Monzo_export_2024-01.csv", as: ana, json: Self.statement,
                headers: Self.asCSV)
            #expect(dry.status == .ok, "\(dry.body.string)")
            let answer = try JSONDecoder().decode(ImportResultResponse.self, from: dry.body)
            #expect(answer.suggestedAccount == "Monzo export" && answer.accounts.map(\.name) == ["Monzo export"])
            let refused = try await t.send(.POST, "/api/v1/imports", as: ana, json: Self.statement, headers: Self.asCSV)
            #expect(refused.status == .badRequest, "an import itself still says which account")
            #expect(try await t.get(AccountListResponse.self, "/api/v1/accounts", as: ana).accounts.isEmpty)
        }
    }

    @Test("the amounts' own signs name the currency; a dollar stays the given dollar")
    func writtenCurrency() {
        #expect(AmountText.currency(writtenIn: ["R$ 1.234,56", "R$ 12,00"], given: .eur)?.code == "BRL")
        #expect(AmountText.currency(writtenIn: ["$ 1.234,56"], given: try! Currency(code: "ARS"))?.code == "ARS")
        #expect(AmountText.currency(writtenIn: ["¥12.50"], given: try! Currency(code: "CNY"))?.code == "CNY")
        #expect(AmountText.currency(writtenIn: ["¥1250"], given: .eur)?.code == "JPY")
        #expect(AmountText.currency(writtenIn: ["£12.50", "-£3.20", "£7.00"], given: .eur)?.code == "GBP")
        #expect(AmountText.currency(writtenIn: ["$12.50", "-$3.20"], given: .eur)?.code == "USD")
        #expect(AmountText.currency(writtenIn: ["$12.50", "-$3.20"], given: try! Currency(code: "CAD"))?.code == "CAD")
        #expect(AmountText.currency(writtenIn: ["12,50 EUR", "3,20 EUR"], given: .usd)?.code == "EUR")
        #expect(AmountText.currency(writtenIn: ["12.50", "-3.20"], given: .eur) == nil, "no sign: the given one")
        #expect(AmountText.currency(writtenIn: ["£12.50", "$3.20"], given: .eur) == nil, "they disagree")
    }
}
