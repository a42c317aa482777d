import BillfoldCore
import Foundation
import Testing

@testable import BillfoldServer

/// `/v1`'s transaction objects are written directly for speed; the bytes must be the encoder's.
@Suite("The /v1 transaction writer")
struct LunchMoneyWriterTests {
    static func row(_ id: Int64, _ text: String, minor: Int64, currency: Currency = .eur) -> Transaction {
        var t = Transaction(
            id: id, accountID: 7, bookedAt: BookingTime(epochSeconds: 1_700_000_000 + id, offsetSeconds: 3600),
            payee: text.isEmpty ? "(no payee)" : text, originalName: text, notes: text,
            money: Money(minorUnits: minor, currency: currency), status: id % 2 == 0 ? .pending : .cleared,
            categoryID: 3, externalID: id % 3 == 0 ? "lunchmoney:\(id + 100_000_000)" : (text.isEmpty ? nil : text),
            createdAt: 1_600_000_000, updatedAt: 1_800_000_123)
        t.sourceExternalID = id % 3 == 0 ? "ext-\(id)" : nil
        t.parentID = id % 4 == 0 ? 1 : nil
        t.groupID = id % 5 == 0 ? 2 : nil
        return t
    }

    @Test("objects and pages: the encoder's bytes, awkward text, groups with children, tags", arguments: [false, true])
    func sameBytes(debitAsNegative: Bool) throws {
        let food = Category(id: 1, name: "Food \"&\" drink", isGroup: true, flags: CategoryFlags(isIncome: true))
        let groceries = Category(id: 3, name: "Grocer/ies\n", groupID: 1)
        let account = Account(id: 7, name: "Giro", displayName: "Giro – “main” 🏦", currency: .eur, createdAt: 0)
        var objects: [LunchMoneyTransactionJSON] = []
        for (index, text) in TransactionListJSONTests.awkward.enumerated() {
            let id = Int64(index + 1)
            var t = Self.row(
                id, text, minor: [-123_456, 5, 0, -1, 99_999_999, 1_250, -250_000][index % 7],
                currency: index == 4 ? .pbp : .eur)
            if index == 2 { t.kind = .group }
            if index == 3 { t.kind = .split }
            let members = index == 2 ? [Self.row(40, "member \u{1}", minor: -250), Self.row(41, "", minor: 7)] : nil
            objects.append(
                LunchMoneyTransactionJSON(
                    transaction: t, category: index == 5 ? nil : groceries, group: index == 5 ? nil : food,
                    account: index == 6 ? nil : account, zone: TimeZone(identifier: "Asia/Kathmandu")!,
                    debitAsNegative: debitAsNegative,
                    tags: index % 2 == 0 ? [Tag(id: 9, name: "Trip \"25\""), Tag(id: 10, name: "x")] : [],
                    members: members))
        }
        for object in objects {
            let expected = try JSONEncoder.api.encode(object)
            let written = Data(LunchMoneyTransactionWriter.object(object).readableBytesView)
            #expect(written == expected, "\(String(decoding: expected, as: UTF8.self))")
        }
        struct Page: Encodable {
            var transactions: [LunchMoneyTransactionJSON]
            var has_more: Bool
        }
        for more in [false, true] {
            let expected = try JSONEncoder.api.encode(Page(transactions: objects, has_more: more))
            #expect(Data(LunchMoneyTransactionWriter.page(objects, more: more).readableBytesView) == expected)
        }
        #expect(
            Data(LunchMoneyTransactionWriter.page([], more: false).readableBytesView)
                == (try JSONEncoder.api.encode(Page(transactions: [], has_more: false))))
    }

    @Test("to_base: money in another currency converted at its day's rate, points without one as they are")
    func toBase() throws {
        let usd = try Currency(code: "USD")
        let day = Day(year: 2023, month: 11, day: 14)
        let book = RateBook(rates: [
            ExchangeRate(day: day, base: "EUR", currency: "USD", rate: Decimal(string: "1.0823")!)
        ])
        let base = LunchMoneyBase(primary: .eur, book: book)
        for (minor, currency) in [(-123_456, usd), (5, usd), (-1, usd), (99_999_999, .pbp), (-250, .eur)] {
            for debitAsNegative in [false, true] {
                let money = Money(minorUnits: Int64(minor), currency: currency)
                var object = LunchMoneyTransactionJSON(
                    transaction: Self.row(1, "x", minor: Int64(minor), currency: currency), category: nil, group: nil,
                    account: nil, zone: TimeZone(identifier: "UTC")!, debitAsNegative: debitAsNegative)
                object.base = base
                let written =
                    try JSONSerialization.jsonObject(
                        with: Data(LunchMoneyTransactionWriter.object(object).readableBytesView)) as! [String: Any]
                let expected = LunchMoneyAmount.toBase(
                    money, on: day, primary: .eur, book: book, debitAsNegative: debitAsNegative)
                #expect("\(written["to_base"]!)" == "\(expected)", "\(money), debits negative: \(debitAsNegative)")
                #expect(
                    try JSONEncoder.api.encode(object)
                        == Data(LunchMoneyTransactionWriter.object(object).readableBytesView))
            }
        }
    }
}
