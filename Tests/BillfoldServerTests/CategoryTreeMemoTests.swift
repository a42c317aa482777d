import BillfoldAPI
import BillfoldCore
import BillfoldStore
import SQLKit
import Testing

@testable import BillfoldServer

/// A request that only reads reads a person's categories once (`CategoryTreeMemo`); a write
/// through the repository makes the next read go to the database again.
@Suite("The category tree is read once per request that only reads")
struct CategoryTreeMemoTests {
    @Test("kept for the request, per person, and forgotten after a write", arguments: TestDatabase.all)
    func keptAndForgotten(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let bo = try await t.person("bo@example.com")
            _ = try await t.categories(ana).create(CategoryDraft(name: "Food"), now: Timestamp.now())
            _ = try await t.categories(bo).create(CategoryDraft(name: "Rent"), now: Timestamp.now())
            // A row written beside the repository (as no code does) shows whether a read asked.
            func sneakIn(_ name: String, for person: TestApp.Person) async throws {
                try await t.app.db.sql.raw(insertingCategories([name], for: person.id)).run()
            }
            let names = { (person: TestApp.Person) in try await t.categories(person).tree().all.map(\.name).sorted() }

            try await CategoryTreeMemo.$current.withValue(CategoryTreeMemo()) {
                #expect(try await names(ana) == ["Food"])
                #expect(try await names(bo) == ["Rent"])
                try await sneakIn("Travel", for: ana)
                #expect(try await names(ana) == ["Food"], "read once: the second read is the first's tree")
                #expect(try await names(bo) == ["Rent"], "each person's own tree")
                _ = try await t.categories(ana).create(CategoryDraft(name: "Cafe"), now: Timestamp.now())
                #expect(try await names(ana) == ["Cafe", "Food", "Travel"], "a write forgets the trees")
                let writes: [() async throws -> Void] = [
                    {
                        let food = try #require(try await t.categories(ana).tree().all.first { $0.name == "Food" })
                        _ = try await t.categories(ana).update(
                            food.id, CategoryDraft(name: "Food and drink"), now: Timestamp.now())
                    },
                    {
                        let cafe = try #require(try await t.categories(ana).tree().all.first { $0.name == "Cafe" })
                        try await t.categories(ana).adopt("t:cafe", for: cafe.id)
                    },
                ]
                for (index, write) in writes.enumerated() {
                    let name = "Sneaked \(index)"
                    try await sneakIn(name, for: ana)
                    #expect(try await !names(ana).contains(name))
                    try await write()
                    #expect(try await names(ana).contains(name), "write \(index) forgets the trees")
                }
            }
            // Without a memo (every write request), each read asks the database.
            try await sneakIn("Gifts", for: bo)
            #expect(try await names(bo) == ["Gifts", "Rent"])
        }
    }
}

/// The server keeps each person's tree between requests, and takes it only while the stamp their
/// sign-in row carries is the one it was kept with (M050): any write to their categories, by
/// this server, another sharing the database or plain SQL, changes the stamp.
@Suite("The server keeps a person's category tree while their categories stay as they were")
struct CategoryTreesTests {
    @Test("every write changes the stamp, and the next request sees it", arguments: TestDatabase.all)
    func keptWhileStamped(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let bo = try await t.person("bo@example.com")
            _ = try await t.categories(ana).create(CategoryDraft(name: "Food"), now: Timestamp.now())
            _ = try await t.categories(bo).create(CategoryDraft(name: "Rent"), now: Timestamp.now())
            let sql = t.app.db as! any SQLDatabase
            struct Stamp: Decodable { var categories_stamp: Int64 }
            func stamp(_ person: TestApp.Person) async throws -> Int64 {
                try await sql.raw("SELECT categories_stamp FROM users WHERE id = \(bind: person.id)")
                    .first(decoding: Stamp.self)?.categories_stamp ?? 0
            }
            func names(_ person: TestApp.Person) async throws -> [String] {
                try await t.get(CategoryListResponse.self, "/api/v1/categories", as: person).categories.map(\.name)
                    .sorted()
            }
            func changesStamp(_ statement: SQLQueryString, _ what: Comment) async throws {
                let (before, other) = (try await stamp(ana), try await stamp(bo))
                try await sql.raw(statement).run()
                #expect(try await stamp(ana) != before, what)
                #expect(try await stamp(bo) == other, "\(what): another person's stamp stays")
            }

            #expect(try await names(ana) == ["Food"])
            #expect(try await names(bo) == ["Rent"])
            #expect(t.app.categoryTrees?.count == 2, "each person's tree kept")

            // Written beside the server (another instance, the command line): seen at once.
            try await changesStamp(insertingCategories(["Travel"], for: ana.id), "an insert")
            #expect(try await names(ana) == ["Food", "Travel"])
            try await changesStamp(
                "UPDATE categories SET name = 'Trips' WHERE user_id = \(bind: ana.id) AND name = 'Travel'", "an update")
            #expect(try await names(ana) == ["Food", "Trips"])
            try await changesStamp(
                "DELETE FROM categories WHERE user_id = \(bind: ana.id) AND name = 'Trips'", "a delete")
            #expect(try await names(ana) == ["Food"])
            // One statement for several rows (an import's categories).
            try await changesStamp(insertingCategories(["Bus", "Tram"], for: ana.id), "an insert of two")
            #expect(try await names(ana) == ["Bus", "Food", "Tram"])
            try await changesStamp(
                "DELETE FROM categories WHERE user_id = \(bind: ana.id) AND name IN ('Bus', 'Tram')", "a delete of two")
            #expect(try await names(ana) == ["Food"])

            // The kept tree is what answers while the stamp holds: a row slipped in with the stamp
            // put back (as no code does) stays unseen.
            let kept = try await stamp(ana)
            try await sql.raw(insertingCategories(["Hidden"], for: ana.id)).run()
            try await sql.raw("UPDATE users SET categories_stamp = \(bind: kept) WHERE id = \(bind: ana.id)").run()
            #expect(try await names(ana) == ["Food"], "no statement asked: the kept tree answered")

            // A write through another server sharing the database.
            try await t.secondInstance { other in
                let response = try await other.send(.POST, "/api/v1/categories", as: ana, json: #"{"name": "Cafe"}"#)
                #expect(response.status == .created || response.status == .ok, "\(response.body.string)")
            }
            #expect(try await names(ana) == ["Cafe", "Food", "Hidden"])
            // And through this one.
            let response = try await t.send(.POST, "/api/v1/categories", as: ana, json: #"{"name": "Gifts"}"#)
            #expect(response.status == .created || response.status == .ok, "\(response.body.string)")
            #expect(try await names(ana).contains("Gifts"))
            #expect(try await names(ana).contains("Hidden"))
        }
    }
}

/// Categories written beside the repository, in one statement (as no code does, or another
/// server would): shows whether a read asked the database.
private func insertingCategories(_ names: [String], for userID: Int64) -> SQLQueryString {
    let rows = names.map { name -> SQLQueryString in
        "(\(bind: userID), \(bind: name), \(bind: name.lowercased()), '', FALSE, '', '', FALSE, FALSE, FALSE, FALSE, 0, 0)"
    }
    return """
        INSERT INTO categories (user_id, name, name_key, description, is_group, colour, icon, is_income,
          exclude_from_budget, exclude_from_totals, archived, position, created_at)
        VALUES \(rows.joined(separator: ", "))
        """
}
