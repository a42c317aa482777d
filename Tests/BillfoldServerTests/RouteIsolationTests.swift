import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import BillfoldServer

/// Generated from the route table, so a new route is covered without anyone remembering to add it:
/// every route that takes an id, called by a second user with the first user's ids, answers
/// exactly like a missing id and changes nothing of the first user's.
@Suite("Isolation of every route with an id")
struct RouteIsolationTests {
    /// What the id after each path word names. A new route whose word is missing here fails the
    /// test until it is added.
    static let idOwners: Set<String> = [
        "transactions", "categories", "projects", "items", "tokens", "imports", "deletions", "accounts", "assets",
        "group", "tags", "transaction-groups", "rules", "rule-runs", "recurring", "budgets",
        "rates",
    ]
    /// Parameters that are not a user's data.
    static let notUserData: Set<String> = ["assets/:name", "crypto/manual/:id"]

    /// A body that would change something if it were let through, in JSON and as a form.
    static let json = #"""
        {"notes":"taken over","payee":"Taken","name":"Taken over","title":"Taken over","status":"cleared",
         "completed":true,"categoryId":null,"reassignTo":"none","transaction":{"notes":"taken over","status":"cleared"},
         "ids":[], "decisions":[]}
        """#
    static let form = "notes=taken+over&name=Taken+over&title=Taken+over&status=cleared&reassignTo=none&completed=on"

    @Test(
        "a second user with the first user's ids gets what a missing id gets, and changes nothing",
        arguments: TestDatabase.all)
    func everyRoute(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let bo = try await t.person("bo@example.com")
            let ids = try await seed(t, ana)
            let before = try await snapshot(t, ana)
            let browser = try await Browser.signedIn(t, bo)
            // Using bo's token earns an award, announced once on the next page: get that over with.
            _ = try await t.send(.GET, "/api/v1/me", as: bo)
            try await browser.get("/home")
            var covered = 0
            for route in t.app.routes.all {
                let words = route.path.map(\.description)
                guard words.contains(where: { $0.hasPrefix(":") }) else { continue }
                let shape = words.joined(separator: "/")
                if Self.notUserData.contains(where: { shape.hasSuffix($0) }) { continue }
                var own: [String] = []
                var missing: [String] = []
                for (index, word) in words.enumerated() {
                    guard word.hasPrefix(":") else {
                        own.append(word)
                        missing.append(word)
                        continue
                    }
                    let owner = index > 0 ? words[index - 1] : ""
                    let id = try #require(
                        ids[owner], "\(route.method) /\(shape): no id known for “\(owner)/\(word)”; add it to the test")
                    own.append(String(id))
                    missing.append(String(id + 900_000_000))
                }
                let taken = try await call(t, route.method, "/" + own.joined(separator: "/"), bo, browser)
                let absent = try await call(t, route.method, "/" + missing.joined(separator: "/"), bo, browser)
                #expect(taken.status == absent.status, "\(route.method) /\(shape)")
                #expect(taken.status.code >= 400, "\(route.method) /\(shape) answered \(taken.status)")
                // The id itself may be named in the answer ("No asset with the id 12"): only that may differ.
                let normalise = { (text: String) in
                    let pattern = ids.values.flatMap { [String($0 + 900_000_000), String($0)] }.joined(separator: "|")
                    // The error page quotes each request's own id for support.
                    return text.replacingOccurrences(of: "\\b(\(pattern))\\b", with: "ID", options: .regularExpression)
                        .replacingOccurrences(
                            of: "request [0-9A-Fa-f-]{36}", with: "request REQUEST", options: .regularExpression)
                }
                #expect(normalise(taken.body.string) == normalise(absent.body.string), "\(route.method) /\(shape)")
                covered += 1
            }
            #expect(covered >= 30, "the route table was read (\(covered) routes with ids)")
            #expect(try await snapshot(t, ana) == before, "nothing of the first user's changed")
        }
    }

    private func call(_ t: TestApp, _ method: HTTPMethod, _ path: String, _ person: TestApp.Person, _ browser: Browser)
        async throws -> TestingHTTPResponse
    {
        let api = path.hasPrefix("/api/") || path.hasPrefix("/v1/") || path.hasPrefix("/payback/")
        let writes = method != .GET && method != .HEAD
        if api {
            return try await t.send(method, path, as: person, json: writes ? Self.json : nil)
        }
        var headers = browser.cookieHeader
        headers.add(name: "X-CSRF-Token", value: browser.token)
        if writes { headers.add(name: .contentType, value: "application/x-www-form-urlencoded") }
        return try await t.send(method, path, json: writes ? Self.form : nil, headers: headers)
    }

    /// One of everything that has an id, owned by `person`.
    private func seed(_ t: TestApp, _ person: TestApp.Person) async throws -> [String: Int64] {
        let group = try await t.send(.POST, "/api/v1/categories", as: person, json: #"{"name":"Food","isGroup":true}"#)
        let groupID = try JSONDecoder().decode(CategoryDTO.self, from: group.body).id
        let category = try await t.send(
            .POST, "/api/v1/categories", as: person, json: #"{"name":"Groceries","groupId":\#(groupID)}"#)
        let categoryID = try JSONDecoder().decode(CategoryDTO.self, from: category.body).id
        let transaction = try await t.add(person, [spend("REWE", "-12.50", category: categoryID, status: .uncleared)])[
            0]
        let project = try await t.send(.POST, "/api/v1/projects", as: person, json: #"{"title":"Trip"}"#)
        let projectID = try JSONDecoder().decode(ProjectDTO.self, from: project.body).id
        let item = try await t.send(
            .POST, "/api/v1/projects/\(projectID)/items", as: person, json: #"{"title":"Tickets"}"#)
        let itemID = try JSONDecoder().decode(ItemDTO.self, from: item.body).id
        let tokens = try await BillfoldStore.UserRepository(database: t.app.db, clock: t.app.wallClock).tokens(
            userID: person.id)
        let imported = try await t.send(
            .POST, "/api/v1/imports?account=Giro&currency=EUR", as: person,
            json: "Date;Payee;Amount\n2026-01-02;Bakery;-3,20\n",
            headers: ["Content-Type": "text/csv"])
        let importID = try #require(try JSONDecoder().decode(ImportResultResponse.self, from: imported.body).id)
        let mistake = try await t.add(person, [spend("Typo", "-1.00")])[0]
        let deleted = try await t.send(.DELETE, "/api/v1/transactions/\(mistake)", as: person)
        let deletionID = try JSONDecoder().decode(DeletionDTO.self, from: deleted.body).deletionId
        let account = try await AccountRepository(database: t.app.db, userID: person.id).cash(
            .eur, now: Timestamp.now())
        let tag = try await t.send(.POST, "/api/v1/tags", as: person, json: #"{"name":"Trip"}"#)
        let tagID = try JSONDecoder().decode(TagDTO.self, from: tag.body).id
        let members = try await t.add(person, [spend("Bakery", "-2.00"), spend("Cafe", "-3.00")])
        let grouped = try await t.send(
            .POST, "/api/v1/transaction-groups", as: person,
            json: #"{"transactionIds":[\#(members[0]),\#(members[1])],"payee":"Breakfasts"}"#)
        let groupRow = try JSONDecoder().decode(TransactionDTO.self, from: grouped.body).id
        let rule = try await t.send(
            .POST, "/api/v1/rules", as: person,
            json: #"{"conditions":[{"field":"payee","test":"is","value":"REWE"}],"actions":[{"action":"markCleared"}]}"#
        )
        let ruleID = try JSONDecoder().decode(RuleDTO.self, from: rule.body).id
        let run = try await t.send(.POST, "/api/v1/rules/apply", as: person, json: "{}")
        let runID = try #require(try JSONDecoder().decode(RuleApplyResponse.self, from: run.body).runId)
        let recurring = try await t.send(
            .POST, "/api/v1/recurring", as: person,
            json: #"{"payee":"Gym","amount":"20","rhythm":"monthly","nextDate":"2026-12-01"}"#)
        let recurringID = try JSONDecoder().decode(RecurringDTO.self, from: recurring.body).id
        let rate = try await t.send(.POST, "/api/v1/rates", as: person, json: #"{"currency":"PBP","rate":"0.01"}"#)
        let rateID = try JSONDecoder().decode(PersonalRateDTO.self, from: rate.body).id
        return [
            "rates": rateID, "rules": ruleID, "rule-runs": runID, "recurring": recurringID, "budgets": categoryID,
            "tags": tagID, "transaction-groups": groupRow,
            "imports": importID, "deletions": deletionID, "accounts": account.id, "assets": account.id,
            "group": groupID,
            "transactions": transaction, "categories": categoryID, "projects": projectID, "items": itemID,
            "tokens": try #require(tokens.first?.id),
        ]
    }

    /// The person's group row, whose members a route could take.
    private func firstGroup(_ t: TestApp, _ person: TestApp.Person) async throws -> Int64 {
        try await t.get(TransactionListResponse.self, "/api/v1/transactions?limit=100", as: person).transactions
            .first { $0.kind == "group" }?.id ?? 0
    }

    /// Everything of the user's that a route could change, read through the user's own API.
    private func snapshot(_ t: TestApp, _ person: TestApp.Person) async throws -> [String] {
        var out: [String] = []
        for path in [
            "/api/v1/transactions?limit=100", "/api/v1/categories", "/api/v1/projects", "/api/v1/me", "/api/v1/imports",
            "/api/v1/accounts", "/api/v1/tags", "/api/v1/rules", "/api/v1/recurring", "/api/v1/budgets",
            "/api/v1/transactions/\(try await firstGroup(t, person))/children",
        ] {
            out.append(try await t.send(.GET, path, as: person).body.string)
        }
        let list = try await t.send(.GET, "/api/v1/projects", as: person)
        for project in try JSONDecoder().decode(ProjectListResponse.self, from: list.body).projects {
            out.append(try await t.send(.GET, "/api/v1/projects/\(project.id)/items", as: person).body.string)
        }
        out.append(
            String(
                try await BillfoldStore.UserRepository(database: t.app.db, clock: t.app.wallClock).tokens(
                    userID: person.id
                ).count))
        return out
    }
}
