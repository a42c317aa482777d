import BillfoldAPI
import BillfoldCore
import Foundation
import Testing

@testable import BillfoldKit

@Suite("Category form model", .serialized)
@MainActor
struct CategoryFormModelTests {
    @Test("checks while typing with Core's rules, saves, and keeps the input when the server refuses")
    func form() async throws {
        try await LiveServer.with { server in
            let client = try await ClientTests.signedIn(server)
            _ = try await client.send(NativeAPI.addCategory, body: CategoryRequest(name: "Rent"), as: CategoryDTO.self)
            let form = CategoryFormModel(client: client)
            await form.load()
            #expect(form.problems["name"] != nil && !form.canSave, "an empty name is a problem from the start")
            form.name = "r"
            #expect(form.problems["name"] != nil)
            form.name = "rent"
            #expect(form.problems["name"]?.contains("already exists") == true, "names are unique regardless of case")
            form.name = "Groceries"
            #expect(form.problems.isEmpty && form.canSave)
            let saved = try #require(await form.save())
            #expect(saved.name == "Groceries")
            // Another device made the same name meanwhile: the server refuses, the input stays.
            let late = CategoryFormModel(client: client)
            await late.load()
            _ = try await client.send(
                NativeAPI.addCategory, body: CategoryRequest(name: "Travel"), as: CategoryDTO.self)
            late.name = "Travel"
            #expect(await late.save() == nil)
            #expect(late.name == "Travel" && late.refusal != nil)
        }
    }

    @Test("an edit and a delete made while the server is down wait in the queue and are applied once after it")
    func offline() async throws {
        try await LiveServer.with { server in
            let client = try await ClientTests.signedIn(server)
            let rent = try await client.send(
                NativeAPI.addCategory, body: CategoryRequest(name: "Rent"), as: CategoryDTO.self)
            let gym = try await client.send(
                NativeAPI.addCategory, body: CategoryRequest(name: "Gym"), as: CategoryDTO.self)
            let queue = try OfflineQueue(file: server.folder.appendingPathComponent("queue.json"))
            let form = CategoryFormModel(client: client, editing: rent.category, queue: queue)
            await form.load()
            let list = CategoriesViewModel(client: client, pause: 0.01, queue: queue)
            await list.load()
            try await server.stop()
            form.name = "Housing"
            #expect(await form.save() == nil && form.lastSave == .queued && form.name == "Housing")
            #expect(await list.delete([gym.id]) == nil && list.lastDelete == .queued)
            #expect(list.categories.map(\.name) == ["Rent"], "shown as gone at once")
            try await server.start()
            let report = await queue.replay(with: client)
            #expect(report.sent.count == 2 && report.refused.isEmpty)
            #expect(await queue.replay(with: client).sent.isEmpty, "nothing twice")
            let names = try await client.categories().map(\.name)
            #expect(names == ["Housing"])
        }
    }
}
