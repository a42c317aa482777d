import BillfoldCore
import Foundation
import Testing

@testable import BillfoldKit

/// The screens over a local JSON book (Tests/Fixtures/kit/book.json, written for this project):
/// no server, same view models.
@Suite("Local book")
@MainActor
struct LocalBookTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/kit/book.json")

    static func copy() throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("book-\(UUID().uuidString).json")
        try FileManager.default.copyItem(at: fixture, to: copy)
        return copy
    }

    @Test("the list filters by a group and totals per currency; the deck clears and moves, saved to the file")
    func screensOverAFile() async throws {
        let url = try Self.copy()
        defer { try? FileManager.default.removeItem(at: url) }
        let book = try LocalBook(url: url, saving: true)
        let list = TransactionsViewModel(source: book, pageSize: 2)
        await list.load(TransactionFilter(categoryID: 1))
        #expect(list.screen == .loaded && list.transactions.map(\.payee) == ["Boulangerie Paul", "Tesco"])
        #expect(
            list.totals == [
                CurrencyTotal(money: Money(minorUnits: -680, currency: .eur), count: 1),
                CurrencyTotal(money: Money(minorUnits: -2340, currency: Currency(stored: "GBP")), count: 1),
            ])
        await list.load(TransactionFilter())
        await list.loadAll()
        #expect(list.transactions.count == 5 && !list.hasMore)
        #expect(list.accountName(of: list.transactions[0]) == "Travel card")

        let deck = ReviewViewModel(source: book)
        await deck.load(month: Month(year: 2026, month: 3))
        #expect(deck.screen == .swiping && deck.remaining == 3 && deck.monthName == "March 2026")
        #expect(deck.card?.payee == "Tesco")
        deck.clear()
        deck.choose(category: 3)
        deck.cancelPicker()
        #expect(deck.card?.payee != nil && deck.screen == .swiping, "Esc goes back to the same card")
        deck.skip()
        await deck.apply()
        #expect(deck.items.map(\.progress) == [.applied, .applied])
        let reopened = try LocalBook(url: url)
        let cleared = try await reopened.page(TransactionFilter(status: .cleared), after: nil, limit: 10)
        #expect(Set(cleared.transactions.map(\.payee)) == ["Tesco", "Dishoom", "Landlord", "Salary"])
        #expect(cleared.transactions.first { $0.payee == "Dishoom" }?.categoryID == 3)
    }

    @Test("a file that is not a book is refused, naming the transaction at fault")
    func badFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(#"{"transactions":[{"id":1,"bookedAt":"yesterday","payee":"X","amount":"1","currency":"EUR"}]}"#.utf8)
            .write(to: url)
        #expect(throws: ClientError.self) { try LocalBook(url: url) }
    }
}
