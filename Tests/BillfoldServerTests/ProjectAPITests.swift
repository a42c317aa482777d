import BillfoldAPI
import BillfoldCore
import Foundation
import Testing
import VaporTesting

@testable import BillfoldServer

@Suite("Projects and items API")
struct ProjectAPITests {
    func decode<T: Decodable>(_ type: T.Type, _ response: TestingHTTPResponse) throws -> T {
        try JSONDecoder().decode(type, from: response.body)
    }

    @Test(
        "projects: create, list open and closed, close and reopen, a closed one takes no items, validation",
        arguments: TestDatabase.all)
    func projects(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let made = try await t.send(
                .POST, "/api/v1/projects", as: ana, json: #"{"title":" Garden ","colour":"green"}"#)
            #expect(made.status == .created)
            let garden = try decode(ProjectDTO.self, made)
            #expect(garden.title == "Garden" && !garden.closed && garden.updatedAt == nil)
            for (json, field) in [
                (#"{"title":"  "}"#, "title"), (#"{"title":"\#(String(repeating: "t", count: 101))"}"#, "title"),
                (#"{"title":"Ok","colour":"plaid"}"#, "colour"),
                (#"{"title":"Ok","detail":"\#(String(repeating: "d", count: 1001))"}"#, "detail"),
            ] {
                let bad = try await t.send(.POST, "/api/v1/projects", as: ana, json: json)
                #expect(bad.status == .badRequest)
                #expect(try decode(ErrorResponse.self, bad).error.fields?.keys.first == field)
            }
            _ = try await t.send(.POST, "/api/v1/projects", as: ana, json: #"{"title":"Taxes"}"#)
            let closed = try decode(
                ProjectDTO.self, try await t.send(.POST, "/api/v1/projects/\(garden.id)/close", as: ana))
            #expect(closed.closed && closed.updatedAt != nil)
            let open = try await t.get(ProjectListResponse.self, "/api/v1/projects?closed=false", as: ana)
            #expect(open.projects.map(\.title) == ["Taxes"])
            let done = try await t.get(ProjectListResponse.self, "/api/v1/projects?closed=true", as: ana)
            #expect(done.projects.map(\.title) == ["Garden"])
            // A closed project takes no new items, by the API or its page.
            let refused = try await t.send(
                .POST, "/api/v1/projects/\(garden.id)/items", as: ana, json: #"{"title":"Seeds"}"#)
            #expect(refused.status == .conflict && refused.body.string.contains("reopen it"))
            let page = try await Browser.signedIn(t, ana).get("/projects/\(garden.id)")
            #expect(page.body.string.contains("This project is closed") && !page.body.string.contains("Add item"))
            _ = try await t.send(.POST, "/api/v1/projects/\(garden.id)/reopen", as: ana)
            let accepted = try await t.send(
                .POST, "/api/v1/projects/\(garden.id)/items", as: ana, json: #"{"title":"Seeds"}"#)
            #expect(accepted.status == .created)
            #expect(
                try await t.get(ProjectListResponse.self, "/api/v1/projects?closed=false", as: ana).projects.count == 2)
            #expect(try await t.send(.GET, "/api/v1/projects?closed=maybe", as: ana).status == .badRequest)
        }
    }

    @Test("items: add, change, sort with ties, delete one and several", arguments: TestDatabase.all)
    func items(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let project = try decode(
                ProjectDTO.self, try await t.send(.POST, "/api/v1/projects", as: ana, json: #"{"title":"Move"}"#))
            let path = "/api/v1/projects/\(project.id)/items"
            var ids: [Int64] = []
            for (title, priority) in [("Pack", "low"), ("Book van", "high"), ("Clean", "medium"), ("Address", "high")] {
                let made = try await t.send(
                    .POST, path, as: ana, json: #"{"title":"\#(title)","priority":"\#(priority)"}"#)
                #expect(made.status == .created)
                ids.append(try decode(ItemDTO.self, made).id)
            }
            let bad = try await t.send(.POST, path, as: ana, json: #"{"title":"x","priority":"urgent"}"#)
            #expect(bad.status == .badRequest)
            let done = try await t.send(.PATCH, "\(path)/\(ids[1])", as: ana, json: #"{"completed":true}"#)
            #expect(try decode(ItemDTO.self, done).completed)
            let byDefault = try await t.get(ItemListResponse.self, path, as: ana).items.map(\.title)
            #expect(byDefault == ["Address", "Clean", "Pack", "Book van"])
            let byName = try await t.get(ItemListResponse.self, "\(path)?sort=name", as: ana).items.map(\.title)
            #expect(byName == ["Address", "Book van", "Clean", "Pack"])
            let newest = try await t.get(ItemListResponse.self, "\(path)?sort=created", as: ana).items.map(\.id)
            #expect(newest == ids.reversed(), "created in the same second: the newer id first")
            #expect(try await t.send(.DELETE, "\(path)/\(ids[0])", as: ana).status == .noContent)
            let bulk = try await t.send(
                .POST, "\(path)/bulk-delete", as: ana, json: #"{"ids":[\#(ids[1]),\#(ids[2])]}"#)
            #expect(try decode(ItemBulkDeleteResponse.self, bulk).deleted == 2)
            let missing = try await t.send(
                .POST, "\(path)/bulk-delete", as: ana, json: #"{"ids":[\#(ids[3]),\#(ids[0])]}"#)
            #expect(missing.status == .notFound)
            #expect(
                try await t.get(ItemListResponse.self, path, as: ana).items.map(\.id) == [ids[3]], "nothing deleted")
            let summary = try await t.get(ProjectDTO.self, "/api/v1/projects/\(project.id)", as: ana)
            #expect(summary.itemCount == 1 && summary.completedCount == 0)
        }
    }

    @Test("another user's projects and items answer like missing ones", arguments: TestDatabase.all)
    func isolation(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let bob = try await t.person("bob@example.com")
            let project = try decode(
                ProjectDTO.self, try await t.send(.POST, "/api/v1/projects", as: ana, json: #"{"title":"Secret"}"#))
            let item = try decode(
                ItemDTO.self,
                try await t.send(.POST, "/api/v1/projects/\(project.id)/items", as: ana, json: #"{"title":"Hidden"}"#))
            let bobs = try decode(
                ProjectDTO.self, try await t.send(.POST, "/api/v1/projects", as: bob, json: #"{"title":"Mine"}"#))
            let p = "/api/v1/projects/\(project.id)"
            let notFound = #"{"error":{"code":"not_found","message":"No project with that id exists."}}"#
            for (method, path, json) in [
                (HTTPMethod.GET, p, nil), (.PATCH, p, #"{"title":"x"}"#), (.DELETE, p, nil), (.POST, "\(p)/close", nil),
                (.GET, "\(p)/items", nil), (.POST, "\(p)/items", #"{"title":"x"}"#),
                (.POST, "\(p)/items/bulk-delete", #"{"ids":[\#(item.id)]}"#),
            ] as [(HTTPMethod, String, String?)] {
                let response = try await t.send(method, path, as: bob, json: json)
                #expect(response.status == .notFound && response.body.string == notFound, "\(method) \(path)")
            }
            for page in [
                "/projects/\(project.id)", "/projects/\(project.id)/edit",
                "/projects/\(project.id)/items/\(item.id)/edit",
            ] {
                #expect(try await t.send(.GET, page, as: bob).status == .notFound, "\(page)")
            }
            let crossProject = try await t.send(
                .PATCH, "/api/v1/projects/\(bobs.id)/items/\(item.id)", as: bob, json: #"{"completed":true}"#)
            #expect(crossProject.status == .notFound)
            let list = try await t.get(ProjectListResponse.self, "/api/v1/projects", as: bob)
            #expect(list.projects.map(\.title) == ["Mine"])
            #expect(try await t.get(ItemListResponse.self, "\(p)/items", as: ana).items.map(\.title) == ["Hidden"])
        }
    }
}
