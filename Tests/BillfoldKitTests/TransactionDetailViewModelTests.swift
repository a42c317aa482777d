import BillfoldAPI
import BillfoldCore
import Foundation
import Testing

@testable import BillfoldKit

@Suite("Transaction detail view model", .serialized)
@MainActor
struct TransactionDetailViewModelTests {
    @Test("edits category, notes and status with history; a refused edit says why; offline it is queued and sent later")
    func edit() async throws {
        try await LiveServer.with { server in
            let client = try await ClientTests.signedIn(server)
            let rent = try await client.send(
                NativeAPI.addCategory, body: CategoryRequest(name: "Rent"), as: CategoryDTO.self)
            let added = try await ReviewViewModelTests.add(client, "Landlord", day: 1)
            let queue = try OfflineQueue(file: server.folder.appendingPathComponent("queue.json"))
            let model = TransactionDetailViewModel(client: client, id: added.id, queue: queue)
            await model.load()
            #expect(model.screen == .loaded && model.transaction?.payee == "Landlord" && model.history.isEmpty)
            await model.save(category: .some(rent.id), notes: "March", status: .cleared)
            #expect(model.lastSave == .saved && model.transaction?.categoryID == rent.id)
            #expect(Set(model.history.map(\.field)) == [.category, .notes, .status])
            await model.save(category: .some(987_654))
            guard case .refused(let error) = model.lastSave else {
                Issue.record("a missing category was accepted")
                return
            }
            #expect(error.message.contains("category"))
            try await server.stop()
            await model.save(notes: "Written offline")
            #expect(model.lastSave == .queued)
            let queued = await queue.changes
            #expect(queued.count == 1)
            try await server.start()
            let report = await queue.replay(with: client)
            #expect(report.sent.count == 1)
            #expect(try await client.transaction(added.id).notes == "Written offline")
            let missing = TransactionDetailViewModel(client: client, id: 987_654)
            await missing.load()
            guard case .failed(let notFound) = missing.screen else {
                Issue.record("a missing transaction loaded")
                return
            }
            #expect(notFound.kind == .notFound)
        }
    }
}
