import BillfoldAPI
import BillfoldCore
import Foundation
import Testing

@testable import BillfoldServer

@Suite("Lunch Money import")
struct LunchMoneyImportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/lunchmoney")

    @Test("imports categories, accounts and transactions; a second import adds nothing", arguments: TestDatabase.all)
    func imports(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let rows = try Data(contentsOf: Self.fixtures.appendingPathComponent("transactions.json"))
            let groups = try Data(contentsOf: Self.fixtures.appendingPathComponent("categories-nested.json"))
            let importer = LunchMoneyImport(database: t.app.db, user: ana.user, clock: t.app.wallClock)
            let first = try await importer.run(transactions: rows, categories: groups)
            #expect(first.read == 5 && first.added == 5)
            let again = try await importer.run(transactions: rows, categories: groups)
            #expect(again.added == 0 && again.skipped == 5)
            // The split comes in as one: its parent shown but not counted, its parts linked and counted.
            let all = try await t.transactions(ana).page(.everything, after: nil, limit: 10).transactions
            let parent = try #require(all.first { $0.externalID == "lunchmoney:4100000003" })
            #expect(parent.kind == .split)
            #expect(all.filter { $0.parentID == parent.id }.count == 2)
            let totals = try await t.get(TransactionListResponse.self, "/api/v1/transactions", as: ana).totals
            #expect(totals.map(\.count).reduce(0, +) == 4, "the parent is not counted")
            let tree = try await t.categories(ana).tree()
            let household = try #require(tree.all.first { $0.name == "Household" })
            #expect(household.isGroup && tree.children(of: household.id).map(\.name) == ["Cleaning", "Groceries"])
            #expect(tree.all.first { $0.name == "Paycheck" }?.flags.isIncome == true)
            #expect(tree.all.first { $0.name == "Tools" } != nil, "a category only the transactions name is made too")
            #expect(tree.all.count == 5)
            let list = try await t.get(
                TransactionListResponse.self, "/api/v1/transactions?category=\(household.id)", as: ana)
            #expect(list.transactions.map(\.payee) == ["Corner Market"] && list.transactions[0].amount == "-42.10")
            #expect(try await t.transactions(ana).count() == 5)
            let bad = Data(#"{"transactions":[{"id":1,"date":"2025-05-02","amount":"x","currency":"eur"}]}"#.utf8)
            await #expect(throws: BillfoldError.self) { try await importer.run(transactions: bad, categories: nil) }
            #expect(try await t.transactions(ana).count() == 5)
        }
    }

    @Test(
        "/v1 lists imported rows as Lunch Money does: by day, then by Lunch Money's id, whatever the file's order",
        arguments: TestDatabase.all)
    func keepsLunchMoneysOrder(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            func row(_ id: Int, _ date: String) -> String {
                #"{"id": \#(id), "date": "\#(date)", "amount": "1.0000", "currency": "eur", "payee": "Shop \#(id)", "#
                    + #""status": "uncleared", "asset_id": 7001, "asset_display_name": "Checking", "is_group": false}"#
            }
            let rows = [row(30, "2025-05-02"), row(10, "2025-05-02"), row(40, "2025-05-01"), row(20, "2025-05-02")]
            let file = Data(#"{"transactions": [\#(rows.joined(separator: ","))]}"#.utf8)
            let imported = try await LunchMoneyImport(database: t.app.db, user: ana.user, clock: t.app.wallClock).run(
                transactions: file, categories: nil)
            #expect(imported.added == 4)
            struct Page: Decodable {
                struct Row: Decodable { var id: Int64 }
                var transactions: [Row]
            }
            for limit in [1000, 3] {
                var ids: [Int64] = []
                var offset = 0
                while true {
                    let page = try await t.get(
                        Page.self,
                        "/v1/transactions?start_date=2025-05-01&end_date=2025-05-31&limit=\(limit)&offset=\(offset)",
                        as: ana)
                    ids += page.transactions.map(\.id)
                    if page.transactions.count < limit { break }
                    offset += limit
                }
                #expect(ids == [40, 10, 20, 30], "pages of \(limit)")
            }
        }
    }

    @Test("a transaction group comes in as one, on its members' account, counted once", arguments: TestDatabase.all)
    func groups(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            func item(_ id: Int, _ amount: String, asset: String, extra: String) -> String {
                #"{"id":\#(id),"date":"2025-05-02","amount":"\#(amount)","currency":"eur","payee":"P\#(id)","#
                    + #""asset_id":\#(asset),\#(extra)}"#
            }
            let file =
                #"{"transactions":["#
                + [
                    item(1, "12.0000", asset: "null", extra: #""is_group":true,"group_id":null"#),
                    item(2, "5.0000", asset: "7001", extra: #""is_group":false,"group_id":1"#),
                    item(3, "7.0000", asset: "7001", extra: #""is_group":false,"group_id":1"#),
                ].joined(separator: ",") + "]}"
            let outcome = try await LunchMoneyImport(database: t.app.db, user: ana.user, clock: t.app.wallClock)
                .run(transactions: Data(file.utf8), categories: nil)
            #expect(outcome.added == 3)
            let all = try await t.transactions(ana).page(.everything, after: nil, limit: 10).transactions
            let group = try #require(all.first { $0.kind == .group })
            #expect(all.filter { $0.groupID == group.id }.count == 2)
            #expect(Set(all.map(\.accountID)).count == 1, "no account made for the group alone")
            let totals = try await t.get(TransactionListResponse.self, "/api/v1/transactions", as: ana).totals
            #expect(totals == [TotalDTO(currency: "EUR", amount: "-12.00", count: 2)])
        }
    }
}
