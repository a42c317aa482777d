import BillfoldAPI
import BillfoldCore
import Testing

@Suite("How lists are asked for on the wire")
struct ListQueryTests {
    @Test("filters read from query parameters and write back the same")
    func filterRoundTrip() throws {
        let filter = try TransactionFilter(query: [
            "category": "12", "status": "uncleared", "from": "2026-01-01", "to": "2026-01-31", "q": " rewe ",
        ])
        #expect(filter.categoryID == 12 && filter.status == .uncleared && filter.text == "rewe")
        let again = try TransactionFilter(query: Dictionary(uniqueKeysWithValues: filter.queryItems))
        #expect(again == filter)
        #expect(try TransactionFilter(query: ["category": "none"]).uncategorized)
        #expect(try TransactionFilter(query: [:]).isEmpty)
    }

    @Test("cursors are opaque and checked")
    func cursors() throws {
        let cursor = TransactionCursor(bookedAt: 1_700_000_000, id: 9_007_199_254_740_993)
        #expect(try TransactionCursor(token: cursor.token) == cursor)
        #expect(!cursor.token.contains("="))
        for bad in ["", "abc", "MTIz", String(repeating: "A", count: 100)] {
            #expect(throws: BillfoldError.self) { try TransactionCursor(token: bad) }
        }
    }

    @Test("page sizes default, and refuse what a page cannot hold")
    func pageSizes() throws {
        #expect(try PageSize.parse(nil) == PageSize.default)
        #expect(try PageSize.parse(" 20 ") == 20)
        for bad in ["0", "-1", "501", "ten", "1.5"] {
            #expect(throws: BillfoldError.self) { try PageSize.parse(bad) }
        }
    }

    @Test("an empty cursor parameter is the first page")
    func emptyCursor() throws {
        #expect(try TransactionCursor(parameter: nil) == nil)
        #expect(try TransactionCursor(parameter: "") == nil)
    }
}
