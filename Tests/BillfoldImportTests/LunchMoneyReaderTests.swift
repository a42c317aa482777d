import BillfoldCore
import BillfoldImport
import Foundation
import Testing

@Suite("Lunch Money reader")
struct LunchMoneyReaderTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    @Test("transactions: signs turned round, float noise rounded, a split kept with its parts' links")
    func transactions() throws {
        let rows = try LunchMoneyReader.transactions(try Fixture.data("lunchmoney/transactions.json"), timeZone: berlin)
        #expect(rows.map(\.id) == [4_100_000_001, 4_100_000_002, 4_100_000_003, 4_100_000_004, 4_100_000_005])
        #expect(rows.map(\.kind) == [nil, nil, .split, nil, nil])
        #expect(rows.map { $0.linkedTo?.id } == [nil, nil, nil, 4_100_000_003, 4_100_000_003])
        #expect(rows[0].transaction.money == Money(minorUnits: -4210, currency: .eur), "a debit is spending")
        #expect(rows[1].transaction.money == Money(minorUnits: 250_000, currency: .eur))
        #expect(rows[4].transaction.money == Money(minorUnits: -1000, currency: .usd), "9.99999999999999 is 10.00")
        #expect(rows[0].transaction.status == .uncleared && rows[1].transaction.status == .cleared)
        #expect(rows[0].transaction.externalID == "lunchmoney:4100000001")
        #expect(rows[0].transaction.originalName == "CORNER MKT 123" && rows[0].transaction.notes == "weekly shop")
        #expect(rows[0].accountKey == "asset:7001" && rows[0].accountName == "Checking")
        #expect(rows[3].accountKey == "plaid:8001" && rows[3].categoryName == "Tools")
        #expect(Day(rows[0].transaction.bookedAt.date, in: berlin).description == "2025-05-02")
    }

    @Test("categories: nested children read once, groups first, flags kept")
    func categories() throws {
        let categories = try LunchMoneyReader.categories(try Fixture.data("lunchmoney/categories-nested.json"))
        #expect(categories.map(\.name) == ["Household", "Groceries", "Cleaning", "Paycheck"])
        #expect(categories[1].groupID == 900_001 && categories[2].flags.excludeFromBudget)
        #expect(categories[3].flags.isIncome && categories[2].description == "Soap and sponges")
    }

    @Test(
        "a bad item refuses the file and names it",
        arguments: [
            (#"{"transactions":[{"id":1,"date":"05/02/2025","amount":"1","currency":"eur"}]}"#, "transactions[0].date"),
            (
                #"{"transactions":[{"id":1,"date":"2025-05-02","amount":"1.005","currency":"usd"}]}"#,
                "transactions[0].amount"
            ),
            (
                #"{"transactions":[{"id":1,"date":"2025-05-02","amount":"1","currency":"zz"}]}"#,
                "transactions[0].currency"
            ),
            (#"{"transactions":[{"date":"2025-05-02","amount":"1","currency":"eur"}]}"#, "id"),
            (#"{"items":[]}"#, "transactions"),
        ])
    func refuses(json: String, place: String) {
        do {
            _ = try LunchMoneyReader.transactions(Data(json.utf8), timeZone: berlin)
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.code == .invalidImportFile)
            #expect(
                error.message.contains(place) && error.message.hasSuffix("Nothing was imported."), "\(error.message)")
        }
    }

    @Test(
        "reads Lunch Money's own recorded answers from ../shared/fixtures",
        .enabled(if: FileManager.default.fileExists(atPath: Self.shared.path)))
    func sharedFixtures() throws {
        let rows = try LunchMoneyReader.transactions(try Data(contentsOf: Self.shared), timeZone: berlin)
        #expect(rows.count == 19, "the transaction group's row too")
        #expect(rows.filter { $0.linkedTo?.id == 855_353_975 }.count == 3)
        #expect(rows.allSatisfy { $0.transaction.status == .uncleared && $0.transaction.money.isExpense })
        #expect(rows.filter { $0.kind == .group }.map(\.id) == [855_353_975])
        let categories = try LunchMoneyReader.categories(
            try Data(
                contentsOf: Self.shared.deletingLastPathComponent().appendingPathComponent("lunchmoney-categories.json")
            ))
        #expect(Set(rows.compactMap(\.categoryID)).isSubset(of: Set(categories.map(\.id))))
    }

    static let shared = Fixture.folder.deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/fixtures/lunchmoney-transactions.json")
}

@Suite("Lunch Money reader refuses control characters")
struct LunchMoneyControlCharacterTests {
    @Test("a category name with a NUL refuses the file")
    func categoryName() {
        let file = #"{"categories":[{"id":1,"name":"Food\u0000Hidden","is_group":false}]}"#
        #expect(throws: BillfoldError.self) { try LunchMoneyReader.categories(Data(file.utf8)) }
    }
}
