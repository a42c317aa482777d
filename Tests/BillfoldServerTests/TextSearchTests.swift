import BillfoldAPI
import BillfoldCore
import Foundation
import SQLKit
import Testing
import VaporTesting

@testable import BillfoldStore

/// `q=` finds payees and notes through an index (SQLite's FTS5 trigram table, PostgreSQL's
/// trigram indexes), kept in step with every write, and totals what it finds.
@Suite("Text search through an index")
struct TextSearchTests {
    @Test("finds parts of words in payees and notes, follows changes, deletes and undo", arguments: TestDatabase.all)
    func finds(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let bob = try await t.person("bob@example.com")
            let ids = try await t.add(
                ana,
                [
                    spend("REWE Markt", "-12.00", at: "2026-03-01T10:00:00Z"),
                    spend("Bakery", "-3.00", at: "2026-03-02T10:00:00Z", notes: "with Rewe coupon"),
                    spend("Say \"hi\" 50% off_now", "-1.00", at: "2026-03-03T10:00:00Z"),
                    spend("Kiosk", "-2.00", at: "2026-03-04T10:00:00Z"),
                ])
            try await t.add(bob, [spend("REWE", "-99.00")])
            func search(_ words: String) async throws -> (payees: [String], totals: [TotalDTO]) {
                let encoded = words.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                let list = try await t.get(TransactionListResponse.self, "/api/v1/transactions?q=\(encoded)", as: ana)
                return (list.transactions.map(\.payee), list.totals)
            }
            // Inside a word, in any case, in notes too; another person's rows never.
            #expect(try await search("ewe").payees == ["Bakery", "REWE Markt"])
            #expect(try await search("rEwE").totals == [TotalDTO(currency: "EUR", amount: "-15.00", count: 2)])
            // Quotes, % and _ are the person's characters, not syntax.
            #expect(try await search("\"hi\"").payees == ["Say \"hi\" 50% off_now"])
            #expect(try await search("50%").payees == ["Say \"hi\" 50% off_now"])
            #expect(try await search("f_n").payees == ["Say \"hi\" 50% off_now"])
            #expect(try await search("ki").payees == ["Kiosk"], "two characters are searched too")
            #expect(try await search("xyz").payees.isEmpty)
            // A renamed payee is found by its new name only; a deleted row not at all, until undone.
            let renamed = try await t.send(
                .PATCH, "/api/v1/transactions/\(ids[3])", as: ana, json: #"{"payee": "Trafik"}"#)
            #expect(renamed.status == .ok)
            #expect(try await search("kiosk").payees.isEmpty)
            #expect(try await search("kiosk").totals.isEmpty)
            #expect(try await search("trafik").totals == [TotalDTO(currency: "EUR", amount: "-2.00", count: 1)])
            // The totals of what it finds follow every write too.
            let repriced = try await t.send(
                .PATCH, "/api/v1/transactions/\(ids[1])", as: ana, json: #"{"amount": "-4.00"}"#)
            #expect(repriced.status == .ok, "\(repriced.body.string)")
            #expect(try await search("rewe").totals == [TotalDTO(currency: "EUR", amount: "-16.00", count: 2)])
            let deleted = try await t.send(.DELETE, "/api/v1/transactions/\(ids[0])", as: ana)
            #expect(deleted.status == .ok, "\(deleted.body.string)")
            #expect(try await search("markt").payees.isEmpty)
            #expect(try await search("rewe").totals == [TotalDTO(currency: "EUR", amount: "-4.00", count: 1)])
            let deletion = try JSONDecoder().decode(DeletionDTO.self, from: deleted.body)
            let restored = try await t.send(.POST, "/api/v1/deletions/\(deletion.deletionId)/restore", as: ana)
            #expect(restored.status == .ok, "\(restored.body.string)")
            #expect(try await search("markt").payees == ["REWE Markt"])
            #expect(try await search("rewe").totals == [TotalDTO(currency: "EUR", amount: "-16.00", count: 2)])
        }
    }

    @Test(
        "a common word's pages come from the newest rows, a rarer one's from the index: the same rows either way",
        arguments: TestDatabase.all)
    func pages(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            var rows: [NewTransaction] = []
            for i in 0..<400 {
                let time = String(format: "2026-0%d-%02dT%02d:00:00Z", 1 + i % 3, 1 + i % 28, i % 24)
                rows.append(spend(i % 3 == 0 ? "REWE \(i)" : "Other \(i)", "-1.00", at: time))
            }
            try await t.add(ana, rows)
            let seen = try await Self.everyPage(
                "q=rewe", t, ana, totals: [TotalDTO(currency: "EUR", amount: "-134.00", count: 134)])
            let expected = try await t.transactions(ana).page(.everything, after: nil, limit: 500).transactions
                .filter { $0.payee.hasPrefix("REWE") }.map(\.id)
            #expect(seen == expected, "every match once, newest first")
        }
    }

    @Test(
        "a category group's pages come from the newest rows while they hold it, then from its keysets: every row once",
        arguments: TestDatabase.all)
    func groupPages(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let categories = t.categories(ana)
            let food = try await categories.forSource("t:f", name: "Food", isGroup: true, now: Timestamp.now())
            let cafe = try await categories.forSource("t:c", name: "Cafe", groupID: food.id, now: Timestamp.now())
            let bakery = try await categories.forSource("t:b", name: "Bakery", groupID: food.id, now: Timestamp.now())
            let rent = try await categories.forSource("t:r", name: "Rent", now: Timestamp.now())
            // 120 of the group's rows in the newest 2,000 (the window fills its first pages), then
            // 2,100 others, then 90 more of the group's that only its keysets reach; rows share
            // their seconds, so the order's tie on id counts too.
            var rows: [NewTransaction] = []
            for i in 0..<2_310 {
                let inGroup = i < 90 || i >= 2_190
                let time = String(
                    format: "2025-%02d-%02dT%02d:00:00Z", 1 + (i / 200) % 12, 1 + (i / 8) % 25, i / 8 % 24)
                rows.append(
                    spend(
                        "Row \(i)", "-1.00", at: time,
                        category: inGroup ? (i % 2 == 0 ? cafe.id : bakery.id) : rent.id))
            }
            try await t.add(ana, rows)
            let seen = try await Self.everyPage(
                "category=\(food.id)", t, ana, totals: [TotalDTO(currency: "EUR", amount: "-210.00", count: 210)])
            let expected = try await t.transactions(ana).page(.everything, after: nil, limit: 3_000).transactions
                .filter { $0.categoryID == cafe.id || $0.categoryID == bakery.id }.map(\.id)
            #expect(seen.count == 210)
            #expect(seen == expected, "every row of the group once, newest first")
        }
    }

    /// The ids of every page of a search, 50 at a time, each page with the same `totals`.
    static func everyPage(_ search: String, _ t: TestApp, _ person: TestApp.Person, totals: [TotalDTO])
        async throws -> [Int64]
    {
        var seen: [Int64] = []
        var cursor: String?
        repeat {
            let after = cursor.map { "&cursor=\($0)" } ?? ""
            let page = try await t.get(
                TransactionListResponse.self, "/api/v1/transactions?\(search)&limit=50\(after)", as: person)
            #expect(page.totals == totals)
            seen += page.transactions.map(\.id)
            cursor = page.nextCursor
        } while cursor != nil
        return seen
    }

    @Test(
        "pages and totals agree on letters beyond A–Z in any case: “müller” finds “MÜLLER” on every page",
        arguments: TestDatabase.all)
    func foldsEveryLetter(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            var rows = (0..<60).map { i in
                spend("Müller \(i)", "-1.00", at: String(format: "2026-02-%02dT%02d:00:00Z", 1 + i % 28, i % 24))
            }
            rows.append(spend("MÜLLER Drogerie", "-1.00", at: "2026-03-01T10:00:00Z"))
            try await t.add(ana, rows)
            let seen = try await Self.everyPage(
                "q=m%C3%BCller", t, ana, totals: [TotalDTO(currency: "EUR", amount: "-61.00", count: 61)])
            #expect(seen.count == 61 && Set(seen).count == 61, "every match once: \(seen.count)")
        }
    }

    @Test("the search is answered from the index, not by reading every row", arguments: TestDatabase.all)
    func usesTheIndex(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let query = TransactionQuery(range: TransactionQuery.everything.range, text: "rewe")
            let sql = t.app.db as! any SQLDatabase
            let select: SQLQueryString =
                "SELECT id FROM transactions WHERE user_id = \(bind: ana.id)" + query.conditions(on: sql)
            struct Line: Decodable {
                var detail: String?
            }
            struct PostgresLine: Decodable {
                var plan: String
                enum CodingKeys: String, CodingKey { case plan = "QUERY PLAN" }
            }
            if sql.dialect.name == "sqlite" {
                let plan = try await sql.raw("EXPLAIN QUERY PLAN " + select).all(decoding: Line.self)
                for index in ["transaction_search", "transaction_notes_search"] {
                    #expect(plan.contains { $0.detail?.contains("\(index) VIRTUAL TABLE") == true }, "\(plan)")
                }
            } else {
                // On a handful of rows PostgreSQL rightly reads the table (at a million it takes the
                // indexes by itself): here the words alone, with reading the table ruled out.
                let words: SQLQueryString = "SELECT id FROM transactions WHERE TRUE" + query.conditions(on: sql)
                let plan = try await t.app.db.transaction { database in
                    let db = database as! any SQLDatabase
                    try await db.raw("SET LOCAL enable_seqscan = off").run()
                    return try await db.raw("EXPLAIN " + words).all(decoding: PostgresLine.self)
                }
                let text = plan.map(\.plan).joined(separator: "\n")
                #expect(
                    text.contains("transactions_payee_search") && text.contains("transactions_notes_search"),
                    "PLAN: \(text)")
            }
        }
    }
}
