import BillfoldAPI
import BillfoldCore
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import BillfoldServer

@Suite("App sign-in and idempotent writes")
struct TokensAndIdempotencyTests {
    static func signIn(_ t: TestApp, _ email: String, _ password: String, label: String = "Phone") async throws
        -> TestingHTTPResponse
    {
        let body = try JSONEncoder().encode(CreateTokenRequest(email: email, password: password, label: label))
        return try await t.send(.POST, "/api/v1/tokens", json: String(decoding: body, as: UTF8.self))
    }

    @Test(
        "an app signs in for a token, lists and revokes its tokens; another's token is not found",
        arguments: TestDatabase.all)
    func tokens(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let bo = try await t.person("bo@example.com")
            let created = try await Self.signIn(t, "ANA@example.com ", "correct horse")
            #expect(created.status == .created, "\(created.body.string)")
            let token = try JSONDecoder().decode(CreatedTokenResponse.self, from: created.body)
            #expect(token.label == "Phone" && token.token.count >= 32)
            let me = try await t.send(.GET, "/api/v1/me", headers: ["Authorization": "Bearer \(token.token)"])
            #expect(me.status == .ok && me.body.string.contains("ana@example.com"))
            let listed = try await t.get(TokenListResponse.self, "/api/v1/tokens", as: ana)
            #expect(Set(listed.tokens.map(\.label)) == ["Phone", "tests"])
            #expect(listed.tokens.allSatisfy { !$0.createdAt.isEmpty })
            // Bo cannot revoke Ana's token, and cannot tell it exists.
            let foreign = try await t.send(.DELETE, "/api/v1/tokens/\(token.id)", as: bo)
            let missing = try await t.send(.DELETE, "/api/v1/tokens/987654321", as: bo)
            #expect(foreign.status == .notFound && foreign.body.string == missing.body.string)
            #expect(try await t.send(.DELETE, "/api/v1/tokens/\(token.id)", as: ana).status == .noContent)
            let after = try await t.send(.GET, "/api/v1/me", headers: ["Authorization": "Bearer \(token.token)"])
            #expect(after.status == .unauthorized)
        }
    }

    @Test("app sign-in: a wrong password is 401 and counted, a form body is refused, the limit answers 429")
    func signInRefusals() async throws {
        try await TestApp.run(.sqlite, environment: ["BILLFOLD_SIGNIN_LIMIT": "3"]) { t in
            _ = try await t.person("ana@example.com")
            let form = try await t.send(
                .POST, "/api/v1/tokens", headers: ["Content-Type": "application/x-www-form-urlencoded"])
            #expect(form.status == .unsupportedMediaType)
            // The right password with a label refused: no guess, and nothing counted.
            let noLabel = try await t.send(
                .POST, "/api/v1/tokens", json: #"{"email":"ana@example.com","password":"correct horse","label":""}"#)
            #expect(noLabel.status == .badRequest && noLabel.body.string.contains("label"))
            let wrong = try await Self.signIn(t, "ana@example.com", "wrong horse")
            #expect(wrong.status == .unauthorized && wrong.body.string.contains(#""code":"unauthorized""#))
            for _ in 0..<2 { _ = try await Self.signIn(t, "ana@example.com", "wrong horse") }
            let limited = try await Self.signIn(t, "ana@example.com", "correct horse")
            #expect(limited.status == .tooManyRequests && limited.headers.first(name: .retryAfter) != nil)
            #expect(try await t.rowCount("access_tokens", of: try await t.person("bo@example.com")) == 1)
        }
    }

    @Test(
        "a write sent again with its Idempotency-Key answers the first answer and applies nothing twice",
        arguments: TestDatabase.all)
    func idempotentWrites(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let bo = try await t.person("bo@example.com")
            let body = #"{"bookedAt":"2026-11-02T10:00:00+01:00","payee":"Bakery","amount":"-3.20","currency":"EUR"}"#
            let key: HTTPHeaders = ["Idempotency-Key": "add-bakery-1"]
            let first = try await t.send(.POST, "/api/v1/transactions", as: ana, json: body, headers: key)
            let again = try await t.send(.POST, "/api/v1/transactions", as: ana, json: body, headers: key)
            #expect(first.status == .created && again.status == .created)
            #expect(again.body.string == first.body.string)
            #expect(again.headers.first(name: .location) == first.headers.first(name: .location))
            #expect(again.headers.first(name: "Idempotent-Replayed") == "true")
            #expect(try await t.rowCount("transactions", of: ana) == 1)
            // The same key with another body is refused; for another user the key is free.
            let other = body.replacingOccurrences(of: "Bakery", with: "Butcher")
            let reused = try await t.send(.POST, "/api/v1/transactions", as: ana, json: other, headers: key)
            #expect(reused.status == .unprocessableEntity && reused.body.string.contains("idempotency_key_reused"))
            let bos = try await t.send(.POST, "/api/v1/transactions", as: bo, json: body, headers: key)
            #expect(bos.status == .created && bos.body.string != first.body.string)
            // A refused request keeps nothing: the fixed request with the same key is applied.
            let badKey: HTTPHeaders = ["Idempotency-Key": "fix-me"]
            let bad = try await t.send(
                .POST, "/api/v1/transactions", as: ana, json: body.replacingOccurrences(of: "-3.20", with: "x"),
                headers: badKey)
            #expect(bad.status == .badRequest)
            let fixed = try await t.send(.POST, "/api/v1/transactions", as: ana, json: body, headers: badKey)
            #expect(fixed.status == .created)
            #expect(try await t.rowCount("transactions", of: ana) == 2)
            // A delete sent twice: both answered 204, the second replayed rather than 404.
            let project = try await t.send(.POST, "/api/v1/projects", as: ana, json: #"{"title":"Garden"}"#)
            let id = try JSONDecoder().decode(ProjectDTO.self, from: project.body).id
            let deleteKey: HTTPHeaders = ["Idempotency-Key": "delete-garden"]
            #expect(
                try await t.send(.DELETE, "/api/v1/projects/\(id)", as: ana, headers: deleteKey).status == .noContent)
            let replayed = try await t.send(.DELETE, "/api/v1/projects/\(id)", as: ana, headers: deleteKey)
            #expect(replayed.status == .noContent && replayed.headers.first(name: "Idempotent-Replayed") == "true")
            let tooLong = try await t.send(
                .POST, "/api/v1/projects", as: ana, json: #"{"title":"X"}"#,
                headers: ["Idempotency-Key": String(repeating: "k", count: 201)])
            #expect(tooLong.status == .badRequest)
        }
    }
}
