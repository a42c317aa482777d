import Foundation
import Testing
import Vapor

@testable import BillfoldServer

/// Each family of routes answers errors in the shape its clients decode, whether the error came
/// from the handler or from a guard of the family's group; requests no family took answer in
/// the shape of the address.
@Suite("Errors in each dialect's shape")
struct ErrorDialectTests {
    @Test("a guard's refusal is answered in the shape of the family it guards")
    func guardRefusals() async throws {
        try await TestApp.run(.sqlite) { t in
            let ana = try await t.person("ana@example.com")
            // A control character is refused by TextInputGuard in every family.
            let bad = #"{"name":"Bad\u0007name","payee":"x\u0007"}"#
            let native = try await t.send(.POST, "/api/v1/categories", as: ana, json: bad)
            #expect(native.status == .badRequest)
            #expect(native.body.string.contains(#""error":{"#), "\(native.body.string)")
            let contract = try await t.send(.POST, "/api/categories", as: ana, json: bad)
            #expect(contract.status == .badRequest)
            #expect(contract.body.string.contains(#""success":false"#), "\(contract.body.string)")
            let lunchMoney = try await t.send(.POST, "/v1/categories", as: ana, json: bad)
            #expect(lunchMoney.status == .badRequest)
            #expect(lunchMoney.body.string.hasPrefix(#"{"error":""#), "\(lunchMoney.body.string)")
            // A page's form without its CSRF token: a page saying nothing was saved.
            let page = try await t.send(
                .POST, "/settings", headers: ["Content-Type": "application/x-www-form-urlencoded"])
            #expect(page.status == .forbidden)
            #expect(page.headers.contentType == .html && page.body.string.contains("Nothing was saved"))
        }
    }

    @Test("an address no route answers is a 404 in the shape of where it points")
    func unrouted() async throws {
        try await TestApp.run(.sqlite) { t in
            let api = try await t.send(.GET, "/api/v1/nothing-here")
            #expect(api.status == .notFound && api.body.string.contains(#""code":"not_found""#))
            let lunchMoney = try await t.send(.GET, "/v1/nothing-here")
            #expect(lunchMoney.status == .notFound && lunchMoney.body.string.hasPrefix(#"{"error":""#))
            let page = try await t.send(.GET, "/nothing-here")
            #expect(page.status == .notFound && page.headers.contentType == .html)
        }
    }
}
