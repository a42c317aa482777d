import BillfoldCore
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import BillfoldServer

/// The probe's reproduction: a NUL in the search text gave 500 on the list, its page and rows,
/// and a truncated 200 on the export and the PAYBACK feed.
@Suite("The query string follows the text rules of bodies")
struct QueryTextTests {
    @Test(
        "a control character in any query is refused with the parameter named, on every route family",
        arguments: TestDatabase.all)
    func controlInQuery(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            _ = try await t.add(ana, [spend("Bakery", "-3.20")])
            let browser = try await Browser.signedIn(t, ana)
            for path in [
                "/transactions?q=a%00b", "/transactions/rows?q=%00", "/export?format=csv&q=x%00",
                "/transactions?q=a%0Db",
            ] {
                let page = try await browser.get(path)
                #expect(page.status == .badRequest || page.status == .unprocessableEntity, "\(path): \(page.status)")
                #expect(!page.body.string.contains("Bakery"), "\(path) shows no rows")
            }
            for path in ["/api/v1/transactions?q=a%00b", "/payback/transactions?q=%00", "/v1/transactions?q%00=x"] {
                let answer = try await t.send(.GET, path, as: ana)
                #expect((400..<500).contains(answer.status.code), "\(path): \(answer.status)")
                #expect(!answer.body.string.contains("Bakery"), "\(path)")
            }
            let named = try await t.send(.GET, "/api/v1/transactions?q=a%00b", as: ana)
            #expect(named.body.string.contains(#""q""#), "the parameter is named")
            // A tab and an ordinary search still work.
            #expect(try await t.send(.GET, "/api/v1/transactions?q=Bak%09", as: ana).status == .ok)
            #expect(try await browser.get("/transactions?q=Bakery").status == .ok)
        }
    }
}
