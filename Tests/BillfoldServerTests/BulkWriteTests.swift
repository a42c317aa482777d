import BillfoldAPI
import BillfoldCore
import BillfoldServer
import Foundation
import Testing

@testable import BillfoldStore

@Suite("The bulk write path (imports and the demo)")
struct BulkWriteTests {
    /// Payees and notes a bank file may really hold: what COPY's text format must escape, what
    /// SQL quoting must survive, and letters beyond ASCII.
    static let awkward = [
        "Tab\there", "back\\slash", "two\nlines", "carriage\rreturn", "\\N", "O'Brien; \"Quoted\"", "Café ☕ 東京",
        "",
    ]

    @Test(
        "appended rows read back exactly as inserted ones, with their sums; a colliding row writes nothing",
        arguments: TestDatabase.all)
    func sameAsInsert(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com", timeZone: "Europe/Berlin")
            let food = try await t.categories(ana).forSource("t:food", name: "Food", now: Timestamp.now())
            let account = try await AccountRepository(database: t.app.db, userID: ana.id).cash(
                .eur, now: Timestamp.now())
            var rows: [NewTransaction] = []
            for (index, text) in Self.awkward.enumerated() {
                var row = spend(
                    text.isEmpty ? "Empty notes" : text, "-\(index + 1).25", at: "2026-03-0\(index + 1)T10:00:00+01:00",
                    category: index.isMultiple(of: 2) ? food.id : nil,
                    status: TransactionStatus.allCases[index % 3], notes: text)
                row.originalName = text.uppercased()
                row.importKey = "fp:\(index)|\(text)"
                rows.append(row)
            }
            let appended = try await t.transactions(ana).append(rows, accountID: { _ in account.id }, now: 1_000)
            #expect(appended == rows.count)
            let bob = try await t.person("bob@example.com", timeZone: "Europe/Berlin")
            let bobAccount = try await AccountRepository(database: t.app.db, userID: bob.id).cash(
                .eur, now: Timestamp.now())
            _ = try await t.transactions(bob).insert(rows, accountID: { _ in bobAccount.id }, now: 1_000)

            let mine = try await t.transactions(ana).page(.everything, after: nil, limit: 50).transactions
            let theirs = try await t.transactions(bob).page(.everything, after: nil, limit: 50).transactions
            func comparable(_ list: [Transaction]) -> [String] {
                list.map {
                    "\($0.bookedAt.iso8601)|\($0.payee)|\($0.originalName)|\($0.notes)|\($0.money)|\($0.status)|\($0.categoryID != nil)"
                }
            }
            #expect(comparable(mine) == comparable(theirs))
            #expect(Set(mine.map(\.notes)) == Set(Self.awkward))
            for query in [
                TransactionQuery.everything,
                TransactionQuery(status: .cleared, range: TransactionQuery.everything.range),
            ] {
                #expect(
                    try await t.transactions(ana).totals(query) == (try await t.transactions(bob).totals(query)))
            }

            // The same keys again: refused as a conflict, and nothing of the batch stays.
            let fresh = spend("New shop", "-1.00", at: "2026-04-01T10:00:00Z")
            await #expect(throws: (any Error).self) {
                _ = try await t.transactions(ana).append(
                    [fresh] + rows.prefix(1), accountID: { _ in account.id }, now: 2_000)
            }
            #expect(try await t.transactions(ana).count() == rows.count)
            let totals = try await t.transactions(ana).totals(.everything)
            #expect(totals == (try await t.transactions(bob).totals(.everything)), "the sums took nothing in")
        }
    }

    @Test(
        "a value shared by a statement's rows is theirs byte for byte: texts Swift takes as equal stay apart",
        arguments: TestDatabase.all)
    func sharedValuesByBytes(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let account = try await AccountRepository(database: t.app.db, userID: ana.id).cash(
                .eur, now: Timestamp.now())
            let composed = "M\u{FC}ller"
            let decomposed = "Mu\u{308}ller"
            var rows = [composed, decomposed, composed].enumerated().map { index, payee in
                spend(payee, "-1.00", at: "2026-03-0\(index + 1)T10:00:00Z")
            }
            // Its original name is its payee to Swift, not to the database.
            rows[2].originalName = decomposed
            _ = try await t.transactions(ana).append(rows, accountID: { _ in account.id }, now: 1_000)
            let stored = try await t.transactions(ana).page(.everything, after: nil, limit: 10).transactions
                .sorted { $0.bookedAt.epochSeconds < $1.bookedAt.epochSeconds }
            #expect(stored.map { Array($0.payee.utf8) } == [composed, decomposed, composed].map { Array($0.utf8) })
            #expect(
                stored.map { Array($0.originalName.utf8) } == [composed, decomposed, decomposed].map { Array($0.utf8) })
        }
    }

    @Test(
        "a bulk write refused after its first statements went in leaves nothing of it, rows or sums",
        arguments: TestDatabase.all)
    func refusedPartway(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let account = try await AccountRepository(database: t.app.db, userID: ana.id).cash(
                .eur, now: Timestamp.now())
            _ = try await t.transactions(ana).insert(
                [spend("Before", "-5.00", at: "2026-01-01T10:00:00Z")], accountID: { _ in account.id }, now: 1_000)
            let totals = try await t.transactions(ana).totals(.everything)
            // More rows than one SQLite statement or one COPY message holds, the last one too
            // early to keep: it is made while SQLite runs the first statement, which goes in.
            // (A COPY that fails undoes itself, so on PostgreSQL this holds without the rollback.)
            let good = SQLiteEngine.rowsPerStatement + 10
            let rows = (0...good).map { index in
                var row = spend(
                    "Shop \(index % 7)", "-1.\(index % 10)0",
                    at: index == good ? "1899-12-31T10:00:00Z" : "2026-02-0\(index % 9 + 1)T10:00:00Z")
                row.importKey = "fp:\(index)"
                return row
            }
            await #expect(throws: BillfoldError.self) {
                _ = try await t.transactions(ana).append(rows, accountID: { _ in account.id }, now: 2_000)
            }
            #expect(try await t.transactions(ana).count() == 1)
            #expect(try await t.transactions(ana).totals(.everything) == totals)
        }
    }

    @Test(
        "the demo fills fresh books in bulk with projects too, and run again adds nothing", arguments: TestDatabase.all)
    func demoTwice(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let demo = DemoData(database: t.app.db, user: ana.user, clock: t.app.wallClock)
            #expect(try await demo.generate(count: 3_000) == 3_000)
            #expect(try await demo.generate(count: 3_000) == 0)
            #expect(try await t.transactions(ana).count() == 3_000)
            // A newcomer's Home has projects, something up next, and awards already earned.
            let home = try await t.get(HomeResponse.self, "/api/v1/home", as: ana)
            #expect(Set(home.projects.map(\.title)) == ["Move to the new flat", "Summer trip to Lisbon"])
            #expect(!home.upNext.isEmpty)
            let awards = try await t.get(AwardListResponse.self, "/api/v1/awards", as: ana)
            #expect(awards.awards.filter(\.earned).count >= 2, "\(awards.awards.map { ($0.id, $0.earned) })")
            let items = try await ProjectRepository(database: t.app.db, userID: ana.id).items(in: nil)
            #expect(items.count == 10, "run again, no project was added twice")
        }
    }
}
