import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Foundation
import Testing
import VaporTesting

@Suite("Accounts and transfers")
struct AccountTests {
    @Test(
        "an account opened by hand has its opening balance in its balance; rename, archive, count and last activity",
        arguments: TestDatabase.all)
    func accounts(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let made = try await t.send(
                .POST, "/api/v1/accounts", as: ana,
                json: #"{"name":"Girokonto","currency":"EUR","openingBalance":"1000.00"}"#)
            #expect(made.status == .created, "\(made.body.string)")
            let giro = try JSONDecoder().decode(AccountDTO.self, from: made.body)
            #expect(giro.balance == "1000.00" && giro.transactionCount == 0 && giro.lastActivity == nil)
            #expect(made.body.string.contains(#""lastActivity":null"#))

            for json in [
                #"{"name":"  ","currency":"EUR"}"#, #"{"name":"giroKONTO","currency":"EUR"}"#,
                #"{"name":"Card","currency":"EURO"}"#, #"{"name":"Card","currency":"EUR","openingBalance":"12,5"}"#,
            ] {
                let refused = try await t.send(.POST, "/api/v1/accounts", as: ana, json: json)
                #expect(refused.status == .badRequest, "\(json): \(refused.body.string)")
            }

            let new = { (payee: String, amount: String, day: String) in
                #"{"payee":"\#(payee)","amount":"\#(amount)","currency":"EUR","bookedAt":"\#(day)T10:00:00Z","accountId":\#(giro.id)}"#
            }
            for json in [new("Bakery", "-3.50", "2026-03-01"), new("Salary", "2000.00", "2026-03-04")] {
                #expect(try await t.send(.POST, "/api/v1/transactions", as: ana, json: json).status == .created)
            }
            let after = try await t.get(AccountDTO.self, "/api/v1/accounts/\(giro.id)", as: ana)
            #expect(after.balance == "2996.50" && after.transactionCount == 2 && after.lastActivity == "2026-03-04")

            let renamed = try await t.send(
                .PATCH, "/api/v1/accounts/\(giro.id)", as: ana, json: #"{"name":"Main account","openingBalance":"0"}"#)
            let renamedDTO = try JSONDecoder().decode(AccountDTO.self, from: renamed.body)
            #expect(renamedDTO.name == "Main account" && renamedDTO.balance == "1996.50", "\(renamed.body.string)")

            // Filtered by account, the list and its totals hold only that account's transactions.
            try await t.add(ana, [spend("Cash coffee", "-2.00", at: "2026-03-02T10:00:00Z")])
            let filtered = try await t.get(
                TransactionListResponse.self, "/api/v1/transactions?account=\(giro.id)", as: ana)
            #expect(filtered.transactions.map(\.payee) == ["Salary", "Bakery"])
            #expect(filtered.totals.map(\.amount) == ["1996.50"])
            let march = try await t.get(
                TransactionListResponse.self,
                "/api/v1/transactions?account=\(giro.id)&from=2026-03-01&to=2026-03-03", as: ana)
            #expect(march.totals.map(\.amount) == ["-3.50"], "whole days of one account come from the day sums")

            let archived = try await t.send(.PATCH, "/api/v1/accounts/\(giro.id)", as: ana, json: #"{"archived":true}"#)
            #expect(try JSONDecoder().decode(AccountDTO.self, from: archived.body).archived)
            let refused = try await t.send(
                .POST, "/api/v1/transactions", as: ana, json: new("Late", "-1.00", "2026-03-05"))
            #expect(refused.status == .conflict && refused.body.string.contains("account_archived"))
            let list = try await t.get(AccountListResponse.self, "/api/v1/accounts", as: ana)
            #expect(list.accounts.map(\.name) == ["Cash (EUR)", "Main account"], "archived ones last")
            let back = try await t.send(.PATCH, "/api/v1/accounts/\(giro.id)", as: ana, json: #"{"archived":false}"#)
            #expect(try JSONDecoder().decode(AccountDTO.self, from: back.body).archived == false)

            let bob = try await t.person("bob@example.com")
            #expect(try await t.send(.GET, "/api/v1/accounts/\(giro.id)", as: bob).status == .notFound)
            #expect(try await t.get(AccountListResponse.self, "/api/v1/accounts", as: bob).accounts.isEmpty)
        }
    }

    @Test(
        "a transfer is one linked pair: it moves both balances, never counts as spending or income, and goes as one",
        arguments: TestDatabase.all)
    func transfers(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let open = { (json: String) in try await t.openAccount(json, as: ana) }
            let giro = try await open(#"{"name":"Giro","currency":"EUR","openingBalance":"500"}"#)
            let savings = try await open(#"{"name":"Savings","currency":"EUR"}"#)
            let dollars = try await open(#"{"name":"US card","currency":"USD"}"#)
            let food = try await t.categories(ana).forSource("t:food", name: "Food", now: Timestamp.now())
            _ = try await t.send(
                .POST, "/api/v1/transactions", as: ana,
                json:
                    #"{"payee":"Bakery","amount":"-4.00","currency":"EUR","bookedAt":"2026-11-03T10:00:00Z","accountId":\#(giro.id),"categoryId":\#(food.id)}"#
            )
            let before = try await t.get(TransactionListResponse.self, "/api/v1/transactions", as: ana).totals
            let home = try await t.get(HomeResponse.self, "/api/v1/home", as: ana).spending

            let made = try await t.send(
                .POST, "/api/v1/transfers", as: ana,
                json:
                    #"{"fromAccountId":\#(giro.id),"toAccountId":\#(savings.id),"amount":"200.00","bookedAt":"2026-11-03T12:00:00Z","notes":"rainy day"}"#
            )
            #expect(made.status == .created, "\(made.body.string)")
            let pair = try JSONDecoder().decode(TransferResponse.self, from: made.body)
            #expect(pair.out.amount == "-200.00" && pair.into.amount == "200.00")
            #expect(pair.out.transferId == pair.into.id && pair.into.transferId == pair.out.id)
            #expect(pair.out.payee == "Transfer to Savings" && pair.into.payee == "Transfer from Giro")

            let accounts = try await t.get(AccountListResponse.self, "/api/v1/accounts", as: ana).accounts
            let balances = Dictionary(uniqueKeysWithValues: accounts.map { ($0.name, $0.balance) })
            #expect(balances["Giro"] == "296.00" && balances["Savings"] == "200.00")
            let list = try await t.get(TransactionListResponse.self, "/api/v1/transactions", as: ana)
            #expect(list.transactions.count == 3)
            #expect(list.totals == before, "a transfer is neither spending nor income")
            let november = try await t.get(
                TransactionListResponse.self, "/api/v1/transactions?from=2026-11-03&to=2026-11-03&q=transfer", as: ana)
            #expect(november.transactions.count == 2 && november.totals.isEmpty)
            #expect(try await t.get(HomeResponse.self, "/api/v1/home", as: ana).spending == home)

            // Between currencies, what arrived is said; a side's amount alone cannot change.
            let abroad = try await t.send(
                .POST, "/api/v1/transfers", as: ana,
                json:
                    #"{"fromAccountId":\#(giro.id),"toAccountId":\#(dollars.id),"amount":"50","receivedAmount":"54.10"}"#
            )
            #expect(abroad.status == .created, "\(abroad.body.string)")
            let missing = try await t.send(
                .POST, "/api/v1/transfers", as: ana,
                json: #"{"fromAccountId":\#(giro.id),"toAccountId":\#(dollars.id),"amount":"50"}"#)
            #expect(missing.status == .badRequest && missing.body.string.contains("receivedAmount"))
            for json in [
                #"{"fromAccountId":\#(giro.id),"toAccountId":\#(giro.id),"amount":"5"}"#,
                #"{"fromAccountId":\#(giro.id),"toAccountId":\#(savings.id),"amount":"-5"}"#,
                #"{"fromAccountId":\#(giro.id),"toAccountId":999999,"amount":"5"}"#,
            ] {
                let refused = try await t.send(.POST, "/api/v1/transfers", as: ana, json: json)
                #expect(refused.status == .badRequest, "\(json): \(refused.body.string)")
            }
            let alone = try await t.send(
                .PATCH, "/api/v1/transactions/\(pair.out.id)", as: ana, json: #"{"amount":"-20.00"}"#)
            #expect(alone.status == .conflict && alone.body.string.contains("transfer_booking"))

            // Deleting one side deletes the pair; undo brings both back linked.
            let deleted = try await t.send(.DELETE, "/api/v1/transactions/\(pair.into.id)", as: ana)
            let deletion = try JSONDecoder().decode(DeletionDTO.self, from: deleted.body)
            #expect(deletion.deleted == 2)
            let emptied = try await t.get(AccountListResponse.self, "/api/v1/accounts", as: ana).accounts
            #expect(emptied.first { $0.name == "Savings" }?.transactionCount == 0)
            _ = try await t.send(.POST, "/api/v1/deletions/\(deletion.deletionId)/restore", as: ana)
            let restored = try await t.get(TransactionDTO.self, "/api/v1/transactions/\(pair.out.id)", as: ana)
            #expect(restored.transferId == pair.into.id)
            let final = try await t.get(TransactionListResponse.self, "/api/v1/transactions", as: ana)
            #expect(final.totals == before)

            // Another person cannot move money out of or into Ana's accounts.
            let bob = try await t.person("bob@example.com")
            let bobs = try JSONDecoder().decode(
                AccountDTO.self,
                from: try await t.send(.POST, "/api/v1/accounts", as: bob, json: #"{"name":"Bob","currency":"EUR"}"#)
                    .body)
            let stolen = try await t.send(
                .POST, "/api/v1/transfers", as: bob,
                json: #"{"fromAccountId":\#(giro.id),"toAccountId":\#(bobs.id),"amount":"5"}"#)
            #expect(stolen.status == .badRequest)
        }
    }
}
