import BillfoldAPI
import BillfoldCore
import Foundation
import Testing

@testable import BillfoldServer

@Suite("The list's JSON writer")
struct TransactionListJSONTests {
    static let awkward = [
        "", "plain", "Quote \" and \\ backslash", "new\nline\ttab\rreturn", "\u{08}\u{0C}\u{01}\u{1F}\u{7F}",
        "slash / stays", "Bäckerei – “Krume” 日本 🍞", "\u{2028}\u{2029}", "</script>",
    ]

    @Test("writes exactly the bytes JSONEncoder writes", arguments: awkward)
    func sameBytes(text: String) throws {
        let transaction = Transaction(
            id: 9_007_199_254_740_993, accountID: 7,
            bookedAt: BookingTime(epochSeconds: 1_700_000_000, offsetSeconds: -12_600),
            payee: text, originalName: text + "!", notes: text, money: Money(minorUnits: -123_456, currency: .eur),
            status: .pending, categoryID: text.isEmpty ? nil : 42, externalID: text.isEmpty ? nil : text,
            createdAt: 0, updatedAt: 1_800_000_000)
        let response = TransactionListResponse(
            transactions: [TransactionDTO(transaction), TransactionDTO(transaction)],
            nextCursor: text.isEmpty ? nil : "abc_-", totals: [TotalDTO(currency: "EUR", amount: "-1234.56", count: 2)])
        let expected = try JSONEncoder.api.encode(response)
        let written = TransactionListJSON.encode(response)
        #expect(Data(written.readableBytesView) == expected, "\(String(decoding: expected, as: UTF8.self))")
        #expect(
            try JSONDecoder().decode(TransactionListResponse.self, from: Data(written.readableBytesView)) == response)
    }

    @Test("an empty list")
    func empty() throws {
        let response = TransactionListResponse(transactions: [], nextCursor: nil, totals: [])
        #expect(Data(TransactionListJSON.encode(response).readableBytesView) == (try JSONEncoder.api.encode(response)))
    }
}
