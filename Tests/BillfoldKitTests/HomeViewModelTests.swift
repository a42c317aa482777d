import BillfoldAPI
import BillfoldCore
import Foundation
import Testing

@testable import BillfoldKit

@Suite("Home and awards view models", .serialized)
@MainActor
struct HomeViewModelTests {
    @Test(
        "home: up next then more to explore, open projects with the share done, this month's spending per category and currency, uncleared count, recent awards; stays on screen offline"
    )
    func home() async throws {
        try await LiveServer.with { server in
            let client = try await ClientTests.signedIn(server)
            let model = HomeViewModel(client: client)
            try await server.stop()
            await model.load()
            #expect({ if case .failed = model.screen { true } else { false } }())
            try await server.start()

            let food = try await client.send(
                NativeAPI.addCategory, body: CategoryRequest(name: "Food"), as: CategoryDTO.self)
            for (payee, amount, currency, category) in [
                ("Bakery", "-3.20", "EUR", food.id), ("Market", "-10.00", "EUR", food.id),
                ("Diner", "-7.00", "USD", food.id), ("Kiosk", "-1.50", "EUR", nil), ("Salary", "2000.00", "EUR", nil),
            ] {
                _ = try await client.addTransaction(
                    CreateTransactionRequest(
                        bookedAt: "2026-11-03T10:00:00+01:00", payee: payee, amount: amount, currency: currency,
                        categoryId: category))
            }
            _ = try await client.addTransaction(
                CreateTransactionRequest(
                    bookedAt: "2026-10-03T10:00:00+01:00", payee: "Last month", amount: "-99.00", currency: "EUR"))
            let project = try await client.send(
                NativeAPI.addProject, body: ProjectRequest(title: "Garden"), as: ProjectDTO.self)
            for number in 1...5 {
                _ = try await client.send(
                    NativeAPI.addItem, [project.id], body: ItemRequest(title: "Urgent \(number)", priority: "high"),
                    as: ItemDTO.self)
            }
            let done = try await client.send(
                NativeAPI.addItem, [project.id], body: ItemRequest(title: "Done", completed: true), as: ItemDTO.self)

            await model.load()
            #expect(model.screen == .loaded)
            #expect(model.monthName == "November 2026")
            #expect(model.uncleared == 6)
            #expect(model.projects.map(\.title) == ["Garden"] && model.projects[0].percentDone == 16)
            #expect(model.upNext.count == 3 && model.moreToExplore.count == 2)
            #expect(!model.upNext.contains { $0.id == done.id })
            #expect(model.projectTitle(of: model.upNext[0]) == "Garden")
            #expect(
                model.spending.map { "\($0.name) \($0.money.decimalString) \($0.money.currency.code)" } == [
                    "Food 13.20 EUR", "Uncategorized 1.50 EUR", "Food 7.00 USD",
                ])
            #expect(
                model.spendingTotals == [
                    Money(minorUnits: 1470, currency: .eur), Money(minorUnits: 700, currency: .usd),
                ])
            #expect(Set(model.recentAwards.map(\.award.id)).isSuperset(of: ["first-item", "first-category"]))

            // Another person's dashboard shows none of it.
            let bob = try await ClientTests.signedIn(server, "bob@example.com")
            let bobs = try await bob.send(NativeAPI.home, as: HomeResponse.self)
            #expect(bobs.uncleared == 0 && bobs.projects.isEmpty && bobs.spending.isEmpty && bobs.upNext.isEmpty)

            try await server.stop()
            await model.load()
            #expect({ if case .offline = model.screen { true } else { false } }())
            #expect(model.upNext.count == 3, "the last dashboard stays")
        }
    }

    @Test("awards: earned latest first, the rest closest first with progress in words")
    func awards() async throws {
        try await LiveServer.with { server in
            let client = try await ClientTests.signedIn(server)
            let project = try await client.send(
                NativeAPI.addProject, body: ProjectRequest(title: "Garden"), as: ProjectDTO.self)
            for number in 1...4 {
                _ = try await client.send(
                    NativeAPI.addItem, [project.id], body: ItemRequest(title: "Item \(number)"), as: ItemDTO.self)
            }
            let model = AwardsViewModel(client: client)
            await model.load()
            #expect(model.screen == .loaded)
            #expect(model.earned.map(\.award.id).contains("first-item"))
            #expect(model.toReach.first?.award.id == "ten-items")
            #expect(model.progress(of: model.toReach[0]) == "4 of 10 items")
            #expect(model.toReach.allSatisfy { !$0.earned })
        }
    }
}
