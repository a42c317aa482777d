import BillfoldAPI
import BillfoldCore
import Foundation
import Testing

@testable import BillfoldServer

/// `/v1/transactions` lists what Lunch Money lists for the same data: the same rows, under Lunch
/// Money's ids, with the same links (reference §1, "Which rows appear").
@Suite("Lunch Money v1 rows")
struct LunchMoneyV1RowsTests {
    /// What a row says about itself and its links, as compared here.
    struct Row: Decodable, Equatable, CustomStringConvertible {
        var id: Int64
        var date: String
        var amount: String
        var parent_id: Int64?
        var has_children: Bool?
        var group_id: Int64?
        var is_group: Bool
        var is_pending: Bool
        var external_id: String?
        var children: [Child]?

        struct Child: Decodable, Equatable {
            var id: Int64
            var amount: String
        }

        var description: String { "\(id) \(date) \(amount) p\(parent_id ?? 0) g\(group_id ?? 0)" }

        /// Lunch Money writes a group's total as a float ("115.78999999999999") and `has_children`
        /// as null or false: compared as cents and as a yes or no.
        func normalised() -> Row {
            var row = self
            row.amount = Self.cents(amount)
            row.has_children = has_children ?? false
            row.children = children?.map { Child(id: $0.id, amount: Self.cents($0.amount)) }
            if row.children?.isEmpty == true && !is_group { row.children = nil }
            return row
        }

        static func cents(_ text: String) -> String {
            var value = Decimal(string: text)!
            var rounded = Decimal()
            NSDecimalRound(&rounded, &value, 2, .plain)
            return "\(rounded)"
        }
    }

    struct Page: Decodable {
        var transactions: [Row]
    }

    static let shared = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/fixtures")
    static let own = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/lunchmoney")

    func rows(_ t: TestApp, _ person: TestApp.Person, _ query: String) async throws -> [Row] {
        try await t.get(Page.self, "/v1/transactions?\(query)", as: person).transactions.map { $0.normalised() }
    }

    @Test(
        "a real Lunch Money answer, imported, is listed back with its ids, group and children",
        arguments: TestDatabase.all)
    func realAnswer(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com", currency: try Currency(code: "USD"))
            // Billfold rows first, so Billfold's own ids differ from Lunch Money's.
            try await t.add(ana, [spend("Before", "-1.00", at: "2023-12-01T10:00:00Z")])
            let file = try Data(contentsOf: Self.shared.appendingPathComponent("lunchmoney-transactions.json"))
            _ = try await LunchMoneyImport(database: t.app.db, user: ana.user, clock: t.app.wallClock).run(
                transactions: file, categories: nil)
            let expected = try JSONDecoder().decode(Page.self, from: file).transactions.map { $0.normalised() }
            let listed = try await rows(t, ana, "start_date=2024-01-01&end_date=2024-01-31")
            #expect(listed == expected)
            let group = try await t.get(Row.self, "/v1/transactions/group?transaction_id=179018398", as: ana)
            #expect(group.id == 855_353_975 && group.children?.map(\.id) == [179_018_392, 179_018_398, 179_018_399])
            let one = try await t.get(Row.self, "/v1/transactions/179018477", as: ana)
            #expect(one.normalised() == expected.first { $0.id == 179_018_477 })
        }
    }

    @Test("splits, groups and pending rows: exactly Lunch Money's rows, ids and links", arguments: TestDatabase.all)
    func splitsGroupsPending(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            try await t.add(ana, [spend("Before", "-1.00", at: "2025-02-01T10:00:00Z")])
            let file = try Data(contentsOf: Self.own.appendingPathComponent("splits-groups-pending.json"))
            _ = try await LunchMoneyImport(database: t.app.db, user: ana.user, clock: t.app.wallClock).run(
                transactions: file, categories: nil)
            func row(
                _ id: Int64, _ date: String, _ amount: String, parent: Int64? = nil, split: Bool = false,
                group: Int64? = nil, isGroup: Bool = false, pending: Bool = false, external: String? = nil,
                children: [(Int64, String)]? = nil
            ) -> Row {
                Row(
                    id: id, date: "2025-03-\(date)", amount: amount, parent_id: parent, has_children: split,
                    group_id: group, is_group: isGroup, is_pending: pending, external_id: external,
                    children: children?.map { Row.Child(id: $0.0, amount: $0.1) })
            }
            // Written from the reference: split parents and their parts, group rows with their
            // children and their members, by date then id; pending rows only when asked for.
            let posted = [
                row(500_000_001, "03", "60", split: true),
                row(500_000_002, "03", "45", parent: 500_000_001),
                row(500_000_003, "03", "15", parent: 500_000_001),
                row(500_000_011, "05", "20", external: "bank-abc-1"),
                row(500_000_020, "06", "30", isGroup: true, children: [(500_000_021, "12"), (500_000_022, "18")]),
                row(500_000_021, "06", "12", group: 500_000_020),
                row(500_000_022, "06", "18", group: 500_000_020),
            ]
            let range = "start_date=2025-03-01&end_date=2025-03-31"
            #expect(try await rows(t, ana, range) == posted)
            var withPending = posted
            withPending.insert(row(500_000_010, "04", "9.5", pending: true), at: 3)
            #expect(try await rows(t, ana, range + "&pending=true") == withPending)
            // Every real amount counts once: the parts, the members, the plain and pending rows.
            let totals = try await t.get(
                TransactionListResponse.self, "/api/v1/transactions?from=2025-03-01&to=2025-03-31", as: ana
            ).totals
            #expect(totals.map(\.amount) == ["-119.50"])
            // A row sent back as it was read is taken, external_id and all (its source's own, or null).
            for (id, external) in [(500_000_011, #""bank-abc-1""#), (500_000_021, "null")] {
                let update = try await t.send(
                    .PUT, "/v1/transactions/\(id)", as: ana,
                    json: #"{"transaction": {"external_id": \#(external), "notes": "sent back"}}"#)
                #expect(update.status == .ok, "\(id): \(update.body.string)")
            }
            let other = try await t.send(
                .PUT, "/v1/transactions/500000011", as: ana, json: #"{"transaction": {"external_id": "other"}}"#)
            #expect(other.status == .badRequest, "a different external_id is still refused")
            // Lunch Money's ids work for writes too: unsplitting the parent answers its parts' ids.
            let deleted = try await t.send(
                .POST, "/v1/transactions/unsplit", as: ana, json: #"{"parent_ids":[500000001]}"#)
            #expect(deleted.body.string == "[500000002,500000003]")
            let ungrouped = try await t.send(.DELETE, "/v1/transactions/group/500000020", as: ana)
            #expect(ungrouped.body.string == #"{"transactions":[500000021,500000022]}"#)
        }
    }
}
