import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Foundation
import Testing
import VaporTesting

@testable import BillfoldServer

@Suite("Categories API")
struct CategoryAPITests {
    func create(_ t: TestApp, _ person: TestApp.Person, _ json: String) async throws -> CategoryDTO {
        let response = try await t.send(.POST, "/api/v1/categories", as: person, json: json)
        #expect(response.status == .created, "\(json): \(response.body.string)")
        return try JSONDecoder().decode(CategoryDTO.self, from: response.body)
    }

    func error(_ response: TestingHTTPResponse) throws -> ErrorResponse {
        try JSONDecoder().decode(ErrorResponse.self, from: response.body)
    }

    @Test("create, list with usage, search and sort, get a group with its children", arguments: TestDatabase.all)
    func listing(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let food = try await create(t, ana, #"{"name": "Food", "isGroup": true, "colour": "green"}"#)
            let groceries = try await create(
                t, ana,
                #"{"name": " Groceries ", "groupId": \#(food.id), "icon": "cart", "description": "Weekly shop"}"#)
            let rent = try await create(t, ana, ##"{"name": "Rent", "colour": "#8d6e63", "isIncome": false}"##)
            #expect(groceries.name == "Groceries" && groceries.groupId == food.id && groceries.updatedAt == nil)
            #expect(rent.colour == "#8D6E63")
            try await t.add(
                ana,
                [
                    spend("REWE", "-10.00", category: groceries.id), spend("Aldi", "-2.50", category: groceries.id),
                    spend("Shop", "-3.00", .usd, category: groceries.id),
                    spend("Landlord", "-900.00", category: rent.id),
                ])

            let byName = try await t.get(CategoryListResponse.self, "/api/v1/categories", as: ana).categories
            #expect(byName.map(\.name) == ["Food", "Groceries", "Rent"])
            let listed = byName.first { $0.id == groceries.id }!
            #expect(listed.transactionCount == 3)
            #expect(
                listed.totals == [
                    TotalDTO(currency: "EUR", amount: "-12.50", count: 2),
                    TotalDTO(currency: "USD", amount: "-3.00", count: 1),
                ])
            #expect(byName[0].transactionCount == 3, "a group counts its children's transactions")

            let byUsage = try await t.get(CategoryListResponse.self, "/api/v1/categories?sort=usage", as: ana)
            #expect(byUsage.categories.map(\.name) == ["Food", "Groceries", "Rent"])
            let newest = try await t.get(CategoryListResponse.self, "/api/v1/categories?sort=created", as: ana)
            #expect(newest.categories.map(\.name) == ["Rent", "Groceries", "Food"])
            let found = try await t.get(CategoryListResponse.self, "/api/v1/categories?q=weekly", as: ana)
            #expect(found.categories.map(\.name) == ["Groceries"])
            let badSort = try await t.send(.GET, "/api/v1/categories?sort=colour", as: ana)
            #expect(badSort.status == .badRequest)

            let group = try await t.get(CategoryDTO.self, "/api/v1/categories/\(food.id)", as: ana)
            #expect(group.isGroup && group.children?.map(\.name) == ["Groceries"])
        }
    }

    @Test("validation edges answer 400 with the rule's message, and write nothing", arguments: TestDatabase.all)
    func validation(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            _ = try await create(t, ana, #"{"name": "Books"}"#)
            let cases: [(String, String, String)] = [
                (#"{"name": "B"}"#, "name", "A name needs at least 2 characters."),
                (#"{"name": "   "}"#, "name", "Enter a name."),
                (
                    #"{"name": "\#(String(repeating: "n", count: 101))"}"#, "name",
                    "A name can have at most 100 characters; this one has 101."
                ),
                (#"{"name": "bOOKS"}"#, "name", "A category named “bOOKS” already exists in the top level."),
                (
                    #"{"name": "Music", "description": "\#(String(repeating: "d", count: 201))"}"#, "description",
                    "A description can have at most 200 characters; this one has 201."
                ),
                (
                    ##"{"name": "Music", "colour": "#ABC"}"##, "colour",
                    "Choose a colour from the palette, or write one as #RRGGBB (for example #2E7D32)."
                ),
                (#"{"name": "Music", "icon": "unicorn"}"#, "icon", "Choose an icon from the list."),
            ]
            for (json, field, message) in cases {
                let response = try await t.send(.POST, "/api/v1/categories", as: ana, json: json)
                #expect(response.status == .badRequest, "\(json)")
                let body = try error(response)
                #expect(body.error.code == "validation_failed")
                #expect(body.error.fields == [field: message], "\(json)")
            }
            _ = try await create(t, ana, #"{"name": "\#(String(repeating: "n", count: 100))"}"#)
            _ = try await create(t, ana, #"{"name": "Mu", "description": "\#(String(repeating: "d", count: 200))"}"#)
            let all = try await t.get(CategoryListResponse.self, "/api/v1/categories", as: ana).categories
            #expect(all.count == 3)
        }
    }

    @Test("a group cannot nest; moving into and out of a group", arguments: TestDatabase.all)
    func groups(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let food = try await create(t, ana, #"{"name": "Food", "isGroup": true}"#)
            let home = try await create(t, ana, #"{"name": "Home", "isGroup": true}"#)
            let nested = try await t.send(
                .POST, "/api/v1/categories", as: ana,
                json: #"{"name": "Inner", "isGroup": true, "groupId": \#(food.id)}"#)
            #expect(try error(nested).error.fields == ["groupId": "A group cannot sit inside another group."])
            let moveGroup = try await t.send(
                .PATCH, "/api/v1/categories/\(home.id)", as: ana, json: #"{"groupId": \#(food.id)}"#)
            #expect(moveGroup.status == .badRequest)
            let cafe = try await create(t, ana, #"{"name": "Cafe"}"#)
            let moved = try await t.send(
                .PATCH, "/api/v1/categories/\(cafe.id)", as: ana, json: #"{"groupId": \#(food.id)}"#)
            let inFood = try JSONDecoder().decode(CategoryDTO.self, from: moved.body)
            #expect(inFood.groupId == food.id && inFood.updatedAt != nil)
            let out = try await t.send(.PATCH, "/api/v1/categories/\(cafe.id)", as: ana, json: #"{"groupId": null}"#)
            #expect(try JSONDecoder().decode(CategoryDTO.self, from: out.body).groupId == nil)
            let intoCategory = try await t.send(
                .PATCH, "/api/v1/categories/\(food.id)", as: ana, json: #"{"groupId": \#(cafe.id)}"#)
            #expect(intoCategory.status == .badRequest)
        }
    }

    @Test(
        "deleting a used category moves its transactions, loses none, and keeps the sums right",
        arguments: TestDatabase.all)
    func deleteMoves(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let coffee = try await create(t, ana, #"{"name": "Coffee"}"#)
            let food = try await create(t, ana, #"{"name": "Food"}"#)
            let ids = try await t.add(
                ana,
                (1...5).map { spend("Cafe \($0)", "-3.00", category: coffee.id) }
                    + [spend("Bakery", "-2.00", category: food.id), spend("Kiosk", "-1.00")])

            let refused = try await t.send(.DELETE, "/api/v1/categories/\(coffee.id)", as: ana)
            #expect(refused.status == .conflict)
            #expect(try error(refused).error.code == "category_in_use")
            #expect(try error(refused).error.message.contains("5 transactions"))

            let done = try await t.send(
                .DELETE, "/api/v1/categories/\(coffee.id)", as: ana, json: #"{"reassignTo": \#(food.id)}"#)
            #expect(done.status == .ok, "\(done.body.string)")
            let answer = try JSONDecoder().decode(CategoryDeleteResponse.self, from: done.body)
            #expect(answer.transactionsMoved == 5 && answer.deletedIds == [coffee.id] && answer.reassignedTo == food.id)

            #expect(try await t.transactions(ana).count() == ids.count, "no transaction was deleted")
            let inFood = try await t.get(
                TransactionListResponse.self, "/api/v1/transactions?category=\(food.id)", as: ana)
            #expect(inFood.transactions.count == 6)
            #expect(inFood.totals == [TotalDTO(currency: "EUR", amount: "-17.00", count: 6)])
            let history = try await t.transactions(ana).history(ids[0])
            #expect(history.first?.oldValue == String(coffee.id) && history.first?.newValue == String(food.id))

            let toNone = try await t.send(.DELETE, "/api/v1/categories/\(food.id)?reassignTo=none", as: ana)
            #expect(try JSONDecoder().decode(CategoryDeleteResponse.self, from: toNone.body).transactionsMoved == 6)
            let none = try await t.get(TransactionListResponse.self, "/api/v1/transactions?category=none", as: ana)
            #expect(none.totals == [TotalDTO(currency: "EUR", amount: "-18.00", count: 7)])
            let everything = try await t.get(TransactionListResponse.self, "/api/v1/transactions", as: ana)
            #expect(everything.totals == none.totals)
        }
    }

    @Test("a group's delete needs a choice; bulk delete moves everything once", arguments: TestDatabase.all)
    func groupAndBulkDelete(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let food = try await create(t, ana, #"{"name": "Food", "isGroup": true}"#)
            let groceries = try await create(t, ana, #"{"name": "Groceries", "groupId": \#(food.id)}"#)
            let cafe = try await create(t, ana, #"{"name": "Cafe", "groupId": \#(food.id)}"#)
            let misc = try await create(t, ana, #"{"name": "Misc"}"#)
            try await t.add(
                ana, [spend("REWE", "-10.00", category: groceries.id), spend("Cafe", "-3.00", category: cafe.id)])

            let refused = try await t.send(.DELETE, "/api/v1/categories/\(food.id)", as: ana)
            #expect(try error(refused).error.code == "group_not_empty")
            let kept = try await t.send(
                .DELETE, "/api/v1/categories/\(food.id)", as: ana, json: #"{"keepChildren": true}"#)
            let keptAnswer = try JSONDecoder().decode(CategoryDeleteResponse.self, from: kept.body)
            #expect(
                keptAnswer.movedOutIds.sorted() == [groceries.id, cafe.id].sorted() && keptAnswer.transactionsMoved == 0
            )
            let groceriesNow = try await t.get(CategoryDTO.self, "/api/v1/categories/\(groceries.id)", as: ana)
            #expect(groceriesNow.groupId == nil && groceriesNow.transactionCount == 1)

            let bulk = try await t.send(
                .POST, "/api/v1/categories/bulk-delete", as: ana,
                json: #"{"ids": [\#(groceries.id), \#(cafe.id)], "reassignTo": \#(misc.id)}"#)
            let bulkAnswer = try JSONDecoder().decode(CategoryDeleteResponse.self, from: bulk.body)
            #expect(bulkAnswer.transactionsMoved == 2 && bulkAnswer.deletedIds == [groceries.id, cafe.id])
            let left = try await t.get(CategoryListResponse.self, "/api/v1/categories", as: ana).categories
            #expect(left.map(\.name) == ["Misc"] && left[0].transactionCount == 2)
            #expect(try await t.transactions(ana).count() == 2)
        }
    }

    @Test("another user's category answers like a missing one, through both APIs", arguments: TestDatabase.all)
    func isolation(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let bob = try await t.person("bob@example.com")
            let secret = try await create(t, ana, #"{"name": "Secret", "description": "ana only"}"#)
            let missing = secret.id + 1000
            for id in [secret.id, missing] {
                let get = try await t.send(.GET, "/api/v1/categories/\(id)", as: bob)
                #expect(get.status == .notFound)
                #expect(
                    get.body.string == #"{"error":{"code":"not_found","message":"No category with that id exists."}}"#)
                let patch = try await t.send(.PATCH, "/api/v1/categories/\(id)", as: bob, json: #"{"name": "Mine"}"#)
                #expect(patch.status == .notFound && patch.body.string == get.body.string)
                let delete = try await t.send(.DELETE, "/api/v1/categories/\(id)?reassignTo=none", as: bob)
                #expect(delete.status == .notFound && delete.body.string == get.body.string)
                let bulk = try await t.send(
                    .POST, "/api/v1/categories/bulk-delete", as: bob, json: #"{"ids": [\#(id)]}"#)
                #expect(bulk.status == .notFound)
                let contract = try await t.send(.DELETE, "/api/categories/\(id)", as: bob)
                #expect(contract.status == .notFound)
                #expect(
                    contract.body.string
                        == #"{"data":null,"message":"No category with that id exists.","success":false}"#)
                for path in ["/categories/\(id)/edit", "/categories/\(id)/delete"] {
                    #expect(try await t.send(.GET, path, as: bob).status == .notFound, "\(path)")
                }
                let confirmed = try await t.send(
                    .POST, "/categories/\(id)/edit", as: bob, json: "name=Mine",
                    headers: ["Content-Type": "application/x-www-form-urlencoded"])
                #expect(confirmed.status == .notFound)
                let deleteForm = try await t.send(
                    .POST, "/categories/bulk-delete", as: bob, json: "ids[]=\(id)&confirm=1&reassignTo=none",
                    headers: ["Content-Type": "application/x-www-form-urlencoded"])
                #expect(deleteForm.status == .notFound)
            }
            let bobs = try await create(t, bob, #"{"name": "Bob's"}"#)
            let intoAnas = try await t.send(
                .PATCH, "/api/v1/categories/\(bobs.id)", as: bob, json: #"{"groupId": \#(secret.id)}"#)
            #expect(intoAnas.status == .badRequest)
            let reassignToAnas = try await t.send(
                .DELETE, "/api/v1/categories/\(bobs.id)", as: bob, json: #"{"reassignTo": \#(secret.id)}"#)
            #expect(reassignToAnas.status == .badRequest)
            let list = try await t.send(.GET, "/api/v1/categories", as: bob)
            let contractList = try await t.send(.GET, "/api/categories", as: bob)
            #expect(!list.body.string.contains("Secret") && !contractList.body.string.contains("Secret"))
            #expect(try await t.categories(ana).find(secret.id)?.name == "Secret")
        }
    }

    @Test("the form offers leaving a category out of budgets, and keeps the flag an import set")
    func noBudgetsYet() async throws {
        try await TestApp.run(.sqlite) { t in
            let ana = try await t.person("ana@example.com")
            let made = try await t.send(
                .POST, "/api/v1/categories", as: ana, json: #"{"name":"Rent","excludeFromBudget":true}"#)
            let rent = try JSONDecoder().decode(CategoryDTO.self, from: made.body)
            let browser = try await Browser.signedIn(t, ana)
            let empty = try await browser.get("/categories/new").body.string
            #expect(empty.contains("Leave out of budgets") && !empty.contains(#"value="on" checked"#))
            let form = try await browser.get("/categories/\(rent.id)/edit").body.string
            #expect(form.contains(#"name="excludeFromBudget" value="on" checked"#))
            let saved = try await browser.post(
                "/categories/\(rent.id)/edit",
                [
                    ("name", "Rent & service"), ("description", ""), ("colour", ""), ("icon", ""),
                    ("excludeFromBudget", "on"),
                ])
            #expect(saved.status == .seeOther, "\(saved.body.string)")
            let after = try await t.get(CategoryDTO.self, "/api/v1/categories/\(rent.id)", as: ana)
            #expect(after.name == "Rent & service" && after.excludeFromBudget)
        }
    }
}
