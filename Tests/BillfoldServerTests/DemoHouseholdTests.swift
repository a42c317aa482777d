import BillfoldAPI
import BillfoldCore
import BillfoldServer
import Foundation
import Testing
import VaporTesting

/// `serve --demo`'s household looks like one: balances that stay plausible all year, a few
/// hundred bookings a month, budgets, and some left uncleared for the deck.
@Suite("The demo household")
struct DemoHouseholdTests {
    @Test("balances stay plausible, months hold a household's bookings, budgets are set", arguments: TestDatabase.all)
    func household(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com", timeZone: "Europe/Berlin")
            let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18
            let added = try await DemoData(database: t.app.db, user: ana.user, clock: .fixed(now)).generate(
                count: 2_060, household: true)
            #expect(added == 2_060)
            let accounts = try await t.get(AccountListResponse.self, "/api/v1/accounts", as: ana).accounts
            func balance(_ name: String) -> Double? {
                accounts.first { $0.name == name }.flatMap { Double($0.balance) }
            }
            #expect(accounts.count == 5, "\(accounts.map(\.name))")
            #expect((1_000...20_000).contains(balance("Girokonto") ?? -1), "\(accounts.map { ($0.name, $0.balance) })")
            #expect((8_000...20_000).contains(balance("Tagesgeld") ?? -1))
            #expect((0...1_500).contains(balance("Cash (EUR)") ?? -1))
            #expect((-1_500...1_500).contains(balance("Travel Visa (USD)") ?? -99_999))

            // A full month: a household's few hundred bookings, not a thousand.
            let october = try await t.get(
                TransactionListResponse.self, "/api/v1/transactions?from=2026-10-01&to=2026-10-31&limit=1", as: ana)
            let count = october.totals.reduce(0) { $0 + $1.count }
            #expect((120...300).contains(count), "\(count) in October")

            let uncleared = try await t.get(
                TransactionListResponse.self, "/api/v1/transactions?status=uncleared&limit=1", as: ana)
            #expect(uncleared.totals.reduce(0) { $0 + $1.count } > 10, "work for the review deck")
            let budgets = try await t.send(.GET, "/v1/budgets?start_date=2026-11-01&end_date=2026-11-30", as: ana)
            #expect(budgets.status == .ok && budgets.body.string.contains("Groceries"), "\(budgets.body.string)")
            #expect(budgets.body.string.contains("450"), "the month's grocery budget")
        }
    }
}
