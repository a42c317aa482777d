import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Foundation
import Testing
import VaporTesting

@testable import BillfoldServer

@Suite("Awards API")
struct AwardAPITests {
    @Test("the bundled catalogue covers every criterion with palette colours and known icons")
    func catalogue() throws {
        let awards = try AwardCatalogue.load()
        #expect(Set(awards.map(\.criterion)) == Set(AwardCriterion.allCases))
        #expect(Set(awards.map(\.id)).count == awards.count)
        #expect(awards.allSatisfy { CategoryColour(rawValue: $0.colour) != nil && CategoryIcon.all.contains($0.icon) })
        #expect(awards.allSatisfy { $0.value >= 1 })
        #expect(Set(awards.map(\.icon)).count == awards.count, "each award its own icon")
        #expect(
            CategoryIcon.all.allSatisfy { CategoryLook.drawings[$0] != nil }, "every icon a client may name is drawn")
    }

    /// Each criterion's first award (value 1) at counts 0, 1 and 2, then after the count drops.
    @Test("counted from the user's own activity; first earned dates stay", arguments: TestDatabase.all)
    func thresholds(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com", timeZone: "America/Los_Angeles")
            let bob = try await t.person("bob@example.com")
            let service = AwardService(
                database: t.app.db, user: ana.user, catalogue: try AwardCatalogue.load(), now: t.app.wallClock.now)
            func standing(_ id: String) async throws -> AwardStanding {
                try await service.standings().all.first { $0.award.id == id }!
            }
            func check(_ id: String, count: Int? = nil, earned: Bool, _ note: Comment? = nil) async throws {
                let now = try await standing(id)
                #expect(now.earned == earned, note ?? "\(id)")
                if let count { #expect(now.count == count, "\(id) count") }
            }
            func post(_ path: String, _ json: String, as person: TestApp.Person? = nil, key: String? = nil) async throws
                -> [String: Any]
            {
                let response = try await t.send(
                    .POST, path, as: person ?? ana, json: json, headers: key.map { ["Idempotency-Key": $0] } ?? [:])
                #expect(response.status.code < 300, "\(path): \(response.body.string)")
                return
                    (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
                    ?? [:]
            }
            // unlock: the token made for Ana has not been used yet.
            try await check("connected", count: 0, earned: false)
            let project = (try await post("/api/v1/projects", #"{"title":"P"}"#)["id"] as! NSNumber).int64Value
            let second = (try await post("/api/v1/projects", #"{"title":"Q"}"#)["id"] as! NSNumber).int64Value
            try await check("connected", count: 1, earned: true, "using the token connected a client")
            for id in ["first-item", "first-close", "first-category", "first-review", "review-day", "first-done"] {
                try await check(id, count: 0, earned: false)
            }

            var items: [Int64] = []
            for title in ["a", "b"] {
                items.append(
                    (try await post("/api/v1/projects/\(project)/items", #"{"title":"\#(title)"}"#)["id"] as! NSNumber)
                        .int64Value)
                let first = try await standing("first-item")
                #expect(first.earned && first.count == items.count)
            }
            let earnedAt = try await standing("first-item").earnedAt
            for id in items {
                _ = try await t.send(
                    .PATCH, "/api/v1/projects/\(project)/items/\(id)", as: ana, json: #"{"completed":true}"#)
            }
            try await check("first-done", count: 2, earned: true)
            _ = try await post("/api/v1/projects/\(project)/close", "{}")
            _ = try await post("/api/v1/projects/\(second)/close", "{}")
            try await check("first-close", count: 2, earned: true)
            for name in ["Books", "Music"] { _ = try await post("/api/v1/categories", #"{"name":"\#(name)"}"#) }
            try await check("first-category", count: 2, earned: true)
            let ids = try await t.add(
                ana, [spend("A", "-1.00", status: .uncleared), spend("B", "-1.00", status: .uncleared)])
            for (index, id) in ids.enumerated() {
                _ = try await post(
                    "/api/v1/review/batches", #"{"decisions":[{"transactionId":\#(id),"action":"clear"}]}"#,
                    key: "k\(index)")
            }
            try await check("first-review", count: 2, earned: true)
            try await check("review-day", count: 1, earned: true)
            try await check("ten-items", count: 2, earned: false)

            // Counts drop; the awards stay, with their first dates.
            _ = try await post("/api/v1/projects/\(project)/items/bulk-delete", #"{"ids":[\#(items[0]),\#(items[1])]}"#)
            _ = try await post("/api/v1/projects/\(second)/reopen", "{}")
            let dropped = try await standing("first-item")
            #expect(dropped.count == 0 && dropped.earned && dropped.earnedAt == earnedAt)
            let api = try await t.get(AwardListResponse.self, "/api/v1/awards", as: ana)
            let first = api.awards.first { $0.id == "first-item" }!
            #expect(first.earned && first.progress == 0 && first.target == 1 && first.earnedAt != nil)
            let bobs = try await t.get(AwardListResponse.self, "/api/v1/awards", as: bob)
            #expect(bobs.awards.filter(\.earned).map(\.id) == ["connected"], "Ana's activity is not Bob's")
        }
    }
}
