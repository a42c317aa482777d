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

    @Test("a suggestion is written as the encoder writes it", arguments: [1.0, 0.87, 0.6, 0.7 + 0.0001, 0.999])
    func suggestion(confidence: Double) throws {
        let transaction = Transaction(
            id: 5, accountID: 7, bookedAt: BookingTime(epochSeconds: 1_700_000_000, offsetSeconds: 3600),
            payee: "Rewe", originalName: "REWE SAGT DANKE", notes: "", money: Money(minorUnits: -2_345, currency: .eur),
            status: .uncleared, categoryID: nil, externalID: nil, createdAt: 0, updatedAt: 0)
        let suggested = TransactionDTO(transaction, suggestion: Suggestion(categoryID: 12, confidence: confidence))
        let response = TransactionListResponse(
            transactions: [suggested, TransactionDTO(transaction)], nextCursor: nil, totals: [])
        let expected = try JSONEncoder.api.encode(response)
        #expect(
            Data(TransactionListJSON.encode(response).readableBytesView) == expected,
            "\(String(decoding: expected, as: UTF8.self))")
    }

    @Test("an empty list")
    func empty() throws {
        let response = TransactionListResponse(transactions: [], nextCursor: nil, totals: [])
        #expect(Data(TransactionListJSON.encode(response).readableBytesView) == (try JSONEncoder.api.encode(response)))
    }
}
