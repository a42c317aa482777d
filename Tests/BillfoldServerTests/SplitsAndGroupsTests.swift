import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Foundation
import Testing
import VaporTesting

@Suite("Splits, groups and tags count every real amount once")
struct SplitsAndGroupsTests {
    /// The totals of the whole list, as the native API gives them.
    static func totals(_ t: TestApp, _ person: TestApp.Person, _ query: String = "") async throws -> [TotalDTO] {
        try await t.get(TransactionListResponse.self, "/api/v1/transactions?limit=500&\(query)", as: person).totals
    }

    @Test(
        "the web list folds a group's members under its row, unless the filter leaves the row out",
        arguments: TestDatabase.all)
    func folding(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let food = try await t.categories(ana).forSource("t:f", name: "Food", now: Timestamp.now())
            let ids = try await t.add(
                ana,
                [
                    spend("Cafe", "-4.50", at: "2026-03-02T10:00:00Z", category: food.id),
                    spend("Bakery", "-3.20", at: "2026-03-03T10:00:00Z"),
                ])
            let made = try await t.send(
                .POST, "/api/v1/transaction-groups", as: ana,
                json: #"{"transactionIds": [\#(ids[0]), \#(ids[1])], "payee": "Breakfasts"}"#)
            #expect(made.status == .created, "\(made.body.string)")
            let group = try JSONDecoder().decode(TransactionDTO.self, from: made.body).id
            var query = TransactionQuery.everything
            query.foldingGroups = true
            let folded = try await t.transactions(ana).page(query, after: nil, limit: 10).transactions
            #expect(folded.map(\.id) == [group], "the members are under the group's row")
            // Filtered to Food, the group's row (no category) is not listed: its Food member is.
            query.categoryIDs = [food.id]
            let filtered = try await t.transactions(ana).page(query, after: nil, limit: 10).transactions
            #expect(filtered.map(\.id) == [ids[0]])
            // The group's row in another category of the filter (as a category group's children
            // are): the whole filter lets the row through, so its member stays under it.
            let drinks = try await t.categories(ana).forSource("t:d", name: "Drinks", now: Timestamp.now())
            let moved = try await t.send(
                .PATCH, "/api/v1/transactions/\(group)", as: ana, json: #"{"categoryId": \#(drinks.id)}"#)
            #expect(moved.status == .ok, "\(moved.body.string)")
            query.categoryIDs = [food.id, drinks.id]
            let both = try await t.transactions(ana).page(query, after: nil, limit: 10).transactions
            #expect(both.map(\.id) == [group])
            let totals = try await Self.totals(t, ana)
            #expect(totals == [TotalDTO(currency: "EUR", amount: "-7.70", count: 2)])
        }
    }

    @Test(
        "split, group, delete, undo and unsplit keep the totals equal to the real amounts", arguments: TestDatabase.all)
    func totalsStay(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let rent = try await t.categories(ana).forSource("t:r", name: "Rent", now: Timestamp.now())
            let ids = try await t.add(
                ana,
                [
                    spend("Market", "-30.00", at: "2026-03-01T10:00:00Z"),
                    spend("Cafe", "-4.50", at: "2026-03-02T10:00:00Z"),
                    spend("Bakery", "-3.20", at: "2026-03-03T10:00:00Z"),
                    spend("Salary", "1000.00", at: "2026-03-04T10:00:00Z"),
                ])
            let before = try await Self.totals(t, ana)
            #expect(before == [TotalDTO(currency: "EUR", amount: "962.30", count: 4)])

            let split = try await t.send(
                .POST, "/api/v1/transactions/\(ids[0])/split", as: ana,
                json:
                    #"{"parts": [{"amount": "-20.00", "categoryId": \#(rent.id)}, {"amount": "-10.00", "payee": "Snacks"}]}"#
            )
            #expect(split.status == .created, "\(split.body.string)")
            let answer = try JSONDecoder().decode(SplitResponse.self, from: split.body)
            #expect(answer.parent.kind == "split" && answer.parts.map(\.parentId) == [ids[0], ids[0]])
            #expect(answer.parts.map(\.payee) == ["Market", "Snacks"])
            // The parent is listed but not counted: same money, one more row to see.
            #expect(try await Self.totals(t, ana) == [TotalDTO(currency: "EUR", amount: "962.30", count: 5)])
            #expect(
                try await Self.totals(t, ana, "category=\(rent.id)") == [
                    TotalDTO(currency: "EUR", amount: "-20.00", count: 1)
                ])
            let badSplit = try await t.send(
                .POST, "/api/v1/transactions/\(ids[1])/split", as: ana,
                json: #"{"parts": [{"amount": "-1.00"}, {"amount": "-1.00"}]}"#)
            #expect(
                badSplit.status == .badRequest && badSplit.body.string.contains("add up to -2.00 EUR, not -4.50 EUR"))
            let tied = try await t.send(
                .PATCH, "/api/v1/transactions/\(answer.parts[0].id)", as: ana, json: #"{"amount": "-25.00"}"#)
            #expect(tied.status == .badRequest, "a part's amount is tied to its split")

            let grouped = try await t.send(
                .POST, "/api/v1/transaction-groups", as: ana,
                json: #"{"transactionIds": [\#(ids[1]), \#(ids[2])], "payee": "Breakfasts"}"#)
            #expect(grouped.status == .created, "\(grouped.body.string)")
            let group = try JSONDecoder().decode(TransactionDTO.self, from: grouped.body)
            #expect(group.kind == "group" && group.amount == "-7.70")
            #expect(try await Self.totals(t, ana) == [TotalDTO(currency: "EUR", amount: "962.30", count: 5)])
            let members = try await t.get(TransactionsDTO.self, "/api/v1/transactions/\(group.id)/children", as: ana)
            #expect(members.transactions.map(\.id) == [ids[1], ids[2]])

            // Deleting a part deletes the whole split; undo brings all of it back.
            let deleted = try await t.send(.DELETE, "/api/v1/transactions/\(answer.parts[1].id)", as: ana)
            let deletion = try JSONDecoder().decode(DeletionDTO.self, from: deleted.body)
            #expect(deletion.deleted == 3)
            #expect(try await Self.totals(t, ana) == [TotalDTO(currency: "EUR", amount: "992.30", count: 3)])
            _ = try await t.send(.POST, "/api/v1/deletions/\(deletion.deletionId)/restore", as: ana)
            #expect(try await Self.totals(t, ana) == [TotalDTO(currency: "EUR", amount: "962.30", count: 5)])

            // Deleting a group's row leaves its members, counted as before.
            _ = try await t.send(.DELETE, "/api/v1/transactions/\(group.id)", as: ana)
            let cafe = try await t.get(TransactionDTO.self, "/api/v1/transactions/\(ids[1])", as: ana)
            #expect(cafe.groupId == nil)
            let unsplit = try await t.send(.DELETE, "/api/v1/transactions/\(ids[0])/split", as: ana)
            #expect(unsplit.status == .ok && unsplit.body.string.contains(#""kind":null"#))
            #expect(try await Self.totals(t, ana) == before)
        }
    }

    @Test(
        "tags: made, given, filtered by, renamed and deleted; another person's are out of reach",
        arguments: TestDatabase.all)
    func tags(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let bob = try await t.person("bob@example.com")
            let ids = try await t.add(
                ana, [spend("Hotel", "-300.00"), spend("Train", "-80.00"), spend("Shop", "-5.00")])
            let made = try await t.send(.POST, "/api/v1/tags", as: ana, json: #"{"name": "Holiday 2026"}"#)
            #expect(made.status == .created)
            let holiday = try JSONDecoder().decode(TagDTO.self, from: made.body)
            let again = try await t.send(.POST, "/api/v1/tags", as: ana, json: #"{"name": "holiday 2026"}"#)
            #expect(again.status == .conflict)
            for id in ids.prefix(2) {
                let set = try await t.send(
                    .PUT, "/api/v1/transactions/\(id)/tags", as: ana, json: #"{"tagIds": [\#(holiday.id)]}"#)
                #expect(set.status == .ok)
            }
            #expect(
                try await Self.totals(t, ana, "tag=\(holiday.id)") == [
                    TotalDTO(currency: "EUR", amount: "-380.00", count: 2)
                ])
            // Bob can neither use Ana's tag nor see what carries it.
            let bobs = try await t.add(bob, [spend("Kiosk", "-1.00")])
            let foreign = try await t.send(
                .PUT, "/api/v1/transactions/\(bobs[0])/tags", as: bob, json: #"{"tagIds": [\#(holiday.id)]}"#)
            #expect(foreign.status == .badRequest)
            #expect(try await Self.totals(t, bob, "tag=\(holiday.id)") == [])
            #expect(try await t.send(.DELETE, "/api/v1/tags/\(holiday.id)", as: bob).status == .notFound)
            let renamed = try await t.send(.PATCH, "/api/v1/tags/\(holiday.id)", as: ana, json: #"{"name": "Trip"}"#)
            #expect(renamed.status == .ok && renamed.body.string.contains("Trip"))
            #expect(try await t.send(.DELETE, "/api/v1/tags/\(holiday.id)", as: ana).status == .noContent)
            let hotel = try await t.get(TagsDTO.self, "/api/v1/transactions/\(ids[0])/tags", as: ana)
            #expect(hotel.tags.isEmpty)
            #expect(try await Self.totals(t, ana).first?.count == 3, "deleting a tag keeps its transactions")
        }
    }
}
