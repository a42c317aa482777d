import BillfoldAPI
import BillfoldCore
import BillfoldServer
import Foundation
import SQLKit
import Testing
import VaporTesting

/// One account per name and currency, on every way an account is made.
@Suite("One account per name")
struct AccountNameTests {
    static func cashRow(_ payee: String, _ amount: String = "-1.00") -> String {
        #"{"payee":"\#(payee)","amount":"\#(amount)","currency":"EUR","bookedAt":"2026-03-01T10:00:00Z"}"#
    }

    @Test(
        "a cash transaction goes into the Cash (EUR) the person opened, or the demo's, not a second one",
        arguments: TestDatabase.all)
    func cashFindsTheNamedAccount(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let opened = try await t.openAccount(#"{"name":"cash (eur)","currency":"EUR"}"#, as: ana)
            let added = try await t.send(.POST, "/api/v1/transactions", as: ana, json: Self.cashRow("Kiosk"))
            #expect(added.status == .created, "\(added.body.string)")
            let accounts = try await t.get(AccountListResponse.self, "/api/v1/accounts", as: ana).accounts
            #expect(accounts.map(\.id) == [opened.id], "\(accounts.map(\.name))")
            #expect(accounts.first?.transactionCount == 1)

            let bob = try await t.person("bob@example.com")
            _ = try await DemoData(database: t.app.db, user: bob.user, clock: t.app.wallClock).generate(count: 50)
            let before = try await t.get(AccountListResponse.self, "/api/v1/accounts", as: bob).accounts
            #expect(
                try await t.send(.POST, "/api/v1/transactions", as: bob, json: Self.cashRow("Kiosk")).status == .created
            )
            let after = try await t.get(AccountListResponse.self, "/api/v1/accounts", as: bob).accounts
            #expect(after.map(\.id) == before.map(\.id), "\(after.map(\.name))")
            #expect(after.filter { $0.name == "Cash (EUR)" }.count == 1)
        }
    }

    @Test(
        "an account opened many times at once is made once; the others are told the name is taken",
        arguments: TestDatabase.all)
    func raceToOpen(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let statuses = try await withThrowingTaskGroup(of: [HTTPStatus].self) { group in
                for index in 0..<12 {
                    group.addTask {
                        try await HardeningDataTests.asAClientWould {
                            let name = index.isMultiple(of: 2) ? "Savings" : "SAVINGS"
                            return try await t.send(
                                .POST, "/api/v1/accounts", as: ana, json: #"{"name":"\#(name)","currency":"EUR"}"#
                            ).status
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let last = statuses.compactMap(\.last)
            #expect(last.filter { $0 == .created }.count == 1, "\(statuses)")
            #expect(last.filter { $0 == .badRequest }.count == 11, "\(statuses)")
            #expect(try await t.rowCount("accounts", of: ana) == 1)
        }
    }

    @Test(
        "accounts that share a name and currency from before are merged into the oldest, losing nothing",
        arguments: TestDatabase.all)
    func mergedByMigration(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let sql = t.app.db as! any SQLDatabase
            let ana = try await t.person("ana@example.com")
            let first = try await t.openAccount(
                #"{"name":"Cash (EUR)","currency":"EUR","openingBalance":"10.00"}"#, as: ana)
            let second = try await t.openAccount(
                #"{"name":"Second","currency":"EUR","openingBalance":"5.00"}"#, as: ana)
            let dollars = try await t.openAccount(#"{"name":"Third","currency":"USD"}"#, as: ana)
            let third = try await t.openAccount(
                #"{"name":"Fourth","currency":"EUR","openingBalance":"1.00"}"#, as: ana)
            _ = try await t.send(.PATCH, "/api/v1/accounts/\(third.id)", as: ana, json: #"{"archived":true}"#)
            let row = { (payee: String, amount: String, account: Int64, day: String) in
                #"{"payee":"\#(payee)","amount":"\#(amount)","currency":"EUR","bookedAt":"\#(day)T10:00:00Z","accountId":\#(account)}"#
            }
            for (payee, amount, account, day) in [
                ("REWE", "-12.00", first.id, "2026-03-01"), ("REWE", "-8.00", second.id, "2026-03-01"),
                ("Kiosk", "-2.50", second.id, "2026-03-02"), ("Gone", "-1.00", second.id, "2026-03-03"),
            ] {
                let made = try await t.send(
                    .POST, "/api/v1/transactions", as: ana, json: row(payee, amount, account, day))
                #expect(made.status == .created, "\(made.body.string)")
            }
            let gone = try await t.get(
                TransactionListResponse.self, "/api/v1/transactions?q=Gone", as: ana
            ).transactions[0]
            let deleted = try await t.send(.DELETE, "/api/v1/transactions/\(gone.id)", as: ana)
            let deletion = try JSONDecoder().decode(DeletionDTO.self, from: deleted.body)

            // The book as it was before: the second account renamed to the first's name, by the
            // path that made such twins (the cash wallet's source name), and no unique name key.
            for statement: SQLQueryString in [
                "DROP INDEX accounts_display_key", "ALTER TABLE accounts DROP COLUMN display_key",
                "DELETE FROM _fluent_migrations WHERE name LIKE '%M029OneAccountPerName'",
                "UPDATE accounts SET display_name = 'CASH (EUR)', name = 'cash-eur' WHERE id = \(bind: second.id)",
                "UPDATE accounts SET display_name = 'Cash (EUR)' WHERE id = \(bind: dollars.id)",
                "UPDATE accounts SET display_name = 'cash (eur)' WHERE id = \(bind: third.id)",
            ] {
                try await sql.raw(statement).run()
            }
            try await t.app.autoMigrate()

            let accounts = try await t.get(AccountListResponse.self, "/api/v1/accounts", as: ana).accounts
            #expect(accounts.map(\.id).sorted() == [first.id, dollars.id], "the dollar account has its own currency")
            let merged = try #require(accounts.first { $0.id == first.id })
            #expect(merged.balance == "-6.50" && merged.openingBalance == "16.00", "\(merged)")
            #expect(!merged.archived, "open, as two of the three were")
            #expect(merged.transactionCount == 3)
            let list = try await t.get(
                TransactionListResponse.self, "/api/v1/transactions?account=\(first.id)", as: ana)
            #expect(list.transactions.count == 3)
            #expect(list.totals.map(\.amount) == ["-22.50"])
            let march = try await t.get(
                TransactionListResponse.self,
                "/api/v1/transactions?account=\(first.id)&from=2026-03-01&to=2026-03-01", as: ana)
            #expect(march.totals.map(\.amount) == ["-20.00"], "whole days come from the per-day sums")
            let search = try await t.get(TransactionListResponse.self, "/api/v1/transactions?q=rewe", as: ana)
            #expect(search.totals.map(\.amount) == ["-20.00"], "a search's totals come from the per-payee sums")
            struct Count: Decodable { var n: Int }
            for table in ["transaction_totals", "transaction_payee_totals", "transaction_totals_by_block"] {
                let left = try await sql.raw(
                    "SELECT COUNT(*) AS n FROM \(ident: table) WHERE account_id = \(bind: second.id)"
                ).first(decoding: Count.self)
                #expect(left?.n == 0, "\(table) keeps nothing of the merged account")
            }

            let restored = try await t.send(.POST, "/api/v1/deletions/\(deletion.deletionId)/restore", as: ana)
            #expect(restored.status == .ok, "\(restored.body.string)")
            let back = try await t.get(AccountDTO.self, "/api/v1/accounts/\(first.id)", as: ana)
            #expect(back.transactionCount == 4 && back.balance == "-7.50", "an undone delete comes back into it")
            #expect(
                try await t.send(.POST, "/api/v1/transactions", as: ana, json: Self.cashRow("Kiosk")).status == .created
            )
            #expect(try await t.rowCount("accounts", of: ana) == 2, "cash still finds it")
        }
    }
}
