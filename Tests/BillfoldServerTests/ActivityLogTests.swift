import BillfoldAPI
import BillfoldCore
import Foundation
import SQLKit
import Testing
import Vapor
import VaporTesting

@testable import BillfoldServer
@testable import BillfoldStore

/// The Activity page lists every clear and recategorisation, wherever it was made, with where.
@Suite("Activity from every source")
struct ActivityLogTests {
    @Test("each way of clearing or recategorising is listed with where it was made", arguments: TestDatabase.all)
    func everySource(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let food = try await t.categories(ana).forSource("t:food", name: "Food", now: Timestamp.now()).id
            let rent = try await t.categories(ana).forSource("t:rent", name: "Rent", now: Timestamp.now()).id
            let ids = try await t.add(ana, (0..<10).map { spend("Shop \($0)", "-1.00", status: .uncleared) })
            let form: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
            func ok(_ answer: TestingHTTPResponse, _ what: String) {
                #expect(answer.status.code < 400, "\(what): \(answer.status) \(answer.body.string)")
            }
            // The deck, the page, the list's pane.
            ok(
                try await t.send(
                    .POST, "/api/v1/review/batches", as: ana,
                    json: #"{"decisions": [{"transactionId": \#(ids[0]), "action": "clear"}]}"#,
                    headers: ["Idempotency-Key": "deck"]), "deck")
            ok(
                try await t.send(
                    .POST, "/transactions/\(ids[1])", as: ana, json: "categoryId=\(food)&status=cleared&notes=",
                    headers: form), "page")
            ok(
                try await t.send(
                    .POST, "/transactions/\(ids[2])", as: ana,
                    json: "categoryId=\(rent)&status=uncleared&notes=&pane=1",
                    headers: form), "list")
            // The native API: an app on BillfoldKit, the assistant, another program.
            for (index, agent) in [(3, "BillfoldKit"), (4, "BillfoldKit billfold-mcp"), (5, "curl/8.0")] {
                ok(
                    try await t.send(
                        .PATCH, "/api/v1/transactions/\(ids[index])", as: ana, json: #"{"status": "cleared"}"#,
                        headers: ["User-Agent": agent]), agent)
            }
            // A Lunch Money client through /v1.
            ok(
                try await t.send(
                    .PUT, "/v1/transactions/\(ids[6])", as: ana, json: #"{"transaction":{"category_id":\#(food)}}"#),
                "/v1")
            // A rule, then its run undone.
            let rule = """
                {"conditions": [{"field": "payee", "test": "is", "value": "Shop 7"}],
                 "actions": [{"action": "setCategory", "category": \(rent)}]}
                """
            ok(try await t.send(.POST, "/api/v1/rules", as: ana, json: rule), "rule")
            let applied = try await t.send(.POST, "/api/v1/rules/apply", as: ana, json: "{}")
            let run = try #require(try JSONDecoder().decode(RuleApplyResponse.self, from: applied.body).runId)
            ok(try await t.send(.POST, "/api/v1/rule-runs/\(run)/undo", as: ana), "undo")
            // A deleted category's transactions moved.
            ok(try await t.send(.DELETE, "/api/v1/categories/\(food)?reassignTo=\(rent)", as: ana), "category")
            // A change to notes only is not a clear or a recategorisation.
            ok(
                try await t.send(.PATCH, "/api/v1/transactions/\(ids[8])", as: ana, json: #"{"notes": "just a note"}"#),
                "notes")

            let service = ReviewService(database: t.app.db, user: ana.user, now: Date())
            let window = try await service.activity(before: nil, after: nil, limit: 100)
            let seen = window.entries.map { ($0.transactionID, $0.source) }
            func has(_ index: Int, _ source: ChangeSource) -> Bool {
                seen.contains { $0.0 == ids[index] && $0.1 == source }
            }
            #expect(has(0, .deck) && has(1, .detailPage) && has(2, .list))
            #expect(has(3, .app) && has(4, .assistant) && has(5, .api) && has(6, .lunchMoneyClient))
            #expect(has(7, .rule) && has(7, .ruleUndone))
            #expect(has(1, .categoryDeleted) && has(6, .categoryDeleted), "Food's two rows moved to Rent")
            #expect(!seen.contains { $0.0 == ids[8] || $0.0 == ids[9] }, "notes and untouched rows are not listed")
            // The page's change made category and status at once: one entry with both.
            let page = try #require(window.entries.first { $0.transactionID == ids[1] && $0.source == .detailPage })
            #expect(page.category == ActivityEntry.Move(old: nil, new: food))
            #expect(page.status == ActivityEntry.Move(old: .uncleared, new: .cleared))
            #expect(window.perDay.values.reduce(0, +) == window.entries.count)

            let html = try await t.send(.GET, "/activity", as: ana).body.string
            for words in [
                "in the review deck", "on its page", "in the list", "in an app", "by an assistant", "through the API",
                "by a Lunch Money app", "by a rule", "undoing a rule", "when its category was deleted",
                "Recategorised from Uncategorized to a deleted category and cleared",
                "Recategorised from Rent to Uncategorized",
                "href=\"/transactions/\(ids[1])#history\"",
            ] {
                #expect(html.contains(words), "\(words)")
            }
            // The history says where, and the API too.
            let detail = try await t.send(.GET, "/transactions/\(ids[3])", as: ana).body.string
            #expect(detail.contains("id=\"history\"") && detail.contains("in an app"))
            let history = try await t.get(
                TransactionHistoryResponse.self, "/api/v1/transactions/\(ids[6])/history", as: ana)
            #expect(history.edits.compactMap(\.source).contains("v1"))

            // Nobody else sees any of it.
            let bob = try await t.person("bob@example.com")
            let bobs = try await ReviewService(database: t.app.db, user: bob.user, now: Date())
                .activity(before: nil, after: nil, limit: 100)
            #expect(bobs.entries.isEmpty)
            #expect(!(try await t.send(.GET, "/activity", as: bob).body.string.contains("Shop ")))
        }
    }

    @Test("pages of the log hold whole changes, in time order, back and forth", arguments: TestDatabase.all)
    func paging(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let food = try await t.categories(ana).forSource("t:food", name: "Food", now: Timestamp.now()).id
            let ids = try await t.add(ana, (0..<7).map { spend("Shop \($0)", "-1.00", status: .uncleared) })
            // Each change writes a category and a status line: a page must never split one.
            for (index, id) in ids.enumerated() {
                let editor = TransactionEditor(
                    database: t.app.db, userID: ana.user.id,
                    clock: .fixed(Date(timeIntervalSince1970: 1_790_000_000 + Double(index))))
                _ = try await editor.apply(
                    id, TransactionChange(categoryID: .some(food), status: .cleared), from: .detailPage)
            }
            let service = ReviewService(database: t.app.db, user: ana.user, now: Date())
            var seen: [Int64] = []
            var place: ActivityEntry.Place?
            var pages = 0
            repeat {
                let window = try await service.activity(before: place, after: nil, limit: 3)
                #expect(window.entries.allSatisfy { $0.category != nil && $0.status != nil }, "whole changes")
                seen += window.entries.map(\.transactionID)
                place = window.hasOlder ? window.entries.last?.oldest : nil
                pages += 1
            } while place != nil && pages < 10
            #expect(seen == ids.reversed(), "newest first, each once")
            let oldest = try await service.activity(before: nil, after: nil, limit: 100).entries.last!
            let back = try await service.activity(before: nil, after: oldest.newest, limit: 3)
            #expect(back.entries.map(\.transactionID) == [ids[3], ids[2], ids[1]] && back.hasNewer && back.hasOlder)
        }
    }

    @Test(
        "a day of more changes than the count's cap says so, and other days count exactly", arguments: TestDatabase.all)
    func bigDay(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let id = try await t.add(ana, [spend("Shop", "-1.00", status: .uncleared)])[0]
            let cap = ReviewService.ActivityWindow.countCap
            // One change a second from 2026-03-02 00:00 UTC, as a rule run over a big book writes them.
            let day: Int64 = 1_772_409_600
            try await t.app.db.sql.raw(
                """
                WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(literal: cap))
                INSERT INTO transaction_changes (user_id, transaction_id, field, old_value, new_value, changed_at, source)
                SELECT \(bind: ana.user.id), \(bind: id), 'status', 'uncleared', 'cleared', \(bind: day) + i, 'rule' FROM n
                """
            ).run()
            // And two on the day before.
            for offset in [-100, -200] as [Int64] {
                try await t.app.db.sql.raw(
                    """
                    INSERT INTO transaction_changes (user_id, transaction_id, field, old_value, new_value, changed_at, source)
                    VALUES (\(bind: ana.user.id), \(bind: id), 'status', 'cleared', 'uncleared', \(bind: day + offset), 'page')
                    """
                ).run()
            }
            var utc = ana.user
            utc.preferences.timeZone = "UTC"
            let service = ReviewService(database: t.app.db, user: utc, now: Date())
            let top = try await service.activity(before: nil, after: nil, limit: 5)
            let big = Day(Date(timeIntervalSince1970: TimeInterval(day)), in: TimeZone(identifier: "UTC")!)
            #expect((top.perDay[big] ?? 0) > cap)
            let html = ActivityPage(window: top, categories: CategoryTree([]), format: utc.preferences.format)
                .drawn(PageContext(user: utc, csrfToken: "", assets: Assets(files: [:]), notice: nil)).html
            #expect(html.contains("More than 10,000 changes on Monday, March 2, 2026"), "\(html)")
            // The last page of the big day reaches the day before, counted exactly.
            let lastOfDay = try await service.activity(
                before: ActivityEntry.Place(changedAt: day + 2, line: Int64.max), after: nil, limit: 5)
            #expect(lastOfDay.perDay[big.adding(days: -1)] == 2 && (lastOfDay.perDay[big] ?? 0) > cap)
        }
    }

    @Test("a page of the log is read by its index, in its order, on both databases", arguments: TestDatabase.all)
    func plan(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let log = ActivityLog(database: t.app.db, userID: ana.user.id)
            let page = log.olderThan(ActivityEntry.Place(changedAt: 1_790_000_000, line: 99)) + " LIMIT 202"
            let sql = t.app.db.sql
            if sql.dialect.name == "sqlite" {
                struct Line: Decodable { var detail: String? }
                let plan = try await sql.raw("EXPLAIN QUERY PLAN " + page).all(decoding: Line.self).compactMap(\.detail)
                #expect(plan.contains { $0.contains("transaction_changes_by_time") }, "\(plan)")
                #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "read in the index's order: \(plan)")
            } else {
                struct Line: Decodable {
                    var plan: String
                    enum CodingKeys: String, CodingKey { case plan = "QUERY PLAN" }
                }
                let plan = try await t.app.db.transaction { database in
                    let db = database as! any SQLDatabase
                    try await db.raw("SET LOCAL enable_seqscan = off").run()
                    return try await db.raw("EXPLAIN " + page).all(decoding: Line.self)
                }.map(\.plan).joined(separator: "\n")
                #expect(plan.contains("transaction_changes_by_time") && !plan.contains("Sort"), "\(plan)")
            }
        }
    }
}
