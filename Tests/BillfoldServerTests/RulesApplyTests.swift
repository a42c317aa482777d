import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Foundation
import Testing

@testable import BillfoldServer

/// Rules applied to the transactions already there: a preview that says what moves, one run in
/// one database transaction, and one undo that leaves alone what the person changed since.
@Suite("Applying rules to existing transactions")
struct RulesApplyTests {
    /// The transactions of `ids`, in that order.
    static func rows(_ t: TestApp, _ person: TestApp.Person, _ ids: [Int64]) async throws -> [Transaction] {
        let found = try await t.transactions(person).find(ids)
        return ids.compactMap { id in found.first { $0.id == id } }
    }

    @Test("preview, apply, undo; the person's category is never changed", arguments: TestDatabase.all)
    func previewApplyUndo(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let made = try await t.send(.POST, "/api/v1/categories", as: ana, json: #"{"name":"Groceries"}"#)
            let groceries = try JSONDecoder().decode(CategoryDTO.self, from: made.body).id
            let gifts = try JSONDecoder().decode(
                CategoryDTO.self,
                from: try await t.send(.POST, "/api/v1/categories", as: ana, json: #"{"name":"Gifts"}"#).body
            ).id
            // Before any rule: three REWE rows (one the person put in Gifts), one bakery.
            let ids = try await t.add(
                ana,
                [
                    spend("REWE Markt", "-10.00", status: .uncleared), spend("REWE City", "-5.50", status: .uncleared),
                    spend("REWE Markt", "-20.00", category: gifts), spend("Bakery", "-3.00"),
                ])
            let rule = """
                {"conditions": [{"field": "payee", "test": "startsWith", "value": "rewe"}],
                 "actions": [{"action": "setCategory", "category": \(groceries)}, {"action": "markCleared"},
                             {"action": "renamePayee", "payee": "REWE"}]}
                """
            // Tested before it is saved: nothing is written.
            let tested = try await t.send(.POST, "/api/v1/rules/preview", as: ana, json: #"{"rule": \#(rule)}"#)
            #expect(tested.status == .ok, "\(tested.body.string)")
            let preview = try JSONDecoder().decode(RulePreviewResponse.self, from: tested.body)
            #expect(preview.changed == 3)
            #expect(
                preview.moves.contains(
                    RuleMoveDTO(
                        fromCategoryId: nil, toCategoryId: groceries, currency: "EUR", amount: "-15.50", count: 2)))
            #expect(preview.moves.count == 1, "the person's Gifts row does not move")
            #expect(try await t.get(RuleListResponse.self, "/api/v1/rules", as: ana).rules.isEmpty)

            let saved = try await t.send(.POST, "/api/v1/rules", as: ana, json: rule)
            let ruleID = try JSONDecoder().decode(RuleDTO.self, from: saved.body).id
            let applied = try await t.send(.POST, "/api/v1/rules/apply", as: ana, json: "{}")
            #expect(applied.status == .ok, "\(applied.body.string)")
            let run = try JSONDecoder().decode(RuleApplyResponse.self, from: applied.body)
            #expect(run.changed == 3)
            let after = try await Self.rows(t, ana, ids)
            #expect(after.map(\.payee) == ["REWE", "REWE", "REWE", "Bakery"])
            #expect(after.map(\.categoryID) == [groceries, groceries, gifts, nil])
            #expect(after[0].categorySource == .rule && after[2].categorySource == .person)
            #expect(after[0].status == .cleared)
            #expect(try await RuleRepository(database: t.app.db, userID: ana.id).find(ruleID)?.matchedCount == 3)
            // Applied twice: nothing more to change.
            let again = try JSONDecoder().decode(
                RuleApplyResponse.self, from: try await t.send(.POST, "/api/v1/rules/apply", as: ana, json: "{}").body)
            #expect(again.changed == 0 && again.runId == nil)

            // The person changes one row's category after the run: undo leaves that field alone.
            _ = try await t.editor(ana).apply(ids[1], TransactionChange(categoryID: .some(gifts)), from: .detailPage)
            let undo = try await t.send(.POST, "/api/v1/rule-runs/\(try #require(run.runId))/undo", as: ana)
            #expect(undo.status == .ok, "\(undo.body.string)")
            #expect(try JSONDecoder().decode(RuleUndoResponse.self, from: undo.body).undone == 3)
            let back = try await Self.rows(t, ana, ids)
            #expect(back.map(\.payee) == ["REWE Markt", "REWE City", "REWE Markt", "Bakery"])
            #expect(back.map(\.categoryID) == [nil, gifts, gifts, nil])
            #expect(back[0].status == .uncleared && back[2].status == .cleared)
            let twice = try await t.send(.POST, "/api/v1/rule-runs/\(run.runId!)/undo", as: ana)
            #expect(twice.status == .conflict)
            // Every change has its history line.
            let history = try await t.transactions(ana).history(ids[0])
            #expect(history.contains { $0.field == .payee && $0.newValue == "REWE" })
        }
    }

    @Test("rules are kept in order, exported and imported by name, and checked", arguments: TestDatabase.all)
    func crudAndFiles(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let bo = try await t.person("bo@example.com")
            let made = try await t.send(.POST, "/api/v1/categories", as: ana, json: #"{"name":"Groceries"}"#)
            let groceries = try JSONDecoder().decode(CategoryDTO.self, from: made.body).id
            func add(_ value: String, as person: TestApp.Person = ana, category: Int64) async throws -> RuleDTO {
                let answer = try await t.send(
                    .POST, "/api/v1/rules", as: person,
                    json: """
                        {"conditions": [{"field": "payee", "test": "contains", "value": "\(value)"}],
                         "actions": [{"action": "setCategory", "category": \(category)}]}
                        """)
                #expect(answer.status == .created, "\(answer.body.string)")
                return try JSONDecoder().decode(RuleDTO.self, from: answer.body)
            }
            let first = try await add("rewe", category: groceries)
            let second = try await add("aldi", category: groceries)
            let ordered = try await t.send(
                .POST, "/api/v1/rules/order", as: ana, json: #"{"ids": [\#(second.id), \#(first.id)]}"#)
            #expect(
                try JSONDecoder().decode(RuleListResponse.self, from: ordered.body).rules.map(\.id) == [
                    second.id, first.id,
                ])

            // Another person's category, a bad pattern, no condition: refused with the field.
            let bosCategory = try JSONDecoder().decode(
                CategoryDTO.self,
                from: try await t.send(.POST, "/api/v1/categories", as: bo, json: #"{"name":"Mine"}"#).body
            ).id
            let foreign = try await t.send(
                .POST, "/api/v1/rules", as: ana,
                json:
                    #"{"conditions": [{"field": "payee", "test": "is", "value": "x"}], "actions": [{"action": "setCategory", "category": \#(bosCategory)}]}"#
            )
            #expect(foreign.status == .badRequest && foreign.body.string.contains("actions"), "\(foreign.body.string)")
            let wild = try await t.send(
                .POST, "/api/v1/rules", as: ana,
                json:
                    #"{"conditions": [{"field": "payee", "test": "matches", "value": "*"}], "actions": [{"action": "markCleared"}]}"#
            )
            #expect(wild.status == .badRequest, "\(wild.body.string)")
            let none = try await t.send(
                .POST, "/api/v1/rules", as: ana, json: #"{"conditions": [], "actions": [{"action": "markCleared"}]}"#)
            #expect(none.status == .badRequest && none.body.string.contains("conditions"), "\(none.body.string)")

            // Exported, then imported by bo, whose Groceries has another id.
            let file = try await t.get(RulesFile.self, "/api/v1/rules/export", as: ana)
            #expect(file.rules.count == 2 && file.categories[String(groceries)] == "Groceries")
            let body = String(decoding: try JSONEncoder().encode(file), as: UTF8.self)
            let missing = try await t.send(.POST, "/api/v1/rules/import", as: bo, json: body)
            #expect(
                missing.status == .badRequest && missing.body.string.contains("Groceries"), "\(missing.body.string)")
            #expect(try await t.get(RuleListResponse.self, "/api/v1/rules", as: bo).rules.isEmpty, "nothing half done")
            let bosGroceries = try JSONDecoder().decode(
                CategoryDTO.self,
                from: try await t.send(.POST, "/api/v1/categories", as: bo, json: #"{"name":"groceries"}"#).body
            ).id
            let imported = try await t.send(.POST, "/api/v1/rules/import", as: bo, json: body)
            #expect(imported.status == .created, "\(imported.body.string)")
            let bos = try await t.get(RuleListResponse.self, "/api/v1/rules", as: bo).rules
            #expect(bos.map { $0.actions } == [[.setCategory(bosGroceries)], [.setCategory(bosGroceries)]])
            #expect(bos.map { $0.conditions } == file.rules.map(\.conditions))

            #expect(try await t.send(.DELETE, "/api/v1/rules/\(first.id)", as: bo).status == .notFound)
            #expect(try await t.send(.DELETE, "/api/v1/rules/\(first.id)", as: ana).status == .noContent)
            #expect(try await t.get(RuleListResponse.self, "/api/v1/rules", as: ana).rules.map(\.id) == [second.id])
        }
    }

    @Test(
        "nothing counted that does not change; undo leaves a deleted category alone; a rule that would not read back is refused",
        arguments: TestDatabase.all)
    func edges(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            func category(_ name: String) async throws -> Int64 {
                let made = try await t.send(.POST, "/api/v1/categories", as: ana, json: #"{"name":"\#(name)"}"#)
                return try JSONDecoder().decode(CategoryDTO.self, from: made.body).id
            }
            let groceries = try await category("Groceries")
            let old = try await category("Old")
            // ALDI came with its category from a bank file: a rule may change it when it says so.
            var aldi = spend("ALDI", "-2.00", category: old)
            aldi.categorySource = .importFile
            let ids = try await t.add(ana, [spend("REWE", "-1.00", category: groceries), aldi])
            // Already in Groceries: a rule putting it there (even over its source) changes nothing.
            let same = """
                {"rule": {"overridesSource": true,
                  "conditions": [{"field": "payee", "test": "is", "value": "rewe"}],
                  "actions": [{"action": "setCategory", "category": \(groceries)}]}}
                """
            let preview = try await t.send(.POST, "/api/v1/rules/preview", as: ana, json: same)
            #expect(try JSONDecoder().decode(RulePreviewResponse.self, from: preview.body).changed == 0)

            // A run moves ALDI out of Old.
            let rule = """
                {"overridesSource": true, "conditions": [{"field": "payee", "test": "is", "value": "aldi"}],
                 "actions": [{"action": "setCategory", "category": \(groceries)}]}
                """
            #expect(try await t.send(.POST, "/api/v1/rules", as: ana, json: rule).status == .created)
            let run = try JSONDecoder().decode(
                RuleApplyResponse.self, from: try await t.send(.POST, "/api/v1/rules/apply", as: ana, json: "{}").body)
            #expect(run.changed == 1)
            // Old is deleted since: undo cannot put ALDI back there, and says nothing went wrong.
            let deleted = try await t.send(.DELETE, "/api/v1/categories/\(old)", as: ana)
            #expect(deleted.status == .ok || deleted.status == .noContent, "\(deleted.body.string)")
            let undo = try await t.send(.POST, "/api/v1/rule-runs/\(try #require(run.runId))/undo", as: ana)
            #expect(undo.status == .ok, "\(undo.body.string)")
            #expect(try await Self.rows(t, ana, [ids[1]]).first?.categoryID == groceries)

            // 21 tags: more than a stored rule may hold, refused on the way in (the form's way too).
            var tags: [Int64] = []
            for n in 0..<21 {
                let tag = try await t.send(.POST, "/api/v1/tags", as: ana, json: #"{"name":"t\#(n)"}"#)
                tags.append(try JSONDecoder().decode(TagDTO.self, from: tag.body).id)
            }
            var form = RuleForm(["value0": "rewe"])
            for tag in tags { form.values["tag\(tag)"] = "on" }
            await #expect(throws: BillfoldError.self) {
                _ = try await RuleService(database: t.app.db, user: ana.user, clock: t.app.wallClock).create(
                    try form.rule())
            }
            #expect(try await t.get(RuleListResponse.self, "/api/v1/rules", as: ana).rules.count == 1)
            try await t.add(ana, [spend("REWE", "-3.00")])
            #expect(try await t.transactions(ana).count() == 3, "writes go on")
        }
    }
}
