import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Foundation
import SQLKit
import Testing
import Vapor
import VaporTesting

@testable import BillfoldServer

/// The holes an outside probe found in what is stored (issue 10), each shown closed on both databases.
@Suite("Safe to expose: the data")
struct HardeningDataTests {
    static func row(_ payee: String, _ amount: String, currency: String = "KWD") -> String {
        #"{"bookedAt":"2026-03-01T10:00:00Z","payee":"\#(payee)","amount":"\#(amount)","currency":"\#(currency)"}"#
    }

    @Test(
        "an amount past the limit is a field error; sums stay exact or the write is refused",
        arguments: TestDatabase.all)
    func moneyOverflow(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let huge = try await t.send(
                .POST, "/api/v1/transactions", as: ana, json: Self.row("Big", "999999999999999.999"))
            #expect(huge.status == .badRequest)
            #expect(huge.body.string.contains(#""amount""#), "a field error on the amount")
            // The largest amount, many times: the sum is exact until one more would not fit.
            let kwd = try Currency(code: "KWD")
            let largest = Money(minorUnits: Money.maximumMinorUnits, currency: kwd)
            let fits = Int(Int64.max / Money.maximumMinorUnits)
            let account = try await AccountRepository(database: t.app.db, userID: ana.id).cash(
                kwd, now: Timestamp.now())
            let rows = (0..<fits).map { index in
                NewTransaction(
                    bookedAt: BookingTime(epochSeconds: 1_772_359_200 + Int64(index), offsetSeconds: 0),
                    payee: "Big \(index)", money: largest, status: .cleared)
            }
            _ = try await t.transactions(ana).insert(rows, accountID: { _ in account.id }, now: Timestamp.now())
            let list = try await t.get(TransactionListResponse.self, "/api/v1/transactions?limit=1", as: ana)
            let expected = Money(minorUnits: Money.maximumMinorUnits * Int64(fits), currency: kwd).decimalString
            #expect(list.totals.first?.amount == expected, "the total is exact")
            let searched = try await t.send(.GET, "/api/v1/transactions?q=big&limit=1", as: ana)
            #expect(searched.status == .ok)
            #expect(searched.body.string.contains(expected))
            let more = try await t.send(
                .POST, "/api/v1/transactions", as: ana, json: Self.row("One more", "999999999999.999"))
            #expect(more.status == .badRequest, "\(more.body.string)")
            #expect(more.body.string.contains("invalid_amount"))
            let after = try await t.get(TransactionListResponse.self, "/api/v1/transactions?limit=1", as: ana)
            #expect(after.totals.first?.count == fits, "nothing was written")
            // The bulk path (imports, the demo) writes its rows before its sums: the refused sums
            // take the rows back out with them.
            let bulk = (0..<3).map { index in
                NewTransaction(
                    bookedAt: BookingTime(epochSeconds: 1_772_400_000 + Int64(index), offsetSeconds: 0),
                    payee: "Bulk \(index)", money: largest, status: .cleared)
            }
            await #expect(throws: BillfoldError.self) {
                try await t.transactions(ana).append(bulk, accountID: { _ in account.id }, now: Timestamp.now())
            }
            #expect(try await t.transactions(ana).count() == fits, "none of the bulk rows stayed")
        }
    }

    @Test(
        "a control character in any text field is a field error, in every dialect and in imports",
        arguments: TestDatabase.all)
    func controlCharacters(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let sends: [(HTTPMethod, String, String, String)] = [
                (.POST, "/api/v1/transactions", Self.row(#"pay\u0000load"#, "-1.00", currency: "EUR"), "payee"),
                (.POST, "/api/v1/categories", #"{"name":"Food\u0000A"}"#, "name"),
                (.POST, "/api/v1/projects", #"{"title":"Trip\u001b[31m"}"#, "title"),
                (.POST, "/api/categories", #"{"CategoryName":"Rent\u0000x"}"#, "CategoryName"),
                (.POST, "/v1/categories", #"{"name":"Gym\u0007"}"#, "name"),
                (
                    .POST, "/v1/transactions",
                    #"{"transactions":[{"date":"2026-03-01","amount":"1.00","payee":"ok"},{"date":"2026-03-01","amount":"2.00","notes":"a\u0000b"}]}"#,
                    "transactions[1].notes"
                ),
            ]
            for (method, path, body, field) in sends {
                let answer = try await t.send(method, path, as: ana, json: body)
                #expect(answer.status == .badRequest, "\(path): \(answer.body.string)")
                #expect(answer.body.string.contains(field), "\(path) names \(field)")
                #expect(!answer.body.string.contains("internal_error"))
            }
            let id = try await t.add(ana, [spend("Clean", "-1.00")])[0]
            let bare = try await t.send(
                .PATCH, "/api/v1/transactions/\(id)", as: ana, json: #"{"notes":"a\u0000b"}"#,
                headers: ["Content-Type": ""])
            #expect(bare.status == .badRequest, "without a content type too: \(bare.body.string)")
            #expect(try await t.transactions(ana).find(id)?.notes == "")
            let two = try await t.send(.POST, "/api/v1/categories", as: ana, json: #"{"name":"Same\u0000one"}"#)
            #expect(two.status == .badRequest, "no second category slips past the unique check")
            let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures/payback/points.json")
            var file = try String(contentsOf: fixture, encoding: .utf8)
            file = file.replacingOccurrences(of: "Bäckerei Krume", with: #"Bäckerei\u0000Krume"#)
            await #expect(throws: BillfoldError.self) {
                try await PaybackImport(database: t.app.db, user: ana.user, clock: t.app.wallClock).run(Data(file.utf8))
            }
            #expect(try await counts(t, ana) == [0, 1, 1], "nothing was written but the clean row")
        }
    }

    @Test("a refused request writes nothing; duplicates inside one request are reported", arguments: TestDatabase.all)
    func partialWrites(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let group = try await t.send(
                .POST, "/v1/categories/group", as: ana, json: #"{"name":"Household","category_ids":[987654]}"#)
            #expect(group.status.code >= 400)
            let batch = try await t.send(
                .POST, "/v1/transactions", as: ana,
                json:
                    #"{"transactions":[{"date":"2026-03-01","amount":"1.00","currency":"chf"},{"date":"nope","amount":"1"}]}"#
            )
            #expect(batch.status == .badRequest)
            let empty = try await PaybackImport(database: t.app.db, user: ana.user, clock: t.app.wallClock).run(
                Data(#"{"items":[]}"#.utf8))
            #expect(empty.added == 0)
            #expect(try await counts(t, ana) == [0, 0, 0], "no group, no cash account, no PAYBACK category")
            let twice = try await t.send(
                .POST, "/v1/transactions", as: ana,
                json:
                    #"{"transactions":[{"date":"2026-03-01","amount":"1.00","external_id":"x1"},{"date":"2026-03-02","amount":"2.00","external_id":"x1"}]}"#
            )
            #expect(twice.status == .badRequest)
            #expect(twice.body.string.contains("also on transaction 0"), "\(twice.body.string)")
            #expect(try await counts(t, ana) == [0, 0, 0])
        }
    }

    @Test(
        "first transactions in a new currency at once make one cash account, all answered", arguments: TestDatabase.all)
    func raceForCashAccount(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let statuses = try await withThrowingTaskGroup(of: [HTTPStatus].self) { group in
                for index in 0..<16 {
                    group.addTask {
                        try await Self.asAClientWould {
                            try await t.send(
                                .POST, "/api/v1/transactions", as: ana, json: Self.row("Race \(index)", "-1.000")
                            ).status
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0.last == .created }, "\(statuses)")
            #expect(!statuses.joined().contains { $0.code >= 500 && $0 != .serviceUnavailable }, "never a 500")
            #expect(try await t.rowCount("accounts", of: ana) == 1, "one KWD cash account")
            #expect(try await t.rowCount("transactions", of: ana) == 16, "each once")
        }
    }

    /// Sends until the answer is not 503 (which says "try again shortly": a machine this busy may
    /// run out of pool connections), at most five times; returns every status seen.
    static func asAClientWould(_ send: () async throws -> HTTPStatus) async throws -> [HTTPStatus] {
        var seen: [HTTPStatus] = []
        for _ in 0..<5 {
            seen.append(try await send())
            if seen.last != .serviceUnavailable { break }
            try await Task.sleep(for: .milliseconds(200))
        }
        return seen
    }

    @Test("setup sent many times at once makes one owner", arguments: TestDatabase.all)
    func raceForSetup(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let browsers = (0..<12).map { _ in Browser(t) }
            for browser in browsers { try await browser.get("/setup") }
            let statuses = try await withThrowingTaskGroup(of: [HTTPStatus].self) { group in
                for (index, browser) in browsers.enumerated() {
                    group.addTask {
                        try await Self.asAClientWould {
                            try await browser.post(
                                "/setup",
                                [
                                    ("email", "owner\(index)@example.com"), ("password", "long enough"),
                                    ("locale", "en-US"),
                                    ("timeZone", "UTC"), ("currency", "EUR"),
                                ]
                            ).status
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0.last == .seeOther }, "\(statuses)")
            #expect(try await BillfoldStore.UserRepository(database: t.app.db, clock: t.app.wallClock).count() == 1)
        }
    }

    @Test("a database outage answers 503 with Retry-After, never 500")
    func outage() async throws {
        guard TestDatabase.all.contains(.postgres) else { return }
        try await TestApp.run(.postgres) { t in
            let ana = try await t.person("ana@example.com")
            #expect(try await t.send(.GET, "/api/v1/me", as: ana).status == .ok)
            try await TestDatabase.postgres.dropDatabase(of: t.location)
            for path in ["/api/v1/me", "/api/v1/transactions", "/health/ready"] {
                let answer = try await t.send(.GET, path, as: ana)
                #expect(answer.status == .serviceUnavailable, "\(path): \(answer.body.string)")
                #expect(answer.headers.first(name: .retryAfter) != nil)
            }
        }
    }

    @Test("a number too large for its field is a validation error, not \"invalid JSON\"")
    func numberOutOfRange() async throws {
        try await TestApp.run(.sqlite) { t in
            let ana = try await t.person("ana@example.com")
            let body =
                #"{"bookedAt":"2026-03-01T10:00:00Z","payee":"x","amount":"-1.00","currency":"EUR","categoryId":1e30}"#
            let answer = try await t.send(.POST, "/api/v1/transactions", as: ana, json: body)
            #expect(answer.status == .badRequest)
            #expect(answer.body.string.contains("validation_failed"), "\(answer.body.string)")
        }
    }

    @Test("the activity list always carries nextCursor, null at the end")
    func activityCursor() async throws {
        try await TestApp.run(.sqlite) { t in
            let ana = try await t.person("ana@example.com")
            let answer = try await t.send(.GET, "/api/v1/activity", as: ana)
            #expect(answer.body.string.contains(#""nextCursor":null"#), "\(answer.body.string)")
        }
    }

    /// Categories, accounts and transactions of a user.
    private func counts(_ t: TestApp, _ person: TestApp.Person) async throws -> [Int] {
        var out: [Int] = []
        for table in ["categories", "accounts", "transactions"] { out.append(try await t.rowCount(table, of: person)) }
        return out
    }
}
