import BillfoldAPI
import BillfoldCore
import Foundation
import Testing

@testable import BillfoldKit

@Suite("Categories view model", .serialized)
@MainActor
struct CategoriesViewModelTests {
    @Test("usage, a search that waits for typing to pause, sort, and deleting with a reassignment choice")
    func categories() async throws {
        try await LiveServer.with { server in
            let client = try await ClientTests.signedIn(server)
            let rent = try await client.send(
                NativeAPI.addCategory, body: CategoryRequest(name: "Rent"), as: CategoryDTO.self)
            let housing = try await client.send(
                NativeAPI.addCategory, body: CategoryRequest(name: "Housing"), as: CategoryDTO.self)
            _ = try await client.send(
                NativeAPI.addCategory, body: CategoryRequest(name: "Cinema"), as: CategoryDTO.self)
            let landlord = try await client.addTransaction(
                CreateTransactionRequest(
                    bookedAt: "2026-11-01T10:00:00+01:00", payee: "Landlord", amount: "-900.00", currency: "EUR",
                    categoryId: rent.id))
            let model = CategoriesViewModel(client: client, pause: 0.05)
            await model.load()
            #expect(model.screen == .loaded && model.categories.map(\.name) == ["Cinema", "Housing", "Rent"])
            #expect(model.categories.first { $0.id == rent.id }?.transactionCount == 1)
            await model.sort(by: .usage)
            #expect(model.categories.first?.name == "Rent")
            model.typed("h")
            model.typed("ho")
            model.typed("hous")
            await model.settle()
            #expect(model.categories.map(\.name) == ["Housing"])
            model.typed("nothing like it")
            await model.settle()
            #expect(model.screen == .empty)
            model.typed("")
            await model.settle()
            // In use: refused until the person says where the transactions go.
            #expect(await model.delete([rent.id]) == nil)
            #expect(model.deleteRefusal?.code == "category_in_use")
            let done = try #require(await model.delete([rent.id], reassignTo: .some(housing.id)))
            #expect(done.transactionsMoved == 1 && done.reassignedTo == housing.id)
            #expect(model.categories.map(\.name).contains("Rent") == false)
            #expect(try await client.transaction(landlord.id).categoryId == housing.id)
        }
    }
}
