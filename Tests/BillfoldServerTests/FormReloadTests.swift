import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Foundation
import Testing
import VaporTesting

@Suite("Reloading a form's address")
struct FormReloadTests {
    @Test("every address a form posts to answers a GET with the page the form is on, never a 404")
    func everyFormAddress() async throws {
        try await TestApp.run(.sqlite) { t in
            let ana = try await t.person("ana@example.com")
            let project = try await t.send(.POST, "/api/v1/projects", as: ana, json: #"{"title":"Trip"}"#)
            let projectID = try JSONDecoder().decode(ProjectDTO.self, from: project.body).id
            let token = try #require(
                try await UserRepository(database: t.app.db, clock: t.app.wallClock).tokens(userID: ana.id).first)
            let added = try await t.send(
                .POST, "/api/v1/transactions", as: ana,
                json: #"{"payee":"Bakery","amount":"-3.20","currency":"EUR","bookedAt":"2026-05-02T09:00:00+02:00"}"#)
            let transactionID = try JSONDecoder().decode(TransactionDTO.self, from: added.body).id
            let tag = try await t.send(.POST, "/api/v1/tags", as: ana, json: #"{"name":"Trip"}"#)
            let tagID = try JSONDecoder().decode(TagDTO.self, from: tag.body).id
            let browser = try await Browser.signedIn(t, ana)
            // Every POST-only page address, from the route table: each must be in the list.
            let pages = Set(WebPages.all.filter { $0.method == .get }.map(\.template))
            let formOnly = WebPages.all.filter { $0.method == .post && !pages.contains($0.template) }
            #expect(formOnly.isEmpty, "a form address without a GET: \(formOnly.map(\.template))")
            for endpoint in WebPages.formReloads {
                let value: Int64 =
                    endpoint.template.hasPrefix("/projects/")
                    ? projectID
                    : endpoint.template.hasPrefix("/transactions/")
                        ? transactionID : endpoint.template.hasPrefix("/settings/tags/") ? tagID : token.id
                let path = endpoint.path(with: endpoint.parameters.map { _ in value })
                let answer = try await browser.get(path)
                #expect(answer.status == .seeOther, "\(path)")
                let target = try #require(answer.headers.first(name: .location), "\(path)")
                #expect(try await browser.get(target).status == .ok, "\(path) → \(target)")
            }
            // Someone else's tag answers as a missing one.
            let bob = try await t.person("bob@example.com")
            let stranger = try await Browser.signedIn(t, bob)
            #expect(try await stranger.get("/settings/tags/\(tagID)").status == .notFound)
        }
    }
}
