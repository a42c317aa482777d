import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Foundation
import Testing
import Vapor

@testable import BillfoldServer

/// Net worth from the sums: each month's end is every account's opening balance and everything
/// booked before it, transfers included, per currency; the last month's end equals the accounts'
/// balances, and a month starts on another UTC day in Auckland.
@Suite("Net worth")
struct NetWorthTests {
    @Test("balances at each month's end per currency, equal to the accounts' balances", arguments: TestDatabase.all)
    func netWorth(database: TestDatabase) async throws {
        try await TestApp.run(database, clock: .fixed(Date(timeIntervalSince1970: 1_796_464_800))) { t in
            let ana = try await t.person("ana@example.com", timeZone: "Pacific/Auckland")
            let open = { (json: String) in try await t.openAccount(json, as: ana) }
            let giro = try await open(#"{"name":"Giro","currency":"EUR","openingBalance":"1000.00"}"#)
            let savings = try await open(#"{"name":"Savings","currency":"EUR"}"#)
            let wallet = try await open(#"{"name":"Wallet","currency":"USD","openingBalance":"50.00"}"#)
            func book(_ account: AccountDTO, _ amount: String, _ currency: String = "EUR", at time: String) async throws
            {
                let made = try await t.send(
                    .POST, "/api/v1/transactions", as: ana,
                    json:
                        #"{"payee":"Shop","amount":"\#(amount)","currency":"\#(currency)","bookedAt":"\#(time)","accountId":\#(account.id)}"#
                )
                #expect(made.status == .created, "\(made.body.string)")
            }
            try await book(giro, "-100.00", at: "2026-10-10T10:00:00Z")
            try await book(giro, "3000.00", at: "2026-10-27T10:00:00Z")
            // A booking in another currency than its account's (as an import may bring): the
            // cash wallet's pounds.
            try await t.add(ana, [spend("Pub", "-5.00", try Currency(code: "GBP"), at: "2026-10-15T10:00:00Z")])
            try await book(giro, "-900.00", at: "2026-11-01T12:00:00Z")
            // 30 November 23:30 in Auckland: November's; the next, 00:30 on 1 December: December's,
            // though both fall on 30 November in UTC.
            try await book(giro, "10.00", at: "2026-11-30T10:30:00Z")
            try await book(giro, "-60.00", at: "2026-11-30T11:30:00Z")
            try await book(wallet, "-20.00", "USD", at: "2026-11-10T10:00:00Z")
            let transfer = try await t.send(
                .POST, "/api/v1/transfers", as: ana,
                json:
                    #"{"fromAccountId":\#(giro.id),"toAccountId":\#(savings.id),"amount":"500.00","bookedAt":"2026-11-05T12:00:00Z"}"#
            )
            #expect(transfer.status == .created, "\(transfer.body.string)")

            let report = try await t.get(
                NetWorthResponse.self, "/api/v1/reports/net-worth?from=2026-09&to=2026-12", as: ana)
            #expect(report.currencies == ["EUR", "GBP", "USD"], "the primary first, never added together")
            #expect(report.months.map(\.month) == ["2026-09", "2026-10", "2026-11", "2026-12"])
            #expect(
                report.months.map { $0.totals.map(\.amount) } == [
                    ["0.00", "0.00", "0.00"], ["3900.00", "-5.00", "0.00"], ["3010.00", "-5.00", "30.00"],
                    ["2950.00", "-5.00", "30.00"],
                ], "an opening balance counts from its account's first booking")
            let lines = Dictionary(uniqueKeysWithValues: report.accounts.map { ($0.name, $0) })
            #expect(lines["Giro"]?.balances == ["0.00", "3900.00", "2510.00", "2450.00"])
            #expect(lines["Wallet"]?.balances == ["0.00", "0.00", "30.00", "30.00"])
            #expect(lines["Cash (EUR)"]?.otherCurrencies == [CurrencyAmountDTO(currency: "GBP", amount: "-5.00")])
            #expect(lines["Cash (EUR)"]?.balances == ["0.00", "0.00", "0.00", "0.00"])
            #expect(lines["Savings"]?.balances == ["0.00", "0.00", "500.00", "500.00"])
            // The last month's end is what the accounts hold now.
            let accounts = try await t.get(AccountListResponse.self, "/api/v1/accounts", as: ana).accounts
            let eur = accounts.filter { $0.currency == "EUR" }.map { Decimal(string: $0.balance)! }.reduce(0, +)
            #expect(eur == Decimal(string: report.months[3].totals[0].amount))

            let one = try await t.get(
                NetWorthResponse.self, "/api/v1/reports/net-worth?from=2026-11&to=2026-12&account=\(savings.id)",
                as: ana)
            #expect(one.accounts.map(\.name) == ["Savings"] && one.currencies == ["EUR"])
            #expect(one.months.map { $0.totals[0].amount } == ["500.00", "500.00"])

            #expect(one.months.allSatisfy { $0.converted == nil }, "all in the primary currency: nothing to convert")

            // Each month's end converts at that day's rate (December, not over, at today's): the
            // dollar has one from 1 December on, so November's end leaves it out (and says so);
            // the pound has none at all.
            let rate = try await t.send(
                .POST, "/api/v1/rates", as: ana, json: #"{"currency":"USD","rate":"0.9","day":"2026-12-01"}"#)
            #expect(rate.status == .created, "\(rate.body.string)")
            let converted = try await t.get(
                NetWorthResponse.self, "/api/v1/reports/net-worth?from=2026-11&to=2026-12", as: ana)
            #expect(converted.months.map { $0.converted?.amount } == ["3010.00", "2977.00"])
            #expect(converted.months.map { $0.converted?.missingCurrencies ?? [] } == [["GBP", "USD"], ["GBP"]])

            let csv = try await t.send(.GET, "/api/v1/reports/net-worth.csv?from=2026-11&to=2026-12", as: ana)
            #expect(
                csv.body.string
                    == "Month,EUR,GBP,USD,All converted to EUR,Cash (EUR),Giro (EUR),Savings (EUR),Wallet (USD)\n"
                    + "2026-11,3010.00,-5.00,30.00,3010.00,0.00,2510.00,500.00,30.00\n"
                    + "2026-12,2950.00,-5.00,30.00,2977.00,0.00,2450.00,500.00,30.00\n")
            let page = try await Browser.signedIn(t, ana).get("/reports/net-worth?months=12")
            #expect(page.status == .ok)
            #expect(page.body.string.contains("€2,950.00") && page.body.string.contains("≈ €2,977.00"))
            let home = try await Browser.signedIn(t, ana).get("/home")
            #expect(home.body.string.contains("≈ €2,977.00"), "Home's net worth is the converted total")

            let ben = try await t.person("ben@example.com")
            #expect(
                try await t.send(.GET, "/api/v1/reports/net-worth?account=\(giro.id)", as: ben).status == .notFound)
            let his = try await t.get(NetWorthResponse.self, "/api/v1/reports/net-worth", as: ben)
            #expect(
                his.accounts.isEmpty
                    && his.months.allSatisfy { $0.totals == [CurrencyAmountDTO(currency: "EUR", amount: "0.00")] })
            #expect(try await t.send(.GET, "/api/v1/reports/net-worth?months=500", as: ana).status == .badRequest)
        }
    }

    @Test(
        "a year in review: months, totals, averages and the same months of the year before", arguments: TestDatabase.all
    )
    func year(database: TestDatabase) async throws {
        try await TestApp.run(database, clock: .fixed(Date(timeIntervalSince1970: 1_796_464_800))) { t in
            let ana = try await t.person("ana@example.com", timeZone: "Europe/Berlin")
            let b = try await BudgetTests.book(t, ana)
            let ids = try await t.add(
                ana,
                [
                    spend("REWE", "-80.00", at: "2025-03-02T10:00:00Z", category: b.groceries),
                    spend("Landlord", "-700.00", at: "2025-12-01T10:00:00Z", category: b.rent),
                    spend("REWE", "-100.00", at: "2026-01-02T10:00:00Z", category: b.groceries),
                    spend("Pizza", "-41.00", at: "2026-06-20T19:00:00Z", category: b.restaurants),
                    spend("ACME", "3000.00", at: "2026-10-27T08:00:00Z", category: b.salary),
                    // 1 January 2027 00:30 in Berlin: next year's.
                    spend("REWE", "-60.00", at: "2026-12-31T23:30:00Z", category: b.groceries),
                ])
            let review = try await t.get(YearInReviewResponse.self, "/api/v1/reports/year?year=2026", as: ana)
            #expect(review.monthsCounted == 12)
            #expect(review.income.total == "3000.00" && review.spending.total == "141.00")
            #expect(review.spending.average == "11.75", "141 / 12, to the cent")
            #expect(review.spending.lastYear == "780.00" && review.net.total == "2859.00")
            #expect(
                review.categories.map(\.name) == ["Groceries", "Restaurants", "Rent"], "last year's only at the end")
            let groceries = try #require(review.categories.first)
            #expect(groceries.months[0] == "100.00" && groceries.months[11] == "0.00" && groceries.lastYear == "80.00")
            #expect(review.categories[2].total == "0.00" && review.categories[2].lastYear == "700.00")

            // The filters are the list's: a tag, a group.
            let made = try await t.send(.POST, "/api/v1/tags", as: ana, json: #"{"name":"Trip"}"#)
            let trip = try JSONDecoder().decode(TagDTO.self, from: made.body)
            let tagged = try await t.send(
                .PUT, "/api/v1/transactions/\(ids[3])/tags", as: ana, json: #"{"tagIds": [\#(trip.id)]}"#)
            #expect(tagged.status == .ok, "\(tagged.body.string)")
            let onTrip = try await t.get(
                MonthlyReportResponse.self, "/api/v1/reports/monthly?from=2026-01&to=2026-12&tag=\(trip.id)", as: ana)
            #expect(onTrip.spending == "41.00" && onTrip.columns.map(\.name) == ["Restaurants"])
            let food = try await t.get(
                YearInReviewResponse.self, "/api/v1/reports/year?year=2026&category=\(b.food)&by=group", as: ana)
            #expect(food.categories.map(\.name) == ["Food"] && food.spending.total == "141.00")
            #expect(food.income.total == "0.00")

            let csv = try await t.send(.GET, "/api/v1/reports/year.csv?year=2026&tag=\(trip.id)", as: ana)
            let lines = csv.body.string.split(separator: "\n")
            #expect(
                lines.first?.hasPrefix("Category,2026-01,") == true
                    && lines.first?.hasSuffix(",Total,Average,2025") == true)
            #expect(
                lines.last == "Restaurants,0.00,0.00,0.00,0.00,0.00,41.00,0.00,0.00,0.00,0.00,0.00,0.00,41.00,3.42,0.00"
            )
            let page = try await Browser.signedIn(t, ana).get("/reports/year?year=2026")
            #expect(page.status == .ok && page.body.string.contains("Year in review"))

            for path in [
                "/api/v1/reports/year?year=abc", "/api/v1/reports/year?year=1800", "/api/v1/reports/monthly?tag=x",
            ] {
                #expect(try await t.send(.GET, path, as: ana).status == .badRequest, "\(path)")
            }
            let ben = try await t.person("ben@example.com")
            #expect(try await t.send(.GET, "/api/v1/reports/monthly?tag=\(trip.id)", as: ben).status == .notFound)
            #expect(try await t.send(.GET, "/api/v1/reports/year?category=\(b.food)", as: ben).status == .badRequest)
        }
    }
}
