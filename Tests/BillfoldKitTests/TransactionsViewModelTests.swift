import BillfoldAPI
import BillfoldCore
import Foundation
import Testing

@testable import BillfoldKit

@Suite("Transactions view model", .serialized)
@MainActor
struct TransactionsViewModelTests {
    @Test("pages by cursor, totals the whole filter per currency, filters by a group, and keeps the list when offline")
    func listStates() async throws {
        try await LiveServer.with { server in
            let client = try await ClientTests.signedIn(server)
            let food = try await client.send(
                NativeAPI.addCategory, body: CategoryRequest(name: "Food", isGroup: true), as: CategoryDTO.self)
            let cafe = try await client.send(
                NativeAPI.addCategory, body: CategoryRequest(name: "Cafe", groupId: food.id), as: CategoryDTO.self)
            for day in 1...5 {
                _ = try await client.addTransaction(
                    CreateTransactionRequest(
                        bookedAt: String(format: "2026-11-%02dT10:00:00+01:00", day), payee: "Cafe \(day)",
                        amount: "-2.00", currency: "EUR", categoryId: cafe.id))
            }
            _ = try await client.addTransaction(
                CreateTransactionRequest(
                    bookedAt: "2026-11-06T10:00:00+01:00", payee: "Diner", amount: "-7.00", currency: "USD"))
            let model = TransactionsViewModel(source: NativeTransactionSource(client: client), pageSize: 2)
            #expect(model.screen == .loading)
            await model.load()
            #expect(model.screen == .loaded && model.transactions.map(\.payee) == ["Diner", "Cafe 5"])
            #expect(model.hasMore)
            #expect(
                Set(model.totals.map(\.money)) == [
                    Money(minorUnits: -1000, currency: .eur), Money(minorUnits: -700, currency: .usd),
                ])
            // No rate for dollars yet: left out of the one total, and named.
            #expect(model.converted?.money == Money(minorUnits: -1000, currency: .eur))
            #expect(model.converted?.missing == [.usd])
            _ = try await client.send(
                NativeAPI.setRate, body: PersonalRateRequest(currency: "USD", day: "2026-01-01", rate: "0.9"),
                as: PersonalRateDTO.self)
            await model.load()
            #expect(
                model.converted?.money == Money(minorUnits: -1630, currency: .eur) && model.converted?.missing == [])
            await model.loadAll()
            #expect(model.transactions.count == 6 && !model.hasMore)
            #expect(model.categoryOptions.map(\.name) == ["Food", "Cafe"] && model.categoryOptions[1].indent == 1)
            await model.load(TransactionFilter(categoryID: food.id))
            #expect(model.transactions.allSatisfy { $0.categoryID == cafe.id })
            #expect(model.totals == [CurrencyTotal(money: Money(minorUnits: -1000, currency: .eur), count: 5)])
            await model.load(TransactionFilter(text: "nothing like this"))
            #expect(model.screen == .empty)
            await model.load(TransactionFilter())
            try await server.stop()
            await model.refresh()
            guard case .offline = model.screen else {
                Issue.record("expected offline, got \(model.screen)")
                return
            }
            #expect(model.transactions.count == 2, "what was loaded stays on screen")
            await model.loadMore()
            #expect(model.moreFailed?.kind == .offline)
            try await server.start()
            await model.retry()
            #expect(model.screen == .loaded && model.moreFailed == nil)
        }
    }
}
