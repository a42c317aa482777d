import BillfoldAPI
import BillfoldCore
import Foundation
import Testing

@testable import BillfoldKit

@Suite("Offline queue", .serialized)
struct OfflineQueueTests {
    @Test(
        "changes made while the server is down are kept in a file and sent in order once it is back; a refused one is reported and dropped; nothing is applied twice"
    )
    func replayAfterRestart() async throws {
        try await LiveServer.with { server in
            let client = try await ClientTests.signedIn(server)
            let bakery = try await client.addTransaction(
                CreateTransactionRequest(
                    bookedAt: "2026-11-02T10:00:00+01:00", payee: "Bakery", amount: "-3.20", currency: "EUR"))
            let garden = try await client.send(
                NativeAPI.addProject, body: ProjectRequest(title: "Garden"), as: ProjectDTO.self)
            try await server.stop()

            let file = server.folder.appendingPathComponent("queue.json")
            let queue = try OfflineQueue(file: file)
            let clear = try QueuedChange(
                NativeAPI.changeTransaction, [bakery.id], body: UpdateTransactionRequest(status: "cleared"),
                summary: "Clear “Bakery”")
            let note = try QueuedChange(
                NativeAPI.changeTransaction, [bakery.id], body: UpdateTransactionRequest(notes: "Sunday rolls"),
                summary: "Note on “Bakery”")
            let rename = try QueuedChange(
                NativeAPI.changeProject, [garden.id], body: ProjectRequest(title: "Allotment"),
                summary: "Rename “Garden”")
            for change in [clear, note, rename] { try await queue.enqueue(change) }
            // Still down: nothing is sent and nothing is lost.
            let early = await queue.replay(with: client)
            #expect(early.sent.isEmpty && early.waiting == 3)

            // Another run of the app reads the same queue.
            let reopened = try OfflineQueue(file: file)
            let kept = await reopened.changes
            #expect(kept == [clear, note, rename])
            #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)

            try await server.start()
            // Meanwhile the project was deleted elsewhere, and the first change went through
            // before the app lost its answer (sent with the same key).
            try await client.send(NativeAPI.deleteProject, [garden.id], body: Optional<Empty>.none)
            try await client.send(
                NativeAPI.changeTransaction, [bakery.id], body: UpdateTransactionRequest(status: "cleared"),
                idempotencyKey: .key(clear.id.uuidString))

            let report = await reopened.replay(with: client)
            #expect(report.sent.map(\.id) == [clear.id, note.id])
            #expect(report.refused.map(\.change.id) == [rename.id])
            #expect(report.refused.first?.error.kind == .notFound)
            let left = await reopened.changes
            #expect(report.waiting == 0 && left.isEmpty)
            let now = try await client.transaction(bakery.id)
            #expect(now.status == .cleared && now.notes == "Sunday rolls")
            #expect(try await client.transactions().transactions.count == 1)
            let nothing = await reopened.replay(with: client)
            #expect(nothing.sent.isEmpty)
        }
    }
}
