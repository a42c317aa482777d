import BillfoldCore
import BillfoldStore
import SQLKit
import Testing

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
                try await t.app.db.sql.raw(
                    """
                    INSERT INTO categories (user_id, name, name_key, description, is_group, colour, icon, is_income,
                      exclude_from_budget, exclude_from_totals, archived, position, created_at)
                    VALUES (\(bind: person.id), \(bind: name), \(bind: name.lowercased()), '', FALSE, '', '', FALSE,
                      FALSE, FALSE, FALSE, 0, 0)
                    """
                ).run()
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
