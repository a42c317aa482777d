import BillfoldAPI
import BillfoldCore
import Foundation
import Testing

@testable import BillfoldKit

@Suite("Projects view models", .serialized)
@MainActor
struct ProjectsViewModelTests {
    @Test("projects: failed → retry → loaded; add, rename, close moves it to the closed list, reopen, delete")
    func projects() async throws {
        try await LiveServer.with { server in
            let client = try await ClientTests.signedIn(server)
            let model = ProjectsViewModel(client: client)
            try await server.stop()
            await model.load()
            #expect(model.screen.isFailure)
            try await server.start()
            await model.load()
            #expect(model.screen == .empty)

            #expect(model.titleProblem("   ") != nil && model.titleProblem("Garden") == nil)
            let garden = try #require(await model.add(title: "Garden", colour: "green"))
            let kitchen = try #require(await model.add(title: "Kitchen"))
            #expect(model.screen == .loaded && model.projects.map(\.title) == ["Kitchen", "Garden"])
            await model.change(garden.id, ProjectRequest(title: "Allotment"))
            #expect(model.lastSave == .saved && model.projects.map(\.title) == ["Kitchen", "Allotment"])
            await model.change(garden.id, ProjectRequest(title: ""))
            guard case .refused(let error) = model.lastSave, case .validation = error.kind else {
                Issue.record("an empty title is refused, got \(String(describing: model.lastSave))")
                return
            }
            await model.close(kitchen.id)
            #expect(model.projects.map(\.title) == ["Allotment"])
            await model.show(closed: true)
            #expect(model.projects.map(\.title) == ["Kitchen"] && model.projects[0].closed)
            await model.reopen(kitchen.id)
            #expect(model.projects.isEmpty && model.screen == .empty)
            await model.show(closed: false)
            await model.delete(garden.id)
            #expect(model.projects.map(\.title) == ["Kitchen"])
            let left = try await client.send(NativeAPI.projects, as: ProjectListResponse.self).projects
            #expect(left.map(\.title) == ["Kitchen"])
        }
    }

    @Test(
        "items: added in Core's order with the share done; changes made offline show at once, wait in the queue, and are sent once after restart"
    )
    func itemsOffline() async throws {
        try await LiveServer.with { server in
            let client = try await ClientTests.signedIn(server)
            let project = try await client.send(
                NativeAPI.addProject, body: ProjectRequest(title: "Move house"), as: ProjectDTO.self)
            let queue = try OfflineQueue(file: server.folder.appendingPathComponent("queue.json"))
            let model = ProjectViewModel(client: client, projectID: project.id, queue: queue)
            await model.load()
            #expect(model.screen == .empty && model.project?.title == "Move house")
            let boxes = try #require(await model.add(title: "Buy boxes", priority: .high))
            let van = try #require(await model.add(title: "Book a van", priority: .low))
            let keys = try #require(await model.add(title: "Hand in keys"))
            #expect(model.items.map(\.title) == ["Buy boxes", "Hand in keys", "Book a van"])
            await model.toggle(boxes.id)
            #expect(model.items.map(\.title) == ["Hand in keys", "Book a van", "Buy boxes"])
            #expect(model.percentDone == 33)
            await model.sort(by: .name)
            #expect(model.items.map(\.title) == ["Book a van", "Buy boxes", "Hand in keys"])

            try await server.stop()
            await model.toggle(van.id)
            #expect(model.lastSave == .queued && model.items.first { $0.id == van.id }?.completed == true)
            await model.delete([keys.id])
            #expect(model.lastSave == .queued && model.items.map(\.title) == ["Book a van", "Buy boxes"])
            #expect(await model.add(title: "Label boxes") == nil && model.lastSave == .queued)
            #expect(
                await queue.changes.map(\.summary) == [
                    "Change item “Book a van”", "Delete item “Hand in keys”", "New item “Label boxes”",
                ])
            await model.load()
            guard case .offline = model.screen else {
                Issue.record("expected offline, got \(model.screen)")
                return
            }
            #expect(model.items.count == 2, "what was shown stays")

            try await server.start()
            let report = await queue.replay(with: client)
            #expect(report.sent.count == 3 && report.refused.isEmpty)
            #expect(await queue.replay(with: client).sent.isEmpty)
            await model.load()
            #expect(model.items.map(\.title) == ["Book a van", "Buy boxes", "Label boxes"])
            #expect(model.items.filter(\.completed).map(\.title) == ["Book a van", "Buy boxes"])
            await model.delete([boxes.id, van.id])
            #expect(model.lastSave == .saved && model.items.map(\.title) == ["Label boxes"])
        }
    }
}

extension ListScreen {
    var isFailure: Bool { if case .failed = self { true } else { false } }
}
