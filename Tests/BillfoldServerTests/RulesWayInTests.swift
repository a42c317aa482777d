import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Foundation
import Testing

@testable import BillfoldServer

/// Rules run on every way a transaction comes in, in the same database transaction, and never
/// change what the person chose.
@Suite("Rules on the way in")
struct RulesWayInTests {
    static func list(_ t: TestApp, _ person: TestApp.Person) async throws -> [TransactionDTO] {
        try await t.get(TransactionListResponse.self, "/api/v1/transactions?limit=500", as: person).transactions
    }

    /// Groceries, a tag "Food run", and the rule "payee or bank text contains rewe → Groceries,
    /// tag, notes".
    static func setUp(_ t: TestApp, _ person: TestApp.Person) async throws -> (
        groceries: Int64, tag: Int64, rule: Int64
    ) {
        let made = try await t.send(.POST, "/api/v1/categories", as: person, json: #"{"name":"Groceries"}"#)
        let groceries = try JSONDecoder().decode(CategoryDTO.self, from: made.body).id
        let tag = try JSONDecoder().decode(
            TagDTO.self, from: try await t.send(.POST, "/api/v1/tags", as: person, json: #"{"name":"Food run"}"#).body
        ).id
        let rule = try await t.send(
            .POST, "/api/v1/rules", as: person,
            json: """
                {"name": "Supermarket",
                 "conditions": [{"field": "bankText", "test": "contains", "value": "rewe"},
                                {"field": "direction", "test": "is", "value": "out"}],
                 "actions": [{"action": "setCategory", "category": \(groceries)},
                             {"action": "addTags", "tags": [\(tag)]},
                             {"action": "appendNotes", "notes": "by rule"}]}
                """)
        #expect(rule.status == .created, "\(rule.body.string)")
        return (groceries, tag, try JSONDecoder().decode(RuleDTO.self, from: rule.body).id)
    }

    @Test(
        "the form's API, /v1 and a bank file: the rule categorises, tags and notes what it matches, and counts it",
        arguments: TestDatabase.all)
    func everyWayIn(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let (groceries, tag, rule) = try await Self.setUp(t, ana)
            let other = try JSONDecoder().decode(
                CategoryDTO.self,
                from: try await t.send(.POST, "/api/v1/categories", as: ana, json: #"{"name":"Gifts"}"#).body
            ).id

            // The native API (the web form posts the same service).
            let native = try await t.send(
                .POST, "/api/v1/transactions", as: ana,
                json: #"{"payee":"REWE Markt","amount":"-12.40","currency":"EUR","bookedAt":"2026-03-01T10:00:00Z"}"#)
            #expect(native.status == .created, "\(native.body.string)")
            let chosen = try await t.send(
                .POST, "/api/v1/transactions", as: ana,
                json: """
                    {"payee":"REWE Markt","amount":"-30.00","currency":"EUR","bookedAt":"2026-03-02T10:00:00Z",
                     "categoryId": \(other)}
                    """)
            #expect(chosen.status == .created, "\(chosen.body.string)")
            // Lunch Money's insert (a positive amount is money out there).
            let v1 = try await t.send(
                .POST, "/v1/transactions", as: ana,
                json: #"{"transactions": [{"date": "2026-03-03", "payee": "Rewe City", "amount": "4.50"}]}"#)
            #expect(v1.status == .ok, "\(v1.body.string)")
            // A bank file, through the bulk path.
            let csv = "Date;Payee;Amount\n2026-03-04;CB REWE 12/03 PARIS;-7,10\n2026-03-05;Bakery;-3,20\n"
            let imported = try await t.send(
                .POST, "/api/v1/imports?account=Giro&currency=EUR", as: ana, json: csv,
                headers: ["Content-Type": "text/csv"])
            #expect(imported.status == .created, "\(imported.body.string)")

            let rows = try await Self.list(t, ana)
            let ruled = rows.filter { $0.categorySource == .rule }
            #expect(Set(ruled.map(\.payee)) == ["REWE Markt", "Rewe City", "Rewe"])
            #expect(ruled.allSatisfy { $0.categoryId == groceries && $0.notes == "by rule" })
            let person = try #require(rows.first { $0.amount == "-30.00" })
            #expect(person.categoryId == other && person.categorySource == .person, "the person's choice stays")
            #expect(person.notes == "by rule", "other actions still run on it")
            let bank = try #require(rows.first { $0.payee == "Rewe" })
            #expect(bank.originalName == "CB REWE 12/03 PARIS", "the bank's text is kept")
            #expect(rows.first { $0.payee == "Bakery" }?.categoryId == nil)
            let tagged = try await TagRepository(database: t.app.db, userID: ana.id).tags(of: rows.map(\.id))
            #expect(Set(tagged.keys) == Set(rows.filter { $0.notes == "by rule" }.map(\.id)))
            #expect(tagged.values.allSatisfy { $0.map(\.id) == [tag] })
            let stored = try #require(try await RuleRepository(database: t.app.db, userID: ana.id).find(rule))
            #expect(stored.matchedCount == 4)
        }
    }

    @Test("a dry run shows what the rules will do and writes nothing", arguments: TestDatabase.all)
    func dryRun(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let (groceries, _, _) = try await Self.setUp(t, ana)
            let csv = "Date;Payee;Amount\n2026-03-04;POS Purchase REWE * 23 Aug;-7,10\n2026-03-05;Bakery;-3,20\n"
            let answer = try await t.send(
                .POST, "/api/v1/imports?account=Giro&currency=EUR&dryRun=true", as: ana, json: csv,
                headers: ["Content-Type": "text/csv"])
            #expect(answer.status == .ok, "\(answer.body.string)")
            let result = try JSONDecoder().decode(ImportResultResponse.self, from: answer.body)
            #expect(result.changedByRules == 1)
            #expect(result.preview.map(\.payee) == ["Rewe", "Bakery"])
            #expect(result.preview.map(\.categoryId) == [groceries, nil])
            #expect(result.preview.first?.originalName == "POS Purchase REWE * 23 Aug")
            #expect(try await Self.list(t, ana).isEmpty)
        }
    }

    @Test(
        "a rule that would fail the write (its tag deleted since) is left out, not the import",
        arguments: TestDatabase.all)
    func goneTag(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let (groceries, tag, _) = try await Self.setUp(t, ana)
            #expect(try await t.send(.DELETE, "/api/v1/tags/\(tag)", as: ana).status == .noContent)
            try await t.add(ana, [spend("REWE", "-1.00")])
            let row = try #require(try await Self.list(t, ana).first)
            #expect(row.categoryId == groceries)
        }
    }

    @Test("deleting a category switches off the rules that set it, and says so", arguments: TestDatabase.all)
    func categoryDeleted(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let (groceries, _, rule) = try await Self.setUp(t, ana)
            let deleted = try await t.send(
                .POST, "/api/v1/categories/bulk-delete", as: ana, json: #"{"ids":[\#(groceries)]}"#)
            #expect(deleted.status == .ok, "\(deleted.body.string)")
            #expect(try JSONDecoder().decode(CategoryDeleteResponse.self, from: deleted.body).rulesSwitchedOff == 1)
            let kept = try await t.get(RuleDTO.self, "/api/v1/rules/\(rule)", as: ana)
            #expect(!kept.enabled && kept.actions.count == 3, "kept, switched off")
            try await t.add(ana, [spend("REWE", "-1.00")])
            #expect(try await Self.list(t, ana).first?.notes == "", "a switched-off rule runs nowhere")
        }
    }

    @Test(
        "/v1: an item's own tags and the rules' both stay; apply_rules false leaves the rules out",
        arguments: TestDatabase.all)
    func lunchMoneyInsert(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let (groceries, tag, _) = try await Self.setUp(t, ana)
            let inserted = try await t.send(
                .POST, "/v1/transactions", as: ana,
                json: """
                    {"transactions": [{"date": "2026-03-03", "payee": "Rewe City", "amount": "4.50", "tags": ["Own"]},
                                      {"date": "2026-03-04", "payee": "Rewe Süd", "amount": "2.00"}],
                     "apply_rules": true}
                    """)
            #expect(inserted.status == .ok, "\(inserted.body.string)")
            let untouched = try await t.send(
                .POST, "/v1/transactions", as: ana,
                json:
                    #"{"transactions": [{"date": "2026-03-05", "payee": "Rewe Nord", "amount": "1.00"}], "apply_rules": false}"#
            )
            #expect(untouched.status == .ok, "\(untouched.body.string)")
            let rows = try await Self.list(t, ana)
            let tagged = try await TagRepository(database: t.app.db, userID: ana.id).tags(of: rows.map(\.id))
            let city = try #require(rows.first { $0.payee == "Rewe City" })
            #expect(Set((tagged[city.id] ?? []).map(\.name)) == ["Own", "Food run"])
            #expect(city.categoryId == groceries)
            #expect(tagged[try #require(rows.first { $0.payee == "Rewe Süd" }).id]?.map(\.id) == [tag])
            let nord = try #require(rows.first { $0.payee == "Rewe Nord" })
            #expect(nord.categoryId == nil && tagged[nord.id] == nil)
        }
    }
}
