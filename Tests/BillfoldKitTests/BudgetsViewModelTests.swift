import BillfoldAPI
import BillfoldCore
import Foundation
import Testing

@testable import BillfoldKit

@Suite("The budgets view model", .serialized)
@MainActor
struct BudgetsViewModelTests {
    @Test("a month's sheet from the server: set, roll over, fill, copy, move between months; a refusal is kept")
    func budgets() async throws {
        try await LiveServer.with { server in
            let client = try await ClientTests.signedIn(server)
            let food = try await client.send(
                NativeAPI.addCategory, body: CategoryRequest(name: "Food"), as: CategoryDTO.self)
            let rent = try await client.send(
                NativeAPI.addCategory, body: CategoryRequest(name: "Rent"), as: CategoryDTO.self)
            for (day, amount) in [("2026-10-03", "-60.00"), ("2026-11-03", "-80.00")] {
                _ = try await client.addTransaction(
                    CreateTransactionRequest(
                        bookedAt: "\(day)T10:00:00+01:00", payee: "Market", amount: amount, currency: "EUR",
                        categoryId: food.id))
            }
            let model = BudgetsViewModel(client: client, month: try Month(parsing: "2026-11"))
            await model.load()
            #expect(model.screen == .loaded && model.sheet?.month == "2026-11")
            #expect(model.lines.map(\.name) == ["Food", "Rent"])

            #expect(await model.setBudget(food.id, to: "50"))
            #expect(model.lines.first?.budgeted == "50.00" && model.overBudget.map(\.name) == ["Food"])
            #expect(!(await model.setBudget(rent.id, to: "-1")))
            #expect(model.changeError?.code == "validation_failed" && model.lines.last?.budgeted == nil)
            #expect(await model.setRollover(food.id, true))
            #expect(model.changeError == nil && model.lines.first?.rollsOver == true)
            #expect(await model.fillFromAverage() == 0, "Food has its budget, Rent spent nothing")
            #expect(await model.copyForward(months: 1) == 1)

            await model.move(by: 1)
            #expect(model.sheet?.month == "2026-12")
            let december = try #require(model.lines.first)
            #expect(december.budgeted == "50.00" && december.carried == "-30.00" && december.left == "20.00")
            await model.move(by: -2)
            #expect(model.sheet?.month == "2026-10" && model.lines.first?.spent == "60.00")
        }
    }

    @Test("a monthly report through the client, as the server sums it")
    func report() async throws {
        try await LiveServer.with { server in
            let client = try await ClientTests.signedIn(server)
            let food = try await client.send(
                NativeAPI.addCategory, body: CategoryRequest(name: "Food"), as: CategoryDTO.self)
            _ = try await client.addTransaction(
                CreateTransactionRequest(
                    bookedAt: "2026-10-03T10:00:00+01:00", payee: "Market", amount: "-60.00", currency: "EUR",
                    categoryId: food.id))
            let report = try await client.monthlyReport(
                from: try Month(parsing: "2026-09"), to: try Month(parsing: "2026-11"))
            #expect(report.months.map(\.spending) == ["0.00", "60.00", "0.00"])
            #expect(report.columns.map(\.name) == ["Food"] && report.months[1].cells == ["60.00"])
            await #expect(throws: ClientError.self) { try await client.monthlyReport(months: 0) }

            var onlyFood = TransactionFilter()
            onlyFood.categoryID = food.id
            let trend = try await client.monthlyReport(
                from: try Month(parsing: "2026-10"), to: try Month(parsing: "2026-10"), filter: onlyFood)
            #expect(trend.spending == "60.00")
            let worth = try await client.netWorthReport(
                from: try Month(parsing: "2026-09"), to: try Month(parsing: "2026-10"))
            #expect(worth.months.map { $0.totals.first?.amount } == ["0.00", "-60.00"])
            let year = try await client.yearInReview(year: 2026, filter: onlyFood)
            #expect(year.categories.map(\.name) == ["Food"] && year.spending.total == "60.00")
            #expect(year.categories.first?.months[9] == "60.00")
        }
    }
}
