import BillfoldCore
import FluentKit
import Foundation
import SQLKit
import SQLiteNIO
import Testing

@testable import BillfoldServer
@testable import BillfoldStore

/// A request's reads on SQLite run on `SQLiteReaders`' own connections: they must answer exactly
/// as the driver does, never write, and leave to the driver whatever they cannot run.
@Suite("SQLite reads past the driver")
struct SQLiteReadersTests {
    /// A table of every kind of value SQLite keeps, written through the driver.
    private func withValues(_ body: (TestApp, SQLiteReaders) async throws -> Void) async throws {
        try await TestApp.run(.sqlite) { t in
            let readers = try #require(t.app.sqliteReaders)
            try await t.app.db.sql.raw("CREATE TABLE kinds (id INTEGER PRIMARY KEY, n INTEGER, x REAL, s TEXT, b BLOB)")
                .run()
            let rows: [(Int, SQLExpression, SQLExpression, SQLExpression, SQLExpression)] = [
                (1, SQLBind(Int64.max), SQLBind(-0.5), SQLBind("Café 💶 \u{200B}ß"), SQLBind(Data([0, 1, 255]))),
                (2, SQLLiteral.null, SQLLiteral.null, SQLLiteral.null, SQLLiteral.null),
                (3, SQLBind(Int64.min), SQLBind(1e300), SQLBind(""), SQLBind(Data())),
            ]
            for (id, n, x, s, b) in rows {
                try await t.app.db.sql.raw("INSERT INTO kinds VALUES (\(literal: id), \(n), \(x), \(s), \(b))").run()
            }
            try await body(t, readers)
        }
    }

    @Test("every kind of value reads as the driver reads it, with bound values")
    func sameValues() async throws {
        try await withValues { t, readers in
            let driver = try #require(t.app.db as? any SQLiteDatabase)
            for (text, binds) in [
                ("SELECT * FROM kinds ORDER BY id", [SQLiteData]()),
                (
                    "SELECT id, s || ?1 AS joined, ?2 AS given FROM kinds WHERE id >= ?3 ORDER BY id",
                    [
                        .text("ü"), .blob(ByteBuffer(bytes: [7, 8])), .integer(2),
                    ]
                ),
                ("  with picked AS (SELECT n FROM kinds WHERE x < ?1) SELECT count(*) AS c FROM picked", [.float(0)]),
            ] {
                let read = try #require(readers.rows(text, binds), "\(text) runs on a reader")
                let theirs = try await driver.rows(text, binds)
                #expect(read.map(\.values) == theirs.map { $0.columns.map(\.data) }, "\(text)")
                #expect(read.first?.allColumns == theirs.first?.columns.map(\.name))
            }
        }
    }

    @Test("SQLKit decodes a reader's row as it decodes the driver's")
    func decodesAlike() async throws {
        struct Kinds: Codable, Equatable {
            var id: Int
            var n: Int64?
            var x: Double?
            var s: String?
            var b: Data?
        }
        try await withValues { t, readers in
            let statement: SQLQueryString = "SELECT * FROM kinds ORDER BY id"
            let reading = try #require(t.app.db.reading(with: readers) as? ReadingDatabase)
            let viaReader = try await reading.raw(statement).all(decoding: Kinds.self)
            let viaDriver = try await t.app.db.sql.raw(statement).all(decoding: Kinds.self)
            #expect(viaReader == viaDriver)
            #expect(viaReader.count == 3)
        }
    }

    @Test("a statement that writes, or is two, is left to the driver and changes nothing here")
    func writesAreLeft() async throws {
        try await withValues { t, readers in
            for text in [
                "UPDATE kinds SET n = 0", "INSERT INTO kinds (id) VALUES (9)", "DELETE FROM kinds",
                "WITH gone AS (SELECT 1) DELETE FROM kinds", "SELECT 1; DELETE FROM kinds", "select id from nowhere",
                "PRAGMA query_only = 0",
            ] {
                #expect(readers.rows(text, []) == nil, "\(text)")
            }
            #expect(try await t.rowCount(of: "kinds") == 3)
            let n = try await t.app.db.sql.raw("SELECT n FROM kinds WHERE id = 1").first()?.decode(
                column: "n", as: Int64.self)
            #expect(n == .max)
            // Only what begins as a read is tried at all.
            #expect(SQLiteReaders.reads("  \n\tSeLeCt 1"))
            #expect(SQLiteReaders.reads("WITH x AS (SELECT 1) SELECT * FROM x"))
            #expect(!SQLiteReaders.reads("selec"))
            #expect(!SQLiteReaders.reads("REPLACE INTO kinds (id) VALUES (1)"))
        }
    }

    @Test("a read sees what the driver committed a moment before, and a transaction's reads see its own writes")
    func seesCommittedWrites() async throws {
        try await withValues { t, readers in
            _ = try #require(readers.rows("SELECT count(*) AS c FROM kinds", []))  // A connection is open and kept.
            try await t.app.db.sql.raw("INSERT INTO kinds (id) VALUES (4)").run()
            #expect(try count(readers) == 4)
            try await t.app.db.transaction { transaction in
                try await transaction.sql.raw("INSERT INTO kinds (id) VALUES (5)").run()
                #expect(transaction.reading(with: readers) is ReadingDatabase == false, "inside a transaction, itself")
                let inside = try await transaction.reading(with: readers).sql.raw("SELECT count(*) AS c FROM kinds")
                    .first()?.decode(column: "c", as: Int.self)
                #expect(inside == 5)
                #expect(try count(readers) == 4, "not yet committed")
            }
            #expect(try count(readers) == 5)
        }
    }

    @Test("past its limit, after a failure and once closed, the readers hand the statement back")
    func handsBack() async throws {
        try await withValues { t, _ in
            let none = SQLiteReaders(path: try sqlitePath(t), cacheKibibytes: 2048, limit: 0)
            #expect(none.rows("SELECT 1 AS one", []) == nil)
            let one = SQLiteReaders(path: try sqlitePath(t), cacheKibibytes: 2048, limit: 1)
            #expect(try count(one) == 3)
            #expect(one.rows("SELECT * FROM nowhere", []) == nil, "a failing statement")
            #expect(try count(one) == 3, "an ordinary error leaves the connection to the next statement")
            // More texts than a connection keeps prepared: the oldest are let go, answers unchanged.
            for id in 0..<300 {
                let rows = try #require(one.rows("SELECT \(id) AS id, count(*) AS c FROM kinds", []))
                #expect(rows.first?.column("id") == .integer(id))
            }
            one.close()
            #expect(one.rows("SELECT 1 AS one", []) == nil)
        }
    }

    @Test("a request that only reads reads on the readers, and sees what the request before it wrote")
    func requestsReadHere() async throws {
        try await TestApp.run(.sqlite) { t in
            let readers = try #require(t.app.sqliteReaders)
            let ana = try await t.person("ana@example.com")
            let account = try await t.openAccount(#"{"name": "Checking", "currency": "EUR"}"#, as: ana)
            let written = try await t.send(
                .POST, "/api/v1/transactions", as: ana,
                json:
                    #"{"accountId": \#(account.id), "amount": "-12.50", "currency": "EUR", "payee": "Bakery", "bookedAt": "2026-11-02T10:00:00Z"}"#
            )
            #expect(written.status == .created, "\(written.body.string)")
            let before = readers.answered
            let list = try await t.send(.GET, "/api/v1/transactions", as: ana)
            #expect(list.body.string.contains("Bakery") && list.body.string.contains("-12.50"))
            #expect(readers.answered >= before + 3, "the token, the page and its totals at least")
        }
    }

    private func count(_ readers: SQLiteReaders) throws -> Int? {
        let rows = try #require(readers.rows("SELECT count(*) AS c FROM kinds", []))
        guard case .integer(let count) = rows.first?.column("c") else { return nil }
        return count
    }

    private func sqlitePath(_ t: TestApp) throws -> String {
        guard case .sqlite(let path) = t.location else { throw CancellationError() }
        return path
    }
}

extension TestApp {
    fileprivate func rowCount(of table: String) async throws -> Int {
        try await app.db.sql.raw("SELECT count(*) AS c FROM \(ident: table)").first()?.decode(column: "c", as: Int.self)
            ?? -1
    }
}
