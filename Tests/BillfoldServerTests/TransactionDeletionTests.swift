import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Foundation
import Testing
import VaporTesting

@Suite("Deleting transactions, and undoing it")
struct TransactionDeletionTests {
    @Test(
        "a delete takes the rows out of the sums; undo puts them back with their history; only the owner can do either",
        arguments: TestDatabase.all)
    func deleteAndUndo(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let food = try await t.categories(ana).forSource("t:food", name: "Food", now: Timestamp.now())
            let ids = try await t.add(
                ana,
                [
                    spend("Bakery", "-3.50", at: "2026-03-01T08:00:00Z", category: food.id),
                    spend("Cinema", "-12.00", at: "2026-03-01T20:00:00Z"),
                    spend("Salary", "2000.00", at: "2026-03-02T09:00:00Z"),
                ])
            _ = try await t.send(.PATCH, "/api/v1/transactions/\(ids[0])", as: ana, json: #"{"notes": "croissants"}"#)
            let before = try await t.get(TransactionListResponse.self, "/api/v1/transactions", as: ana).totals

            let bob = try await t.person("bob@example.com")
            #expect(try await t.send(.DELETE, "/api/v1/transactions/\(ids[0])", as: bob).status == .notFound)

            let one = try await t.send(.DELETE, "/api/v1/transactions/\(ids[0])", as: ana)
            #expect(one.status == .ok, "\(one.body.string)")
            let first = try JSONDecoder().decode(DeletionDTO.self, from: one.body)
            #expect(first.deleted == 1)
            #expect(try await t.send(.GET, "/api/v1/transactions/\(ids[0])", as: ana).status == .notFound)
            let afterOne = try await t.get(TransactionListResponse.self, "/api/v1/transactions", as: ana)
            #expect(afterOne.totals.map(\.amount) == ["1988.00"] && afterOne.transactions.count == 2)
            let foodOnly = try await t.get(
                TransactionListResponse.self, "/api/v1/transactions?category=\(food.id)", as: ana)
            #expect(foodOnly.totals.isEmpty, "the category's day sum went with it")

            let many = try await t.send(
                .POST, "/api/v1/transactions/bulk-delete", as: ana, json: #"{"ids": [\#(ids[1]), \#(ids[2]), 999999]}"#)
            let second = try JSONDecoder().decode(DeletionDTO.self, from: many.body)
            #expect(second.deleted == 2)
            #expect(try await t.transactions(ana).count() == 0)
            let empty = try await t.send(.POST, "/api/v1/transactions/bulk-delete", as: ana, json: #"{"ids": []}"#)
            #expect(empty.status == .badRequest)

            // Bob cannot undo Ana's delete.
            let stolen = try await t.send(.POST, "/api/v1/deletions/\(first.deletionId)/restore", as: bob)
            #expect(stolen.status == .notFound)
            for deletion in [first.deletionId, second.deletionId] {
                let undone = try await t.send(.POST, "/api/v1/deletions/\(deletion)/restore", as: ana)
                #expect(undone.status == .ok, "\(undone.body.string)")
            }
            let again = try await t.send(.POST, "/api/v1/deletions/\(first.deletionId)/restore", as: ana)
            #expect(again.status == .notFound, "an undo is done once")
            let after = try await t.get(TransactionListResponse.self, "/api/v1/transactions", as: ana)
            #expect(after.totals == before)
            #expect(Set(after.transactions.map(\.id)) == Set(ids), "the same ids come back")
            let history = try await t.get(
                TransactionHistoryResponse.self, "/api/v1/transactions/\(ids[0])/history", as: ana)
            #expect(history.edits.map(\.field) == ["notes"])
            #expect(try await t.transactions(ana).find(ids[0])?.categoryID == food.id)
        }
    }

    @Test(
        "several chosen in the list go together after one confirmation; another's ids and bad lists are refused",
        arguments: TestDatabase.all)
    func deleteSelected(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let ids = try await t.add(
                ana, [spend("One", "-1.00"), spend("Two", "-2.00"), spend("Three", "-3.00")])
            let chosen = "\(ids[0]),\(ids[2])"
            let bob = try await t.person("bob@example.com")
            let stranger = try await Browser.signedIn(t, bob)
            #expect(try await stranger.get("/transactions/delete?ids=\(chosen)").status == .notFound)
            let refused = try await stranger.get("/transactions")
            #expect(refused.status == .ok)
            #expect(try await stranger.post("/transactions/delete", [("ids", chosen)]).status == .notFound)
            #expect(try await t.rowCount("transactions", of: ana) == 3, "nothing of ana's went")

            let browser = try await Browser.signedIn(t, ana)
            let confirm = try await browser.get("/transactions/delete?ids=\(chosen)&back=/transactions?q=o")
            #expect(confirm.status == .ok && confirm.body.string.contains("Delete 2 transactions?"))
            #expect(confirm.body.string.contains("One") && !confirm.body.string.contains(">Two<"))
            for bad in ["", "\(ids[0]),x", "-1"] {
                let answer = try await browser.post("/transactions/delete", [("ids", bad)])
                #expect(answer.status == .badRequest, "ids “\(bad)”")
            }
            #expect(try await t.rowCount("transactions", of: ana) == 3, "a refused list deletes nothing")
            let done = try await browser.post("/transactions/delete", [("ids", chosen), ("back", "/transactions?q=o")])
            let location = done.headers.first(name: .location) ?? ""
            #expect(done.status == .seeOther && location.hasPrefix("/transactions?q=o&deleted="), "\(location)")
            let left = try await t.get(TransactionListResponse.self, "/api/v1/transactions", as: ana)
            #expect(left.transactions.map(\.payee) == ["Two"] && left.totals.map(\.amount) == ["-2.00"])
            // A list to go back to that would split the redirect's header (and set the victim's
            // cookie) or leave the site goes to the plain list instead.
            for bad in [
                "/transactions\nSet-Cookie: billfold_session=stolen", "/transactions\r\nX-Injected: yes",
                "//evil.example/transactions", "https://evil.example", "/settings",
            ] {
                let answer = try await browser.post("/transactions/delete", [("ids", String(ids[1])), ("back", bad)])
                let target = answer.headers.first(name: .location) ?? ""
                #expect(
                    answer.status == .seeOther && target.hasPrefix("/transactions?") && target.contains("deleted=")
                        && !target.contains("\n") && !target.contains("//"), "\(bad) → \(target)")
                #expect(answer.headers.first(name: "X-Injected") == nil && !answer.headers.contains(name: .setCookie))
                let undo = try #require(target.split(separator: "=").last)
                _ = try await t.send(.POST, "/api/v1/deletions/\(undo)/restore", as: ana)
            }
        }
    }

    @Test("an undone delete brings back the review decisions taken on it", arguments: TestDatabase.all)
    func undoKeepsReviewActivity(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let id = try #require(try await t.add(ana, [spend("Kiosk", "-2.00", status: .uncleared)]).first)
            let body = #"{"decisions": [{"transactionId": \#(id), "action": "clear"}]}"#
            let batch = try await t.send(
                .POST, "/api/v1/review/batches", as: ana, json: body, headers: ["Idempotency-Key": "deck-1"])
            #expect(batch.status == .ok, "\(batch.body.string)")
            let before = try await t.get(ActivityResponse.self, "/api/v1/activity", as: ana)
            #expect(before.items.count == 1)
            let deleted = try await t.send(.DELETE, "/api/v1/transactions/\(id)", as: ana)
            let deletion = try JSONDecoder().decode(DeletionDTO.self, from: deleted.body)
            #expect(try await t.get(ActivityResponse.self, "/api/v1/activity", as: ana).items.isEmpty)
            _ = try await t.send(.POST, "/api/v1/deletions/\(deletion.deletionId)/restore", as: ana)
            let after = try await t.get(ActivityResponse.self, "/api/v1/activity", as: ana)
            #expect(after.items.map(\.id) == before.items.map(\.id))
            #expect(after.items.first?.transaction.id == id)
        }
    }
}
