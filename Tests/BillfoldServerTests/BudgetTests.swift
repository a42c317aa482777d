import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Foundation
import Testing
import Vapor

@testable import BillfoldServer

/// Budgets: one month's sheet from the sums, as the page, the API and `/v1/budgets` read it;
/// groups total their categories, transfers are neither spending nor income, rollover carries
/// across a year boundary in a time zone whose month starts on another UTC day.
@Suite("Budgets")
struct BudgetTests {
    struct Book {
        var food: Int64
        var groceries: Int64
        var restaurants: Int64
        var rent: Int64
        var salary: Int64
    }

    static func category(_ t: TestApp, _ person: TestApp.Person, _ json: String) async throws -> Int64 {
        let made = try await t.send(.POST, "/api/v1/categories", as: person, json: json)
        #expect(made.status == .created, "\(made.body.string)")
        return try JSONDecoder().decode(CategoryDTO.self, from: made.body).id
    }

    static func book(_ t: TestApp, _ person: TestApp.Person) async throws -> Book {
        let food = try await category(t, person, #"{"name":"Food","isGroup":true}"#)
        return Book(
            food: food,
            groceries: try await category(t, person, #"{"name":"Groceries","groupId":\#(food)}"#),
            restaurants: try await category(t, person, #"{"name":"Restaurants","groupId":\#(food)}"#),
            rent: try await category(t, person, #"{"name":"Rent"}"#),
            salary: try await category(t, person, #"{"name":"Salary","isIncome":true}"#))
    }

    static func setBudget(
        _ t: TestApp, _ person: TestApp.Person, _ id: Int64, _ month: String, _ amount: String?,
        rolls: Bool? = nil
    ) async throws {
        var fields: [String] = [#""month":"\#(month)""#]
        if let amount { fields.append(#""amount":"\#(amount)""#) }
        if let rolls { fields.append(#""rollsOver":\#(rolls)"#) }
        let answer = try await t.send(
            .PUT, "/api/v1/budgets/\(id)", as: person, json: "{" + fields.joined(separator: ",") + "}")
        #expect(answer.status == .ok, "\(answer.body.string)")
    }

    static func sheet(_ t: TestApp, _ person: TestApp.Person, _ month: String) async throws -> BudgetMonthResponse {
        try await t.get(BudgetMonthResponse.self, "/api/v1/budgets?month=\(month)", as: person)
    }

    @Test(
        "a month: groups total their categories, income and what is left to budget, transfers and other currencies apart, /v1 agrees",
        arguments: TestDatabase.all)
    func month(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let b = try await Self.book(t, ana)
            _ = try await t.add(
                ana,
                [
                    spend("REWE", "-120.50", at: "2026-11-02T10:00:00Z", category: b.groceries),
                    spend("Aldi", "-30.00", at: "2026-11-20T10:00:00Z", category: b.groceries),
                    spend("Pizza", "-45.00", at: "2026-11-21T19:00:00Z", category: b.restaurants),
                    spend("Landlord", "-900.00", at: "2026-11-01T08:00:00Z", category: b.rent),
                    spend("ACME", "3000.00", at: "2026-11-27T08:00:00Z", category: b.salary),
                    spend("Kiosk", "-10.00", at: "2026-11-15T08:00:00Z"),
                    spend("Refund", "5.00", at: "2026-11-16T08:00:00Z", category: b.groceries),
                    spend("Diner NYC", "-20.00", .usd, at: "2026-11-10T08:00:00Z", category: b.restaurants),
                    spend("October", "-99.00", at: "2026-10-31T23:00:00Z", category: b.groceries),
                ])
            let open = { (json: String) in try await t.openAccount(json, as: ana) }
            let giro = try await open(#"{"name":"Giro","currency":"EUR"}"#)
            let savings = try await open(#"{"name":"Savings","currency":"EUR"}"#)
            let transfer = try await t.send(
                .POST, "/api/v1/transfers", as: ana,
                json:
                    #"{"fromAccountId":\#(giro.id),"toAccountId":\#(savings.id),"amount":"500.00","bookedAt":"2026-11-05T12:00:00Z"}"#
            )
            #expect(transfer.status == .created)
            for (id, amount) in [(b.groceries, "200"), (b.restaurants, "40"), (b.rent, "900.00")] {
                try await Self.setBudget(t, ana, id, "2026-11", amount)
            }
            let sheet = try await Self.sheet(t, ana, "2026-11")
            let lines = Dictionary(uniqueKeysWithValues: sheet.lines.map { ($0.name, $0) })
            #expect(sheet.lines.map(\.name) == ["Food", "Groceries", "Restaurants", "Rent", "Salary", "Uncategorized"])
            #expect(lines["Groceries"]?.spent == "145.50" && lines["Groceries"]?.left == "54.50")
            #expect(lines["Restaurants"]?.spent == "45.00" && lines["Restaurants"]?.over == true)
            #expect(lines["Food"]?.budgeted == "240.00" && lines["Food"]?.spent == "190.50")
            #expect(lines["Food"]?.left == "49.50" && lines["Food"]?.transactions == 4)
            #expect(lines["Salary"]?.spent == "3000.00" && lines["Uncategorized"]?.spent == "10.00")
            #expect(sheet.income == "3000.00" && sheet.budgeted == "1140.00" && sheet.leftToBudget == "1860.00")
            #expect(sheet.spent == "1100.50", "transfers are neither spending nor income")
            #expect(sheet.otherCurrencies == [CurrencyAmountDTO(currency: "USD", amount: "-20.00")])

            // The list's totals for the same filter are the sheet's.
            let list = try await t.get(
                TransactionListResponse.self,
                "/api/v1/transactions?category=\(b.food)&from=2026-11-01&to=2026-11-30&limit=1", as: ana)
            #expect(list.totals.first { $0.currency == "EUR" }?.amount == "-190.50")

            // Lunch Money's clients read the same figures.
            let v1 = try await t.send(.GET, "/v1/budgets?start_date=2026-11-01&end_date=2026-11-30", as: ana)
            let rows = try #require(
                try JSONSerialization.jsonObject(with: Data(v1.body.readableBytesView)) as? [[String: Any]])
            for row in rows {
                guard let name = row["category_name"] as? String, let line = lines[name],
                    let data = (row["data"] as? [String: [String: Any]])?["2026-11-01"]
                else { continue }
                let spent = (data["spending_to_base"] as? NSNumber).map { Decimal(string: $0.stringValue)! }
                let expected = Decimal(string: line.spent)! * (line.isIncome ? -1 : 1)
                #expect(spent == expected, "\(name): /v1 \(String(describing: spent)), sheet \(line.spent)")
                if !line.isGroup, let budget = line.budgeted {
                    #expect((data["budget_amount"] as? NSNumber)?.decimalValue == Decimal(string: budget), "\(name)")
                }
            }
        }
    }

    @Test(
        "rollover carries what is left, and what was overspent, across a year boundary in Auckland",
        arguments: TestDatabase.all)
    func rollover(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let kim = try await t.person("kim@example.com", timeZone: "Pacific/Auckland")
            let b = try await Self.book(t, kim)
            _ = try await t.add(
                kim,
                [
                    spend("Shop", "-150.00", at: "2026-11-10T10:00:00+13:00", category: b.groceries),
                    // 1 December 01:00 in Auckland, still 30 November in UTC: December's.
                    spend("Shop", "-300.00", at: "2026-11-30T12:00:00Z", category: b.groceries),
                    spend("Shop", "-20.00", at: "2027-01-03T10:00:00+13:00", category: b.groceries),
                ])
            try await Self.setBudget(t, kim, b.groceries, "2026-11", "200", rolls: true)
            try await Self.setBudget(t, kim, b.groceries, "2026-12", "200")
            try await Self.setBudget(t, kim, b.groceries, "2027-01", "200")
            let november = try await Self.sheet(t, kim, "2026-11")
            let groceries = { (sheet: BudgetMonthResponse) in sheet.lines.first { $0.categoryId == b.groceries }! }
            #expect(groceries(november).spent == "150.00" && groceries(november).carried == "0.00")
            let december = try await Self.sheet(t, kim, "2026-12")
            #expect(groceries(december).carried == "50.00" && groceries(december).spent == "300.00")
            #expect(groceries(december).left == "-50.00" && groceries(december).over)
            let january = try await Self.sheet(t, kim, "2027-01")
            #expect(groceries(january).carried == "-50.00" && groceries(january).left == "130.00")
            #expect(groceries(january).rollsOver && !groceries(january).over)
            // Switched off, nothing rolls in.
            try await Self.setBudget(t, kim, b.groceries, "2027-01", nil, rolls: false)
            #expect(groceries(try await Self.sheet(t, kim, "2027-01")).carried == nil)
        }
    }

    @Test(
        "fill from last month or the average spending, copy forward; bad input writes nothing",
        arguments: TestDatabase.all)
    func fillAndCopy(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let b = try await Self.book(t, ana)
            _ = try await t.add(
                ana,
                [
                    spend("REWE", "-100.00", at: "2026-08-10T10:00:00Z", category: b.groceries),
                    spend("REWE", "-100.00", at: "2026-09-10T10:00:00Z", category: b.groceries),
                    spend("REWE", "-101.00", at: "2026-10-10T10:00:00Z", category: b.groceries),
                    spend("Pizza", "-10.00", at: "2026-10-11T10:00:00Z", category: b.restaurants),
                ])
            try await Self.setBudget(t, ana, b.rent, "2026-10", "900")
            let filled = try await t.send(
                .POST, "/api/v1/budgets/fill", as: ana, json: #"{"month":"2026-11","from":"lastMonth"}"#)
            #expect(filled.status == .ok, "\(filled.body.string)")
            #expect(try JSONDecoder().decode(BudgetChangeResponse.self, from: filled.body).changed == 1)
            let average = try await t.send(
                .POST, "/api/v1/budgets/fill", as: ana, json: #"{"month":"2026-11","from":"average"}"#)
            let sheet = try JSONDecoder().decode(BudgetChangeResponse.self, from: average.body).sheet
            let budget = { (id: Int64) in sheet.lines.first { $0.categoryId == id }?.budgeted }
            #expect(budget(b.groceries) == "100.33" && budget(b.restaurants) == "3.33" && budget(b.rent) == "900.00")
            let copied = try await t.send(
                .POST, "/api/v1/budgets/copy", as: ana, json: #"{"month":"2026-11","months":2}"#)
            #expect(try JSONDecoder().decode(BudgetChangeResponse.self, from: copied.body).changed == 6)
            let january = try await Self.sheet(t, ana, "2027-01")
            #expect(january.lines.first { $0.categoryId == b.rent }?.budgeted == "900.00")

            let before = try await Self.sheet(t, ana, "2026-11")
            for (method, path, body) in [
                (HTTPMethod.PUT, "/api/v1/budgets/\(b.rent)", #"{"month":"2026-13","amount":"5"}"#),
                (.PUT, "/api/v1/budgets/\(b.rent)", #"{"month":"2026-11","amount":"-5"}"#),
                (.PUT, "/api/v1/budgets/\(b.rent)", #"{"month":"2026-11","amount":"abc","rollsOver":true}"#),
                (.PUT, "/api/v1/budgets/\(b.rent)", #"{"month":"2026-11"}"#),
                (.POST, "/api/v1/budgets/fill", #"{"month":"2026-11","from":"nowhere"}"#),
                (.POST, "/api/v1/budgets/copy", #"{"month":"2026-11","months":0}"#),
                (.POST, "/api/v1/budgets/copy", #"{"month":"2026-11","months":25}"#),
            ] {
                let refused = try await t.send(method, path, as: ana, json: body)
                #expect(refused.status == .badRequest, "\(body): \(refused.body.string)")
            }
            #expect(
                try await t.send(.PUT, "/api/v1/budgets/999999", as: ana, json: #"{"amount":"5"}"#).status == .notFound)
            #expect(try await Self.sheet(t, ana, "2026-11") == before, "nothing was written")
        }
    }
}
