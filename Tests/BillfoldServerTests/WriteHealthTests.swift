import BillfoldCore
import Foundation
import SQLKit
import Testing
import Vapor
import VaporTesting

@testable import BillfoldServer

/// The probe's reproduction: with the disk full or the database read-only, writes answered 503
/// "cannot be reached just now" while `/health/ready` stayed 200.
@Suite("A database that cannot take writes says so, and the instance is not ready")
struct WriteHealthTests {
    static let body = #"{"bookedAt":"2026-11-02T10:00:00+01:00","payee":"Bakery","amount":"-3.20","currency":"EUR"}"#

    /// Runs `statement` on every connection of a SQLite application (one per event loop).
    static func onEveryConnection(_ app: Application, _ statement: String) async throws {
        for loop in app.eventLoopGroup.makeIterator() {
            let database = app.databases.database(.sqlite, logger: app.logger, on: loop)!
            try await (database as! any SQLDatabase).raw(SQLQueryString(statement)).run()
        }
    }

    @Test("SQLite read-only: the write says so, readiness fails, and both recover")
    func sqliteReadOnly() async throws {
        try await TestApp.run(.sqlite) { t in
            let ana = try await t.person("ana@example.com")
            try await Self.onEveryConnection(t.app, "PRAGMA query_only = 1")
            let refused = try await t.send(.POST, "/api/v1/transactions", as: ana, json: Self.body)
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.body.string.contains("cannot write: its database is read-only"), "\(refused.body.string)")
            let ready = try await t.send(.GET, "/health/ready")
            #expect(ready.status == .serviceUnavailable && ready.body.string.contains("read-only"))
            try await Self.onEveryConnection(t.app, "PRAGMA query_only = 0")
            #expect(try await t.send(.GET, "/health/ready").status == .serviceUnavailable, "held a while")
            t.app.writeHealth.holdSeconds.withLockedValue { $0 = 0 }
            #expect(try await t.send(.GET, "/health/ready").status == .ok)
            #expect(try await t.send(.POST, "/api/v1/transactions", as: ana, json: Self.body).status == .created)
        }
    }

    @Test("PostgreSQL's read-only refusal is said as such (its answer and readiness are the same code as above)")
    func postgresReadOnly() async throws {
        try await TestApp.run(.postgres) { t in
            do {
                try await t.app.db.transaction { database in
                    try await (database as! any SQLDatabase).raw("SET TRANSACTION READ ONLY").run()
                    try await (database as! any SQLDatabase).raw(
                        "INSERT INTO sign_in_attempts (key, attempted_at) VALUES ('x', 0)"
                    ).run()
                }
                Issue.record("wrote in a read-only transaction")
            } catch {
                #expect(DatabaseTrouble.classify(error)?.1 == DatabaseTrouble.readOnly)
            }
        }
    }

    @Test("SQLite disk full: the write says so and readiness fails until there is room")
    func sqliteFull() async throws {
        try await TestApp.run(.sqlite) { t in
            let ana = try await t.person("ana@example.com")
            // The file may grow no further than it is (SQLite's own "database or disk is full").
            try await Self.onEveryConnection(t.app, "PRAGMA max_page_count = 1")
            var refused: TestingHTTPResponse?
            for n in 0..<2_000 where refused == nil {
                let payee = String(repeating: "Bakery \(n) ", count: 12)
                let body = Self.body.replacingOccurrences(of: "\"Bakery\"", with: "\"\(payee)\"")
                let answer = try await t.send(.POST, "/api/v1/transactions", as: ana, json: body)
                if answer.status != .created { refused = answer }
            }
            #expect(refused?.status == .serviceUnavailable)
            #expect(refused?.body.string.contains("its disk is full") == true, "\(refused?.body.string ?? "")")
            #expect(try await t.send(.GET, "/health/ready").status == .serviceUnavailable)
            try await Self.onEveryConnection(t.app, "PRAGMA max_page_count = 1000000")
            t.app.writeHealth.holdSeconds.withLockedValue { $0 = 0 }
            #expect(try await t.send(.GET, "/health/ready").status == .ok)
        }
    }
}
