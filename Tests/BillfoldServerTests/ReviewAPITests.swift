import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Foundation
import SQLKit
import Testing
import Vapor
import VaporTesting

@testable import BillfoldServer

@Suite("Review deck API")
struct ReviewAPITests {
    /// The clock of these tests: the last hour of a month in New York, already the next month in
    /// UTC, so a server that read the wrong zone or the system clock would show another month.
    static let now = Date(timeIntervalSince1970: 1_793_502_000)  // 2026-10-31T23:00:00-04:00

    /// An ISO 8601 time `hour` hours into the test clock's month.
    func thisMonth(_ person: TestApp.Person, hour: Int) -> String {
        let zone = person.user.preferences.zone
        let month = Month(Self.now, in: zone)
        let start = month.firstDay.start(in: zone).addingTimeInterval(TimeInterval(hour * 3600))
        return BookingTime(
            epochSeconds: Int64(start.timeIntervalSince1970), offsetSeconds: zone.secondsFromGMT(for: start)
        ).iso8601
    }

    @Test(
        "the deck: the month's uncleared transactions, oldest first, at most the deck size", arguments: TestDatabase.all
    )
    func deck(database: TestDatabase) async throws {
        try await TestApp.run(database, clock: .fixed(Self.now)) { t in
            let ana = try await t.person("ana@example.com", timeZone: "America/New_York")
            var items = (0..<25).map { spend("Shop \($0)", "-1.00", at: thisMonth(ana, hour: $0), status: .uncleared) }
            items.append(spend("Cleared", "-1.00", at: thisMonth(ana, hour: 1), status: .cleared))
            items.append(spend("Last month", "-1.00", at: "2001-01-01T10:00:00Z", status: .uncleared))
            try await t.add(ana, items)
            let deck = try await t.get(ReviewDeckResponse.self, "/api/v1/review/deck", as: ana)
            #expect(deck.month == "2026-10")
            #expect(deck.cards.count == 20 && deck.remaining == 25)
            #expect(deck.cards.map(\.payee) == (0..<20).map { "Shop \($0)" })
            let old = try await t.get(ReviewDeckResponse.self, "/api/v1/review/deck?month=2001-01", as: ana)
            #expect(old.cards.map(\.payee) == ["Last month"] && old.remaining == 1)
            let bad = try await t.send(.GET, "/api/v1/review/deck?month=2001-13", as: ana)
            #expect(bad.status == .badRequest)
            #expect(try JSONDecoder().decode(ErrorResponse.self, from: bad.body).error.code == "invalid_date")
        }
    }

    @Test(
        "look-back finds the oldest month of the last twelve, across a year boundary, in the user's zone",
        arguments: TestDatabase.all)
    func lookback(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com", timeZone: "Pacific/Auckland")
            let now = try BookingTime(iso8601: "2026-01-15T12:00:00+13:00").date
            let service = ReviewService(database: t.app.db, user: ana.user, now: now)
            #expect(try await service.lookback() == nil)
            try await t.add(
                ana,
                [
                    // 2024-12-31 in Auckland: more than twelve months back.
                    spend("Too old", "-1.00", at: "2024-12-31T10:00:00+13:00", status: .uncleared),
                    // 2025-03-31T11:30Z is 2025-04-01 00:30 in Auckland: April, not March.
                    spend("April", "-1.00", at: "2025-03-31T11:30:00Z", status: .uncleared),
                    spend("April too", "-2.00", at: "2025-04-20T10:00:00+12:00", status: .uncleared),
                    spend("Cleared in February", "-1.00", at: "2025-02-10T10:00:00+13:00", status: .cleared),
                    spend("This month", "-1.00", at: "2026-01-02T10:00:00+13:00", status: .uncleared),
                ])
            let found = try await service.lookback()
            #expect(found?.month == Month(year: 2025, month: 4) && found?.count == 2)
            let later = try BookingTime(iso8601: "2026-05-01T12:00:00+12:00").date
            let asked = ReviewService(database: t.app.db, user: ana.user, now: later)
            #expect(try await asked.lookback()?.month == Month(year: 2026, month: 1))
            let answer = try await t.send(.GET, "/api/v1/review/lookback", as: try await t.person("bob@example.com"))
            #expect(answer.status == .ok && answer.body.string == "null")
        }
    }

    @Test(
        "the month picker counts each month's uncleared transactions in the user's zone, a day split at midnight too",
        arguments: TestDatabase.all)
    func monthCounts(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com", timeZone: "Pacific/Auckland")
            let now = try BookingTime(iso8601: "2026-01-15T12:00:00+13:00").date
            let service = ReviewService(database: t.app.db, user: ana.user, now: now)
            #expect(try await service.months(showing: service.currentMonth).map(\.count) == [0])
            try await t.add(
                ana,
                [
                    // One UTC day, two of Auckland's months: 23:30 on 31 December, then 00:30 on 1 January.
                    spend("December", "-1.00", at: "2025-12-31T10:30:00Z", status: .uncleared),
                    spend("New Year", "-1.00", at: "2025-12-31T11:30:00Z", status: .uncleared),
                    spend("January", "-2.00", at: "2026-01-05T10:00:00+13:00", status: .uncleared),
                    spend("Cleared", "-2.00", at: "2026-01-06T10:00:00+13:00", status: .cleared),
                    spend("Long ago", "-3.00", at: "2024-06-10T10:00:00+12:00", status: .uncleared),
                ])
            let months = try await service.months(showing: Month(year: 2025, month: 8))
            #expect(months.map(\.month.description) == ["2026-01", "2025-12", "2025-08", "2024-06"])
            #expect(months.map(\.count) == [2, 1, 0, 1])
            // Each count is what the deck of that month holds.
            for (month, count) in months {
                #expect(try await service.deck(month).remaining == count)
            }
            let bob = try await t.person("bob@example.com")
            let theirs = ReviewService(database: t.app.db, user: bob.user, now: now)
            #expect(try await theirs.months(showing: theirs.currentMonth).map(\.count) == [0])
        }
    }

    @Test("a batch applies each decision once, in order; one failing item stops no other", arguments: TestDatabase.all)
    func batches(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let bob = try await t.person("bob@example.com")
            let food = try await t.categories(ana).forSource(
                "t:food", name: "Food", isGroup: true, now: Timestamp.now())
            let groceries = try await t.categories(ana).forSource(
                "t:g", name: "Groceries", groupID: food.id, now: Timestamp.now())
            let ids = try await t.add(
                ana,
                [
                    spend("A", "-1.00", category: groceries.id, status: .uncleared),
                    spend("B", "-2.00", status: .uncleared), spend("C", "-3.00", status: .uncleared),
                    spend("D", "-4.00", status: .cleared),
                ])
            let bobs = try await t.add(bob, [spend("Bob's", "-5.00", status: .uncleared)])[0]
            let body = """
                {"decisions": [
                  {"transactionId": \(ids[0]), "action": "clear"},
                  {"transactionId": \(ids[1]), "action": "recategorize", "categoryId": \(groceries.id)},
                  {"transactionId": 987654321, "action": "clear"},
                  {"transactionId": \(bobs), "action": "clear"},
                  {"transactionId": \(ids[2]), "action": "recategorize", "categoryId": \(food.id)},
                  {"transactionId": \(ids[3]), "action": "clear"},
                  {"transactionId": \(ids[2]), "action": "sideways"}
                ]}
                """
            let headers: HTTPHeaders = ["Idempotency-Key": "deck-1"]
            let first = try await t.send(.POST, "/api/v1/review/batches", as: ana, json: body, headers: headers)
            #expect(first.status == .ok, "\(first.body.string)")
            let answer = try JSONDecoder().decode(ReviewBatchResponse.self, from: first.body)
            #expect(
                answer.items.map(\.outcome) == [
                    .known(.applied), .known(.applied), .known(.failed), .known(.failed), .known(.failed),
                    .known(.unchanged), .known(.failed),
                ])
            #expect(answer.items.map(\.transactionId) == [ids[0], ids[1], 987_654_321, bobs, ids[2], ids[3], ids[2]])
            #expect(answer.items[2].error?.code == "not_found")
            #expect(answer.items[3].error == answer.items[2].error, "another user's answers like a missing one")
            #expect(answer.items[4].error?.code == "validation_failed")
            #expect(try await t.transactions(ana).find(ids[1])?.categoryID == groceries.id)
            #expect(try await t.transactions(ana).find(ids[1])?.status == .cleared)
            #expect(try await t.transactions(ana).find(ids[2])?.status == .uncleared, "a failed item stays uncleared")
            #expect(try await t.transactions(bob).find(bobs)?.status == .uncleared)

            let again = try await t.send(.POST, "/api/v1/review/batches", as: ana, json: body, headers: headers)
            #expect(again.status == .ok && again.body.string == first.body.string, "the first answer again")
            let activity = try await t.get(ActivityResponse.self, "/api/v1/activity", as: ana)
            #expect(activity.items.count == 2, "nothing applied twice")
            #expect(try await t.transactions(ana).history(ids[1]).count == 2)

            let other = try await t.send(
                .POST, "/api/v1/review/batches", as: ana,
                json: #"{"decisions": [{"transactionId": \#(ids[2]), "action": "clear"}]}"#, headers: headers)
            #expect(other.status == .unprocessableEntity)
            #expect(
                try JSONDecoder().decode(ErrorResponse.self, from: other.body).error.code == "idempotency_key_reused")
            #expect(try await t.transactions(ana).find(ids[2])?.status == .uncleared)
            let keyless = try await t.send(.POST, "/api/v1/review/batches", as: ana, json: body)
            #expect(keyless.status == .badRequest)
            let sameKeyOtherUser = try await t.send(
                .POST, "/api/v1/review/batches", as: bob,
                json: #"{"decisions": [{"transactionId": \#(bobs), "action": "clear"}]}"#, headers: headers)
            #expect(sameKeyOtherUser.status == .ok, "keys belong to one user")
        }
    }

    @Test("a claim whose server died holds its key only until its lease runs out", arguments: TestDatabase.all)
    func leases(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let id = try await t.add(ana, [spend("A", "-1.00", status: .uncleared)])[0]
            let body = #"{"decisions": [{"transactionId": \#(id), "action": "clear"}]}"#
            let review = ReviewRepository(database: t.app.db, userID: ana.id)
            let hash = try ReviewAPIController.hash(
                try JSONDecoder().decode(ReviewBatchRequest.self, from: Data(body.utf8)))
            // A claim as a server leaves it when it dies right after claiming: no answer.
            guard case .new = try await review.claim(key: "crashed", requestHash: hash, now: Timestamp.now()) else {
                Issue.record("the first claim is new")
                return
            }
            let headers: HTTPHeaders = ["Idempotency-Key": "crashed"]
            let during = try await t.send(.POST, "/api/v1/review/batches", as: ana, json: body, headers: headers)
            #expect(during.status == .conflict, "still leased: in progress")
            let sql = t.app.db as! any SQLDatabase
            try await sql.raw(
                "UPDATE review_batches SET lease_until = lease_until - \(literal: Int(ReviewRepository.leaseSeconds) + 1)"
            )
            .run()
            let after = try await t.send(.POST, "/api/v1/review/batches", as: ana, json: body, headers: headers)
            #expect(after.status == .ok, "the retry takes the key over: \(after.body.string)")
            #expect(try await t.transactions(ana).find(id)?.status == .cleared)
            let replay = try await t.send(.POST, "/api/v1/review/batches", as: ana, json: body, headers: headers)
            #expect(replay.body.string == after.body.string, "and its answer is kept")
        }
    }

    @Test("activity: newest first, with the old and new category, batch and time", arguments: TestDatabase.all)
    func activity(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let rent = try await t.categories(ana).forSource("t:rent", name: "Rent", now: Timestamp.now())
            let ids = try await t.add(
                ana, [spend("A", "-1.00", status: .uncleared), spend("B", "-1.00", status: .uncleared)])
            for (index, body) in [
                #"{"decisions": [{"transactionId": \#(ids[0]), "action": "clear"}]}"#,
                #"{"decisions": [{"transactionId": \#(ids[1]), "action": "recategorize", "categoryId": \#(rent.id)}]}"#,
            ].enumerated() {
                let response = try await t.send(
                    .POST, "/api/v1/review/batches", as: ana, json: body, headers: ["Idempotency-Key": "k\(index)"])
                #expect(response.status == .ok)
            }
            let page = try await t.get(ActivityResponse.self, "/api/v1/activity?limit=1", as: ana)
            #expect(page.items.count == 1 && page.nextCursor != nil)
            let newest = page.items[0]
            #expect(newest.transaction.id == ids[1] && newest.action == .known(.recategorize))
            #expect(
                newest.oldCategoryId == nil && newest.newCategoryId == rent.id && newest.transaction.status == .cleared)
            let rest = try await t.get(
                ActivityResponse.self, "/api/v1/activity?limit=1&cursor=\(page.nextCursor!)", as: ana)
            #expect(rest.items.map(\.transaction.id) == [ids[0]] && rest.items[0].action == .known(.clear))
            #expect(rest.items[0].batchId != newest.batchId && rest.nextCursor == nil)
            let bob = try await t.person("bob@example.com")
            #expect(try await t.get(ActivityResponse.self, "/api/v1/activity", as: bob).items.isEmpty)
        }
    }

    @Test(
        "the activity page's window: older and newer pages, and each day's whole count on every page",
        arguments: TestDatabase.all)
    func activityWindow(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let ids = try await t.add(ana, (1...5).map { spend("T\($0)", "-1.00", status: .uncleared) })
            for (index, id) in ids.enumerated() {
                let body = #"{"decisions": [{"transactionId": \#(id), "action": "clear"}]}"#
                let response = try await t.send(
                    .POST, "/api/v1/review/batches", as: ana, json: body, headers: ["Idempotency-Key": "w\(index)"])
                #expect(response.status == .ok)
            }
            let service = ReviewService(database: t.app.db, user: ana.user, now: Date())
            let newest = try await service.activity(before: nil, after: nil, limit: 2)
            #expect(newest.entries.map(\.transactionID) == [ids[4], ids[3]])
            #expect(newest.hasOlder && !newest.hasNewer && newest.perDay.values.reduce(0, +) == 5)
            let middle = try await service.activity(before: newest.entries[1].oldest, after: nil, limit: 2)
            #expect(middle.entries.map(\.transactionID) == [ids[2], ids[1]] && middle.hasOlder && middle.hasNewer)
            #expect(middle.perDay.values.reduce(0, +) == 5, "the whole day, not the page's two")
            let oldest = try await service.activity(before: middle.entries[1].oldest, after: nil, limit: 2)
            #expect(oldest.entries.map(\.transactionID) == [ids[0]] && !oldest.hasOlder && oldest.hasNewer)
            let back = try await service.activity(before: nil, after: oldest.entries[0].newest, limit: 2)
            #expect(back.entries.map(\.transactionID) == [ids[2], ids[1]] && back.hasOlder && back.hasNewer)
            let top = try await service.activity(before: nil, after: back.entries[0].newest, limit: 2)
            #expect(top.entries.map(\.transactionID) == [ids[4], ids[3]] && top.hasOlder && !top.hasNewer)
        }
    }
}
