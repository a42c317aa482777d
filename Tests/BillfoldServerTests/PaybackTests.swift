import BillfoldCore
import BillfoldImport
import Foundation
import Testing
import VaporTesting

@testable import BillfoldServer

@Suite("PAYBACK import and feed")
struct PaybackTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/payback/points.json")

    @Test("importing twice adds nothing the second time", arguments: TestDatabase.all)
    func reimport(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let data = try Data(contentsOf: Self.file)
            let first = try await PaybackImport(database: t.app.db, user: ana.user, clock: t.app.wallClock).run(data)
            #expect(first.read == 4 && first.added == 4)
            let second = try await PaybackImport(database: t.app.db, user: ana.user, clock: t.app.wallClock).run(data)
            #expect(second.read == 4 && second.added == 0 && second.skipped == 4)
            #expect(try await t.transactions(ana).count() == 4)
            let tree = try await t.categories(ana).tree()
            #expect(
                tree.all.map(\.name).sorted() == [
                    "PAYBACK", "PAYBACK category 1", "PAYBACK category 2", "PAYBACK category 5",
                ])
            // Another user importing the same file gets their own copy.
            let bob = try await t.person("bob@example.com")
            #expect(
                try await PaybackImport(database: t.app.db, user: bob.user, clock: t.app.wallClock).run(data).added == 4
            )
        }
    }

    @Test("a malformed file writes nothing at all", arguments: TestDatabase.all)
    func malformed(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let text = try String(contentsOf: Self.file, encoding: .utf8)
                .replacingOccurrences(of: "2025-12-24T11:59:05+0200", with: "24.12.2025")
            await #expect(throws: BillfoldError.self) {
                try await PaybackImport(database: t.app.db, user: ana.user, clock: t.app.wallClock).run(Data(text.utf8))
            }
            #expect(try await t.transactions(ana).count() == 0)
            #expect(try await t.categories(ana).tree().all.isEmpty)
        }
    }

    @Test("the feed answers in the file's shape, newest first, with the original offsets", arguments: TestDatabase.all)
    func feed(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            _ = try await PaybackImport(database: t.app.db, user: ana.user, clock: t.app.wallClock).run(
                try Data(contentsOf: Self.file))
            let response = try await t.send(.GET, "/payback/transactions", as: ana)
            #expect(response.status == .ok)
            let feed = try JSONDecoder().decode(PaybackFile.self, from: Data(response.body.readableBytesView))
            #expect(
                feed.items.map(\.alias.reference) == [
                    "2042000000000201", "104200000000019", "004200000000018", "004200000000017",
                ])
            #expect(
                feed.items.map(\.transactionDetail.bookingDate) == [
                    "2025-12-24T11:59:05+0200", "2025-06-01T17:45:30+0200", "2025-06-01T17:45:30+0200",
                    "2025-03-14T08:15:00+0100",
                ])
            #expect(feed.items.map(\.category) == [5, 1, 2, 1])
            #expect(feed.items[2].transactionDetail.description == nil)
            #expect(
                !response.body.string.contains(#""description":null"#),
                "an empty description is left out, as PAYBACK does")
            #expect(feed.items[0].transactionDetail.value == .init(amount: -1500, currency: "PBP"))
            #expect(try await t.send(.GET, "/payback/transactions").status == .unauthorized)
            // Other categories answer with their Billfold id, no category with 0.
            let rent = try await t.categories(ana).forSource("t:rent", name: "Rent", now: Timestamp.now())
            try await t.add(
                ana,
                [
                    spend("Landlord", "-900.00", at: "2026-01-01T09:00:00Z", category: rent.id),
                    spend("Kiosk", "-2.50", at: "2026-01-02T09:00:00Z"),
                ])
            let mixed = try JSONDecoder().decode(
                PaybackFile.self,
                from: Data(try await t.send(.GET, "/payback/transactions", as: ana).body.readableBytesView))
            #expect(mixed.items.prefix(2).map(\.category) == [0, Int(rent.id)])
            #expect(
                mixed.items.prefix(2).map(\.transactionDetail.value) == [
                    .init(amount: -2.5, currency: "EUR"), .init(amount: -900, currency: "EUR"),
                ])
        }
    }

    @Test(
        "the feed streams the same bytes as one body, across pages, and pages on request", arguments: TestDatabase.all)
    func streamAndPages(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let tricky = [
                spend("Caf\u{e9} \"Zum Hirsch\"", "-2.50", at: "2026-02-01T09:00:00Z", notes: "a\\b\nc\t/d \u{1}"),
                spend("Yen", "-1500", try Currency(code: "JPY"), at: "2026-02-02T09:00:00Z"),
                spend("Cent", "0.01", at: "2026-02-03T09:00:00Z"),
            ]
            // More rows than one step of the stream reads, so its pages join.
            var many: [NewTransaction] = []
            for index in 0..<(PaybackFeedController.streamPage + 150) {
                let (month, day, minute) = (1 + index % 12, 1 + index % 28, index % 60)
                let time = String(format: "2025-%02d-%02dT10:%02d:00Z", month, day, minute)
                many.append(spend("Shop \(index)", "-1.00", at: time))
            }
            try await t.add(ana, tricky + many)
            let whole = try await t.send(.GET, "/payback/transactions", as: ana)
            #expect(whole.status == .ok && whole.headers.contentType == .json)
            let rows = try await t.transactions(ana).page(.everything, after: nil, limit: 5000).transactions
            let totals = try await t.transactions(ana).totals(.everything)
            let expected = try JSONEncoder.api.encode(PaybackWriter.file(rows, totals: totals) { _ in 0 })
            #expect(Data(whole.body.readableBytesView) == expected, "the stream writes what the encoder would")
            // Pages: follow the Link header to the end; together they are the whole feed.
            var address: String? = "/payback/transactions?limit=500"
            var paged: [PaybackFile.Item] = []
            var pages = 0
            while let next = address {
                let response = try await t.send(.GET, next, as: ana)
                #expect(response.status == .ok)
                paged += try JSONDecoder().decode(PaybackFile.self, from: Data(response.body.readableBytesView)).items
                address = response.headers.first(name: "Link").map {
                    String($0.dropFirst().prefix { $0 != ">" })
                }
                pages += 1
            }
            #expect(pages == 3)
            // Every page carries the whole filter's sums: -1,150 € in 1,151 rows, and the yen apart.
            let last = try await t.send(.GET, "/payback/transactions?limit=1", as: ana)
            let sums = try JSONDecoder().decode(PaybackFile.self, from: Data(last.body.readableBytesView)).totals
            #expect(
                sums == [
                    .init(amount: Decimal(string: "-1152.49")!, currency: "EUR", count: 1152),
                    .init(amount: -1500, currency: "JPY", count: 1),
                ])
            #expect(paged == (try JSONDecoder().decode(PaybackFile.self, from: expected).items))
            let filtered = try await t.send(.GET, "/payback/transactions?from=2026-02-01&limit=2", as: ana)
            let link = try #require(filtered.headers.first(name: "Link"))
            #expect(link.contains("from=2026-02-01") && link.contains("limit=2") && link.hasSuffix("; rel=\"next\""))
            #expect(try await t.send(.GET, "/payback/transactions?limit=0", as: ana).status == .badRequest)
            #expect(try await t.send(.GET, "/payback/transactions?cursor=nonsense!", as: ana).status == .badRequest)
        }
    }
}
