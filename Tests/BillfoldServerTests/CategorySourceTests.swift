import BillfoldAPI
import BillfoldCore
import Foundation
import SQLKit
import Testing

@testable import BillfoldServer
@testable import BillfoldStore

/// How each transaction got its category is kept on every way in and every change, shown by the
/// API and the history, and survives an undo; rules and suggestions build on it.
@Suite("Who set a transaction's category")
struct CategorySourceTests {
    static func list(_ t: TestApp, _ person: TestApp.Person) async throws -> [TransactionDTO] {
        try await t.get(TransactionListResponse.self, "/api/v1/transactions?limit=500", as: person).transactions
    }

    static func sources(_ t: TestApp, _ person: TestApp.Person) async throws -> [Int64: CategorySource?] {
        Dictionary(uniqueKeysWithValues: try await list(t, person).map { ($0.id, $0.categorySource) })
    }

    @Test("every way in and every change records who set the category", arguments: TestDatabase.all)
    func everyWay(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let food = try await t.categories(ana).create(CategoryDraft(name: "Food"), now: Timestamp.now())
            let cafe = try await t.categories(ana).create(CategoryDraft(name: "Cafe"), now: Timestamp.now())

            // By hand, through the API: the person's.
            let made = try await t.send(
                .POST, "/api/v1/transactions", as: ana,
                json: """
                    {"bookedAt": "2026-03-02T10:00:00+01:00", "payee": "Bakery", "amount": "-3.20",
                     "currency": "EUR", "categoryId": \(food.id)}
                    """)
            let bakery = try JSONDecoder().decode(TransactionDTO.self, from: made.body)
            #expect(bakery.categorySource == .person)
            let plain = try JSONDecoder().decode(
                TransactionDTO.self,
                from: try await t.send(
                    .POST, "/api/v1/transactions", as: ana,
                    json: #"{"bookedAt": "2026-03-03T10:00:00Z", "payee": "Kiosk", "amount": "-1", "currency": "EUR"}"#
                ).body)
            #expect(plain.categoryId == nil && plain.categorySource == nil)
            #expect(made.body.string.contains(#""categorySource":"person""#), "the list's own JSON writer says it too")

            // A PAYBACK file states its categories; a Lunch Money export its own.
            _ = try await PaybackImport(database: t.app.db, user: ana.user, clock: t.app.wallClock).run(
                try Data(contentsOf: PaybackTests.file))
            _ = try await LunchMoneyImport(database: t.app.db, user: ana.user, clock: t.app.wallClock).run(
                transactions: LunchMoneyOutboxTests.rows, categories: nil)
            let all = try await Self.list(t, ana)
            let payback = try #require(all.first { $0.categoryId != nil && $0.currency == "PBP" })
            #expect(payback.categorySource == .importFile)
            let lunch = try #require(
                all.first { $0.externalId?.hasPrefix("lunchmoney:") == true && $0.categoryId != nil })
            #expect(lunch.categorySource == .lunchMoney)
            for row in all {
                #expect((row.categoryId == nil) == (row.categorySource == nil), "\(row.payee)")
            }

            // The person recategorises the PAYBACK row: theirs now, and the history says from what.
            let patched = try await t.send(
                .PATCH, "/api/v1/transactions/\(payback.id)", as: ana, json: #"{"categoryId": \#(cafe.id)}"#)
            #expect(try JSONDecoder().decode(TransactionDTO.self, from: patched.body).categorySource == .person)
            let history = try await t.transactions(ana).history(payback.id)
            let line = try #require(history.first { $0.field == .categorySource })
            #expect(line.oldValue == "import" && line.newValue == "person")
            #expect(history.contains { $0.field == .category && $0.newValue == String(cafe.id) })
            // The detail page says who set it, and the history how that changed.
            let page = try await t.send(.GET, "/transactions/\(payback.id)", as: ana).body.string
            #expect(page.contains("Categorised by: the imported file → you"), "the history line")
            #expect(page.contains("<dt>Categorised by</dt>"), "the fact beside the category")

            // A change of anything else leaves who set the category alone.
            _ = try await t.send(.PATCH, "/api/v1/transactions/\(lunch.id)", as: ana, json: #"{"notes": "lunch"}"#)
            #expect(try await Self.sources(t, ana)[lunch.id] == .lunchMoney)

            // A rule (the next issue's) says so through the one way changes come in.
            var byRule = TransactionChange(categoryID: .some(food.id))
            byRule.categorySource = .rule
            let ruled = try #require(try await t.editor(ana).apply(plain.id, byRule, from: .rule))
            #expect(ruled.categorySource == .rule)
            #expect(try await Self.sources(t, ana)[plain.id] == .rule)

            // Deleted and undone: it comes back as it was.
            let deletion = try await t.transactions(ana).delete([plain.id], now: Timestamp.now())
            _ = try await t.transactions(ana).restore(try #require(deletion).deletion, now: Timestamp.now())
            #expect(try await Self.sources(t, ana)[plain.id] == .rule)

            // Deleting Food into Cafe: the person chose where its rows go. Then Cafe into nothing.
            #expect(
                try await t.send(.DELETE, "/api/v1/categories/\(food.id)?reassignTo=\(cafe.id)", as: ana).status == .ok)
            let moved = try await Self.sources(t, ana)
            #expect(moved[plain.id] == .person && moved[bakery.id] == .person)
            #expect(
                try await t.transactions(ana).history(plain.id).contains {
                    $0.field == .categorySource && $0.oldValue == "rule" && $0.newValue == "person"
                })
            #expect(try await t.send(.DELETE, "/api/v1/categories/\(cafe.id)?reassignTo=none", as: ana).status == .ok)
            let emptied = try await Self.sources(t, ana)
            #expect(emptied[plain.id] == .some(nil) && emptied[payback.id] == .some(nil))
            #expect(try await LedgerInvariant(sql: t.app.db.sql).differences().isEmpty)
        }
    }

    @Test("rows from before are given who most likely set their category", arguments: TestDatabase.all)
    func backfill(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            _ = try await PaybackImport(database: t.app.db, user: ana.user, clock: t.app.wallClock).run(
                try Data(contentsOf: PaybackTests.file))
            _ = try await LunchMoneyImport(database: t.app.db, user: ana.user, clock: t.app.wallClock).run(
                transactions: LunchMoneyOutboxTests.rows, categories: nil)
            let food = try await t.categories(ana).create(CategoryDraft(name: "Food"), now: Timestamp.now())
            let account = try await t.transactions(ana).find(try await Self.list(t, ana)[0].id)!.accountID
            let byHand = try await t.transactions(ana).create(
                NewTransaction(
                    bookedAt: BookingTime(epochSeconds: 1_770_000_000, offsetSeconds: 0), payee: "Bakery",
                    money: Money(minorUnits: -320, currency: .eur), categoryID: food.id),
                accountID: account, now: Timestamp.now())
            let all = try await Self.list(t, ana)
            let lunch = try #require(
                all.first { $0.externalId?.hasPrefix("lunchmoney:") == true && $0.categoryId != nil })
            // The person changed one Lunch Money row's category: theirs.
            _ = try await t.editor(ana).apply(
                lunch.id, TransactionChange(categoryID: .some(food.id)), from: .detailPage)
            let sql = t.app.db.sql
            try await sql.raw("UPDATE transactions SET category_source = NULL").run()
            try await sql.raw(SQLQueryString(M032AddCategorySource.backfill)).run()
            let after = try await Self.sources(t, ana)
            #expect(after[byHand.id] == .person && after[lunch.id] == .person)
            for row in all where row.categoryId != nil && row.id != lunch.id && row.id != byHand.id {
                #expect(after[row.id] == (row.currency == "PBP" ? .importFile : .lunchMoney), "\(row.payee)")
            }
            for row in all where row.categoryId == nil { #expect(after[row.id] == .some(nil)) }
        }
    }

    @Test(
        "split parts keep who set the parent's category; /v1 rows with their own ids are imported",
        arguments: TestDatabase.all)
    func splitsAndApps(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let food = try await t.categories(ana).create(CategoryDraft(name: "Food"), now: Timestamp.now())
            _ = try await PaybackImport(database: t.app.db, user: ana.user, clock: t.app.wallClock).run(
                try Data(contentsOf: PaybackTests.file))
            let payback = try #require(try await Self.list(t, ana).first { $0.categoryId != nil })
            let split = try await t.send(
                .POST, "/api/v1/transactions/\(payback.id)/split", as: ana,
                json: """
                    {"parts": [{"amount": "\(Decimal(string: payback.amount)! - 1)"},
                               {"amount": "1", "categoryId": \(food.id)}]}
                    """)
            #expect(split.status == .created, "\(split.body.string)")
            let parts = try await Self.list(t, ana).filter { $0.parentId == payback.id }
            #expect(parts.count == 2)
            #expect(parts.first { $0.categoryId == payback.categoryId }?.categorySource == .importFile)
            #expect(parts.first { $0.categoryId == food.id }?.categorySource == .person)

            let inserted = try await t.send(
                .POST, "/v1/transactions", as: ana,
                json: """
                    {"transactions": [
                      {"date": "2026-03-02", "payee": "Shop", "amount": "4.50", "category_id": \(food.id),
                       "external_id": "bank-1"},
                      {"date": "2026-03-02", "payee": "Cafe", "amount": "2.50", "category_id": \(food.id)}]}
                    """)
            #expect(inserted.status == .ok, "\(inserted.body.string)")
            let rows = try await Self.list(t, ana)
            #expect(rows.first { $0.payee == "Shop" }?.categorySource == .importFile)
            #expect(rows.first { $0.payee == "Cafe" }?.categorySource == .person)
        }
    }
}
