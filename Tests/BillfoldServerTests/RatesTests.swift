import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Foundation
import Testing
import Vapor

@testable import BillfoldServer

/// Exchange rates: the ECB's history imported, the list's one converted total checked by hand,
/// the nearest earlier day's rate, a currency without any rate, points at a person's own rate,
/// `/v1`'s `to_base`; a bad file writes nothing.
@Suite("Exchange rates")
struct RatesTests {
    static let ecb = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "shared/fixtures/rates/eurofxref-hist.csv")

    /// Two days of the ECB's rates, as its file has them.
    static let twoDays = """
        Date,USD,JPY,CYP,GBP,
        2025-05-09,1.1252,163.36,N/A,0.8477,
        2025-05-08,1.1297,163.45,N/A,0.8476,
        """

    static func list(_ t: TestApp, _ person: TestApp.Person, _ query: String = "") async throws
        -> TransactionListResponse
    {
        try await t.get(TransactionListResponse.self, "/api/v1/transactions?limit=5" + query, as: person)
    }

    @Test(
        "the ECB's history imported whole, on both databases",
        .enabled(if: FileManager.default.fileExists(atPath: Self.ecb.path)), arguments: TestDatabase.all)
    func history(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let summary = try await RatesImport.run(
                try Data(contentsOf: Self.ecb), source: "ecb", on: t.app.db, now: 1_800_000_000)
            #expect(summary.written == 210_545 && summary.reading.currencies.count == 41)
            let stored = try await RatesRepository(database: t.app.db.sql).all()
            #expect(stored.count == 210_545)
            #expect(
                stored.contains {
                    $0.currency == "JPY" && $0.day == Day(year: 1999, month: 1, day: 4)
                        && $0.rate == Decimal(string: "133.73")
                })
            // Again: the same rates, no second copy.
            _ = try await RatesImport.run(
                try Data(contentsOf: Self.ecb), source: "ecb", on: t.app.db, now: 1_800_000_001)
            #expect(try await RatesRepository(database: t.app.db.sql).all().count == 210_545)
        }
    }

    @Test(
        "a person's rate book is kept between requests while their rates and the published ones stay",
        arguments: TestDatabase.all)
    func keptBooks(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            try await t.add(
                ana,
                [
                    spend("Diner", "-100.00", .usd, at: "2025-05-09T12:00:00Z"),
                    spend("PAYBACK", "500", .pbp, at: "2025-05-09T12:00:00Z"),
                ])
            _ = try await RatesImport.run(Data(Self.twoDays.utf8), source: "ecb", on: t.app.db, now: 1_800_000_000)
            let set = try await t.send(
                .POST, "/api/v1/rates", as: ana, json: #"{"currency":"PBP","day":"2025-01-01","rate":"0.01"}"#)
            #expect(set.status == .created, "\(set.body.string)")
            // -100 / 1.1252 + 500 × 0.01 = -83.87
            #expect(try await Self.list(t, ana).convertedTotal?.amount == "-83.87")
            #expect(t.app.keptRateBooks?.count == 1)

            let sql = t.app.db.sql
            struct Stamp: Decodable { var rates_stamp: Int64 }
            let stamp = {
                try await sql.raw("SELECT rates_stamp FROM users WHERE id = \(bind: ana.id)")
                    .first(decoding: Stamp.self)?.rates_stamp
            }
            // The kept book answers while the stamp holds: a rate changed with the stamp put back
            // (as no code does) is not read.
            let held = try await stamp()
            try await sql.raw("UPDATE personal_rates SET rate = '0.02' WHERE user_id = \(bind: ana.id)").run()
            #expect(try await stamp() != held, "a write to a person's rates changes their stamp")
            try await sql.raw("UPDATE users SET rates_stamp = \(bind: held) WHERE id = \(bind: ana.id)").run()
            #expect(try await Self.list(t, ana).convertedTotal?.amount == "-83.87")

            // Changed beside this server (another one sharing the database, plain SQL): used at once.
            try await sql.raw("UPDATE personal_rates SET rate = '0.03' WHERE user_id = \(bind: ana.id)").run()
            #expect(try await Self.list(t, ana).convertedTotal?.amount == "-73.87")
            try await t.secondInstance { other in
                let set = try await other.send(
                    .POST, "/api/v1/rates", as: ana, json: #"{"currency":"PBP","day":"2025-01-01","rate":"0.04"}"#)
                #expect(set.status == .created, "\(set.body.string)")
            }
            #expect(try await Self.list(t, ana).convertedTotal?.amount == "-68.87")
            // Published rates imported anew (the command line): used at once. -100 / 1.25 + 20 = -60
            _ = try await RatesImport.run(
                Data("Date,USD,\n2025-05-09,1.25,\n".utf8), source: "ecb", on: t.app.db, now: 1_800_000_100)
            #expect(try await Self.list(t, ana).convertedTotal?.amount == "-60.00")
            // A new main currency (changing no stamp) needs its own rates: (-80 + 20) × 0.8477
            try await sql.raw("UPDATE users SET currency = 'GBP' WHERE id = \(bind: ana.id)").run()
            let pounds = try #require(try await Self.list(t, ana).convertedTotal)
            #expect(pounds.amount == "-50.86" && pounds.currency == "GBP" && pounds.missingCurrencies.isEmpty)
        }
    }

    @Test(
        "one converted total, checked by hand; an earlier day's rate; no rate at all; points",
        arguments: TestDatabase.all)
    func converted(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            try await t.add(
                ana,
                [
                    spend("Diner", "-100.00", .usd, at: "2025-05-09T12:00:00Z"),
                    // A Saturday: the ECB published nothing, Friday's rate stands in.
                    spend("Pub", "-10.00", try Currency(code: "GBP"), at: "2025-05-10T12:00:00Z"),
                    spend("Market", "-50.00", at: "2025-05-09T12:00:00Z"),
                ])
            // No rates yet: the pounds and dollars are left out and named, never counted 1 : 1.
            let before = try #require(try await Self.list(t, ana).convertedTotal)
            #expect(before.amount == "-50.00" && before.missingCurrencies == ["GBP", "USD"])

            _ = try await RatesImport.run(Data(Self.twoDays.utf8), source: "ecb", on: t.app.db, now: 1_800_000_000)
            let after = try #require(try await Self.list(t, ana).convertedTotal)
            // -100 / 1.1252 - 10 / 0.8477 - 50 = -150.66971…, rounded once.
            #expect(after.amount == "-150.67" && after.currency == "EUR" && after.missingCurrencies.isEmpty)
            #expect(after.usedEarlierRates && after.oldestRate == "2025-05-09")
            // Only euros: the per-currency total says it, no converted one.
            #expect(try await Self.list(t, ana, "&q=market").convertedTotal == nil)

            // Points at the person's own rate: 500 PBP at 0.01 EUR.
            try await t.add(ana, [spend("PAYBACK", "500", .pbp, at: "2025-05-09T12:00:00Z")])
            #expect(try await Self.list(t, ana).convertedTotal?.missingCurrencies == ["PBP"])
            let set = try await t.send(
                .POST, "/api/v1/rates", as: ana, json: #"{"currency":"PBP","day":"2025-01-01","rate":"0.01"}"#)
            #expect(set.status == .created, "\(set.body.string)")
            let rate = try JSONDecoder().decode(PersonalRateDTO.self, from: set.body)
            #expect(rate.quote == "EUR" && rate.rate == "0.01")
            #expect(try await Self.list(t, ana).convertedTotal?.amount == "-145.67")
            let rates = try await t.get(RatesResponse.self, "/api/v1/rates", as: ana)
            #expect(rates.personal.map(\.currency) == ["PBP"] && rates.sources.map(\.name) == ["ecb"])

            // Bad rates are refused and another person cannot touch ana's.
            for body in [
                #"{"currency":"PBP","rate":"-1"}"#, #"{"currency":"PBP","rate":"1,5"}"#,
                #"{"currency":"EUR","rate":"2"}"#, #"{"currency":"XXZ","rate":"2"}"#,
                #"{"currency":"PBP","rate":"2","day":"2025-02-30"}"#,
            ] {
                let refused = try await t.send(.POST, "/api/v1/rates", as: ana, json: body)
                #expect(refused.status == .badRequest, "\(body): \(refused.body.string)")
            }
            let ben = try await t.person("ben@example.com")
            #expect(try await t.send(.DELETE, "/api/v1/rates/\(rate.id)", as: ben).status == .notFound)
            #expect(try await t.get(RatesResponse.self, "/api/v1/rates", as: ben).personal.isEmpty)
            #expect(try await t.send(.DELETE, "/api/v1/rates/\(rate.id)", as: ana).status == .noContent)

            // /v1 answers to_base in the primary currency at the day's rate (spending positive).
            let v1 = try await t.send(.GET, "/v1/transactions?start_date=2025-05-01&end_date=2025-05-31", as: ana)
            let body = try #require(
                try JSONSerialization.jsonObject(with: Data(v1.body.readableBytesView)) as? [String: Any])
            let rows = try #require(body["transactions"] as? [[String: Any]])
            let diner = try #require(rows.first { $0["payee"] as? String == "Diner" })
            #expect((diner["to_base"] as? NSNumber)?.decimalValue == Decimal(string: "88.87"))
            #expect((diner["amount"] as? String) == "100.0000")
        }
    }

    @Test("a bad rates file writes nothing", arguments: TestDatabase.all)
    func badFile(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let broken = Self.twoDays + "\n2025-05-07,1.12,x,N/A,0.84,\n"
            await #expect(throws: BillfoldError.self) {
                try await RatesImport.run(Data(broken.utf8), source: "ecb", on: t.app.db, now: 1)
            }
            let rates = try await RatesRepository(database: t.app.db.sql).all()
            let sources = try await RatesRepository(database: t.app.db.sql).sources()
            #expect(rates.isEmpty && sources.isEmpty)
        }
    }
}
