import BillfoldAPI
import BillfoldCore
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import BillfoldServer

@Suite("Access tokens: read-only scope and expiry on every route")
struct TokenScopeTests {
    /// A token of `scope` for `person`, made as Settings and the CLI make it.
    static func token(
        _ t: TestApp, for person: TestApp.Person, scope: TokenScope, expiresAt: Int64? = nil
    ) async throws -> HTTPHeaders {
        let made = try await AccountService(database: t.app.db, clock: t.app.wallClock).createToken(
            for: person.user, label: "assistant", scope: scope, expiresAt: expiresAt)
        return ["Authorization": "Bearer \(made.token)"]
    }

    /// The path with every parameter filled with 1.
    static func concrete(_ endpoint: Endpoint) -> String {
        endpoint.path(with: endpoint.parameters.map { _ in 1 })
    }

    @Test(
        "a read-only token reads everything and is refused every write of every API, with nothing written",
        arguments: TestDatabase.all)
    func readOnlyEverywhere(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let reader = try await Self.token(t, for: ana, scope: .read)
            let added = try await t.send(
                .POST, "/api/v1/transactions", as: ana,
                json: #"{"bookedAt":"2026-11-02T10:00:00+01:00","payee":"Bakery","amount":"-3.20","currency":"EUR"}"#)
            #expect(added.status == .created)
            let before = try await t.rowCount("transactions", of: ana)

            for path in [
                "/api/v1/transactions", "/api/v1/me", "/v1/transactions", "/api/categories", "/payback/transactions",
            ] {
                let read = try await t.send(.GET, path, headers: reader)
                #expect(read.status == .ok, "\(path): \(read.body.string)")
            }
            let writes = (NativeAPI.all + LunchMoneyAPI.all + CategoryContractAPI.all + PaybackAPI.all)
                .filter { $0.method != .get && $0 != NativeAPI.revokeCurrentToken }
            #expect(writes.count > 60)
            for endpoint in writes {
                let answer = try await t.send(
                    HTTPMethod(rawValue: endpoint.method.rawValue), Self.concrete(endpoint), json: "{}",
                    headers: reader)
                #expect(answer.status == .forbidden, "\(endpoint): \(answer.status) \(answer.body.string)")
                if endpoint.template.hasPrefix("/v1/") {
                    // Lunch Money's own shape: {"error": "..."}.
                    #expect(answer.body.string.contains(#""error":"This access token may only read."#), "\(endpoint)")
                } else if CategoryContractAPI.all.contains(endpoint) {
                    // The category app's envelope: {"success": false, "message": "..."}.
                    #expect(answer.body.string.contains(#""message":"This access token may only read."#), "\(endpoint)")
                } else {
                    #expect(answer.body.string.contains(#""code":"token_read_only""#), "\(endpoint)")
                }
            }
            // The same for the web's forms sent with the token.
            let form = try await t.send(
                .POST, WebPages.createToken.path(),
                headers: reader.adding(contentType: "application/x-www-form-urlencoded"))
            #expect(form.status == .forbidden)
            // And `?access_token=` on /v1.
            let query = reader.bearerAuthorization!.token
            let viaQuery = try await t.send(.POST, "/v1/transactions?access_token=\(query)", json: "{}")
            #expect(viaQuery.status == .forbidden)
            #expect(try await t.rowCount("transactions", of: ana) == before)
            #expect(try await t.rowCount("access_tokens", of: ana) == 2)
        }
    }

    @Test(
        "another person's read-only token reads nothing of Ana's through any route, and ends only itself",
        arguments: TestDatabase.all)
    func isolation(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let bob = try await t.person("bob@example.com")
            let reader = try await Self.token(t, for: bob, scope: .read)
            let id = try await t.add(ana, [spend("Ana's secret", "-5.00", notes: "private")])[0]
            let reads = (NativeAPI.all + LunchMoneyAPI.all + CategoryContractAPI.all + PaybackAPI.all)
                .filter { $0.method == .get }
            for endpoint in reads {
                let path = endpoint.path(with: endpoint.parameters.map { _ in id })
                let answer = try await t.send(.GET, path, headers: reader)
                #expect(answer.status.code < 500, "\(endpoint)")
                #expect(!answer.body.string.contains("secret"), "\(endpoint) showed Ana's row")
            }
            #expect(try await t.send(.DELETE, "/api/v1/tokens/current", headers: reader).status == .noContent)
            #expect(try await t.send(.GET, "/api/v1/me", as: ana).status == .ok)
            #expect(try await t.send(.GET, "/api/v1/me", as: bob).status == .ok)
        }
    }

    @Test("a token ends itself, whatever its scope; a session has none to end", arguments: TestDatabase.all)
    func endsItself(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let reader = try await Self.token(t, for: ana, scope: .read)
            let me = try await t.send(.GET, "/api/v1/me", headers: reader)
            let seen = try JSONDecoder().decode(MeResponse.self, from: me.body)
            #expect(seen.token?.scope == .read && seen.token?.label == "assistant" && seen.token?.expiresAt == nil)
            #expect(try await t.send(.DELETE, "/api/v1/tokens/current", headers: reader).status == .noContent)
            let after = try await t.send(.GET, "/api/v1/me", headers: reader)
            #expect(after.status == .unauthorized)
            // The other token is untouched.
            #expect(try await t.send(.GET, "/api/v1/me", as: ana).status == .ok)
            #expect(try await t.rowCount("access_tokens", of: ana) == 1)
        }
    }

    @Test(
        "while another writer has SQLite's turn (a long import), a token's request answers at once and its use is marked by a later one",
        .timeLimit(.minutes(1)), arguments: [TestDatabase.sqlite])
    func lastUseWaitsForNoOne(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let reader = try await Self.token(t, for: ana, scope: .read)
            let gate = try #require(t.app.writeGate)
            await gate.enter()  // what a long import holds
            let answered = try await t.send(.GET, "/api/v1/me", headers: reader)
            #expect(answered.status == .ok, "it did not wait for the turn")
            let unmarked = try await t.get(TokenListResponse.self, "/api/v1/tokens", as: ana).tokens
            await gate.leave()
            #expect(unmarked.first { $0.label == "assistant" }?.lastUsedAt == nil, "skipped while the turn was taken")
            #expect(try await t.send(.GET, "/api/v1/me", headers: reader).status == .ok)
            let marked = try await t.get(TokenListResponse.self, "/api/v1/tokens", as: ana).tokens
            #expect(marked.first { $0.label == "assistant" }?.lastUsedAt != nil, "the next request marks it")
        }
    }

    @Test("an expired token is refused with its own words, and never marked used", arguments: TestDatabase.all)
    func expired(database: TestDatabase) async throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        try await TestApp.run(database, clock: .fixed(now)) { t in
            let ana = try await t.person("ana@example.com")
            let gone = try await Self.token(t, for: ana, scope: .readWrite, expiresAt: 1_800_000_000)
            let soon = try await Self.token(t, for: ana, scope: .readWrite, expiresAt: 1_800_000_001)
            let refused = try await t.send(.GET, "/api/v1/me", headers: gone)
            #expect(refused.status == .unauthorized && refused.body.string.contains("expired"))
            let lunchMoney = try await t.send(.GET, "/v1/me", headers: gone)
            #expect(
                lunchMoney.status == .unauthorized && lunchMoney.body.string.contains("Access token does not exist."))
            #expect(try await t.send(.GET, "/api/v1/me", headers: soon).status == .ok)
            let listed = try await t.get(TokenListResponse.self, "/api/v1/tokens", as: ana)
            let expiredOne = listed.tokens.first { $0.expiresAt == Timestamp.utc(1_800_000_000) }
            #expect(expiredOne?.lastUsedAt == nil)
            // Settings says which worked through a day gone by, and which still works.
            let settings = try await Browser.signedIn(t, ana).get("/settings").body.string
            #expect(settings.components(separatedBy: "Expired: worked through").count == 2, "only the one gone")
        }
    }

    @Test(
        "an app asks for a read-only token that expires after a day in the person's time zone; a day past is refused",
        arguments: TestDatabase.all)
    func createdWithScope(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let body =
                #"{"email":"ana@example.com","password":"correct horse","label":"Claude","scope":"read","expiresAt":"2099-01-31"}"#
            let created = try await t.send(.POST, "/api/v1/tokens", json: body)
            #expect(created.status == .created, "\(created.body.string)")
            let token = try JSONDecoder().decode(CreatedTokenResponse.self, from: created.body)
            // Ana's zone is UTC: the token works through 31 January.
            #expect(token.scope == .read && token.expiresAt == "2099-02-01T00:00:00Z")
            let listed = try await t.get(TokenListResponse.self, "/api/v1/tokens", as: ana)
            #expect(listed.tokens.contains { $0.label == "Claude" && $0.scope == .read })
            #expect(listed.tokens.contains { $0.label == "tests" && $0.scope == .readWrite && $0.expiresAt == nil })

            for (expiry, code) in [("2001-01-01", "validation_failed"), ("tomorrow", "invalid_date")] {
                let refused = try await t.send(
                    .POST, "/api/v1/tokens",
                    json:
                        #"{"email":"ana@example.com","password":"correct horse","label":"x","expiresAt":"\#(expiry)"}"#)
                #expect(refused.status == .badRequest && refused.body.string.contains(code), "\(refused.body.string)")
            }
            let badScope = try await t.send(
                .POST, "/api/v1/tokens",
                json: #"{"email":"ana@example.com","password":"correct horse","label":"x","scope":"admin"}"#)
            #expect(badScope.status == .badRequest)
            #expect(try await t.rowCount("access_tokens", of: ana) == 2)
        }
    }
}

extension HTTPHeaders {
    fileprivate func adding(contentType: String) -> HTTPHeaders {
        var headers = self
        headers.replaceOrAdd(name: .contentType, value: contentType)
        return headers
    }
}
