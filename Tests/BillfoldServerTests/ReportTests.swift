import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Foundation
import Testing
import Vapor

@testable import BillfoldServer

/// Reports from the sums: each cell is the list's total for the same filter, transfers are
/// neither income nor spending, a split counts as its parts; CSV and bad input.
@Suite("Reports")
struct ReportTests {
    @Test("income and spending per month and by category equal the list's totals", arguments: TestDatabase.all)
    func monthly(database: TestDatabase) async throws {
        try await TestApp.run(database, clock: .fixed(Date(timeIntervalSince1970: 1_796_464_800))) { t in
            let ana = try await t.person("ana@example.com", timeZone: "Europe/Berlin")
            let b = try await BudgetTests.book(t, ana)
            let ids = try await t.add(
                ana,
                [
                    spend("REWE", "-100.00", at: "2026-10-02T10:00:00Z", category: b.groceries),
                    spend("Pizza", "-40.00", at: "2026-10-20T19:00:00Z", category: b.restaurants),
                    spend("ACME", "3000.00", at: "2026-10-27T08:00:00Z", category: b.salary),
                    spend("Landlord", "-900.00", at: "2026-11-01T08:00:00Z", category: b.rent),
                    // 1 December 00:30 in Berlin: December's.
                    spend("REWE", "-60.00", at: "2026-11-30T23:30:00Z", category: b.groceries),
                    spend("Kiosk", "-7.00", at: "2026-11-15T08:00:00Z"),
                    spend("Market", "-50.00", at: "2026-11-16T08:00:00Z"),
                    spend("Diner NYC", "-20.00", .usd, at: "2026-11-10T08:00:00Z", category: b.restaurants),
                ])
            // The market run split in two: groceries and restaurants, counted as its parts.
            let split = try await t.send(
                .POST, "/api/v1/transactions/\(ids[6])/split", as: ana,
                json:
                    #"{"parts":[{"amount":"-30.00","categoryId":\#(b.groceries)},{"amount":"-20.00","categoryId":\#(b.restaurants)}]}"#
            )
            #expect(split.status == .ok || split.status == .created, "\(split.body.string)")
            // October's two bookings grouped as one outing: counted as its members, as the list does.
            let outing = try await t.send(
                .POST, "/api/v1/transaction-groups", as: ana,
                json: #"{"transactionIds": [\#(ids[0]), \#(ids[1])], "payee": "Outing", "categoryId": \#(b.rent)}"#)
            #expect(outing.status == .created, "\(outing.body.string)")
            let open = { (json: String) in try await t.openAccount(json, as: ana) }
            let giro = try await open(#"{"name":"Giro","currency":"EUR"}"#)
            let savings = try await open(#"{"name":"Savings","currency":"EUR"}"#)
            _ = try await t.send(
                .POST, "/api/v1/transfers", as: ana,
                json:
                    #"{"fromAccountId":\#(giro.id),"toAccountId":\#(savings.id),"amount":"500.00","bookedAt":"2026-11-05T12:00:00Z"}"#
            )

            let report = try await t.get(
                MonthlyReportResponse.self, "/api/v1/reports/monthly?from=2026-10&to=2026-12", as: ana)
            #expect(report.months.map(\.month) == ["2026-10", "2026-11", "2026-12"])
            #expect(report.months.map(\.income) == ["3000.00", "0.00", "0.00"])
            #expect(report.months.map(\.spending) == ["140.00", "957.00", "60.00"], "no transfer, the split's parts")
            #expect(report.income == "3000.00" && report.spending == "1157.00" && report.net == "1843.00")
            #expect(report.columns.map(\.name) == ["Rent", "Groceries", "Restaurants", "Uncategorized"])
            #expect(report.otherCurrencies == [CurrencyAmountDTO(currency: "USD", amount: "-20.00")])
            // Every cell is the list's total for its category and month, sign turned.
            for (index, column) in report.columns.enumerated() {
                for month in report.months {
                    let m = try Month(parsing: month.month)
                    let category = column.categoryId.map(String.init) ?? "none"
                    let list = try await t.get(
                        TransactionListResponse.self,
                        "/api/v1/transactions?category=\(category)&from=\(m.firstDay)&to=\(m.lastDay)&limit=1", as: ana)
                    let total = list.totals.first { $0.currency == "EUR" }.map { Decimal(string: $0.amount)! } ?? 0
                    #expect(-total == Decimal(string: month.cells[index])!, "\(column.name) \(month.month)")
                }
            }
            let grouped = try await t.get(
                MonthlyReportResponse.self, "/api/v1/reports/monthly?from=2026-10&to=2026-12&by=group", as: ana)
            #expect(grouped.columns.map(\.name) == ["Rent", "Food", "Uncategorized"])
            #expect(grouped.columns.first { $0.name == "Food" }?.total == "250.00")
            let giroOnly = try await t.get(
                MonthlyReportResponse.self, "/api/v1/reports/monthly?months=3&account=\(giro.id)", as: ana)
            #expect(giroOnly.spending == "0.00" && giroOnly.months.map(\.month) == ["2026-10", "2026-11", "2026-12"])

            let csv = try await t.send(.GET, "/api/v1/reports/monthly.csv?from=2026-10&to=2026-11", as: ana)
            #expect(csv.headers.contentType?.subType == "csv")
            #expect(
                csv.body.string
                    == "Month,Income,Spending,Net,Rent,Groceries,Restaurants,Uncategorized\n"
                    + "2026-10,3000.00,140.00,2860.00,0.00,100.00,40.00,0.00\n"
                    + "2026-11,0.00,957.00,-957.00,900.00,30.00,20.00,7.00\n")

            for path in [
                "/api/v1/reports/monthly?months=0", "/api/v1/reports/monthly?months=121",
                "/api/v1/reports/monthly?from=2026-12&to=2026-10", "/api/v1/reports/monthly?from=2026-13",
                "/api/v1/reports/monthly?account=abc", "/api/v1/reports/monthly?from=1800-01",
            ] {
                #expect(try await t.send(.GET, path, as: ana).status == .badRequest, "\(path)")
            }
            let ben = try await t.person("ben@example.com")
            #expect(
                try await t.send(.GET, "/api/v1/reports/monthly?account=\(giro.id)", as: ben).status == .notFound)
            #expect(try await t.get(MonthlyReportResponse.self, "/api/v1/reports/monthly", as: ben).columns.isEmpty)
        }
    }
}

/// The months' sums read at once (three statements) are each month's own sums, read alone.
@Suite("Reports: months read at once")
struct SlottedTotalsTests {
    @Test("every month, filter and edge day agrees with the month read alone", arguments: TestDatabase.all)
    func slotted(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com", timeZone: "Pacific/Auckland")
            let b = try await BudgetTests.book(t, ana)
            var generator = SystemRandomNumberGenerator()
            let categories: [Int64?] = [b.groceries, b.restaurants, b.rent, b.salary, nil]
            let start = Int64(1_767_225_600)  // 2026-01-01T00:00:00Z
            var items: [NewTransaction] = []
            for index in 0..<600 {
                // Some on the hours around Auckland's midnight, which is not UTC's.
                let day = Int64.random(in: 0..<700, using: &generator)
                let hour: Int64 =
                    index % 3 == 0 ? [10, 11, 12][index % 9 / 3] : Int64.random(in: 0..<24, using: &generator)
                let when = Date(timeIntervalSince1970: TimeInterval(start + day * 86_400 + hour * 3_600 + 1_800))
                items.append(
                    spend(
                        "Shop \(index % 7)",
                        "-\(Int.random(in: 1...300, using: &generator))." + String(format: "%02d", index % 100),
                        index % 11 == 0 ? .usd : .eur, at: when.formatted(.iso8601),
                        category: categories[index % categories.count]))
            }
            let ids = try await t.add(ana, items)
            let tag = try JSONDecoder().decode(
                TagDTO.self, from: try await t.send(.POST, "/api/v1/tags", as: ana, json: #"{"name":"Trip"}"#).body)
            for id in ids.prefix(80) {
                _ = try await t.send(
                    .PUT, "/api/v1/transactions/\(id)/tags", as: ana, json: #"{"tagIds":[\#(tag.id)]}"#)
            }
            let zone = TimeZone(identifier: "Pacific/Auckland")!
            let months = (0..<26).map { Month(year: 2025, month: 12).adding(months: $0) }
            let ranges = months.map { $0.range(in: zone) }
            let spending = SpendingRepository(database: t.app.db.sql, userID: ana.id)
            var byTag = TransactionQuery.everything
            byTag.tagID = tag.id
            let food = TransactionQuery(
                categoryIDs: [b.groceries, b.restaurants], uncategorized: false, status: nil,
                range: .init(lowerBound: nil, upperBound: nil))
            for query in [TransactionQuery.everything, byTag, food] {
                let together = try await spending.net(query, in: ranges)
                for (index, range) in ranges.enumerated() {
                    var alone = query
                    alone.range = range
                    let expected = try await spending.net(alone)
                    func key(_ line: SpendingRepository.Line) -> String {
                        "\(line.categoryID ?? 0) \(line.money.currency.code) \(line.money.minorUnits) \(line.count)"
                    }
                    #expect(together[index].map(key).sorted() == expected.map(key).sorted(), "\(months[index])")
                }
            }
        }
    }
}
