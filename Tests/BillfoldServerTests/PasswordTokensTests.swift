import BillfoldCore
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import BillfoldServer

/// The probe's finding: a password change or reset kept every access token valid.
@Suite("A password change offers to revoke the access tokens; a reset revokes them")
struct PasswordTokensTests {
    static func works(_ t: TestApp, _ person: TestApp.Person) async throws -> Bool {
        try await t.send(.GET, "/api/v1/me", headers: person.auth).status == .ok
    }

    static func change(_ browser: Browser, from old: String, to new: String, revoking: Bool) async throws
        -> TestingHTTPResponse
    {
        try await browser.post(
            "/settings/password",
            [("currentPassword", old), ("newPassword", new), ("newPasswordAgain", new)]
                + (revoking ? [("revokeTokens", "on")] : []))
    }

    @Test("Settings: the tokens stay unless the box is ticked", arguments: TestDatabase.all)
    func change(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let browser = try await Browser.signedIn(t, ana)
            #expect(try await browser.get("/settings").body.string.contains(#"name="revokeTokens""#))
            let kept = try await Self.change(browser, from: "correct horse", to: "new secret 1", revoking: false)
            #expect(kept.status == .seeOther)
            #expect(try await Self.works(t, ana), "unticked, the token keeps working")
            _ = try await browser.get("/settings")
            let revoked = try await Self.change(browser, from: "new secret 1", to: "new secret 2", revoking: true)
            #expect(revoked.status == .seeOther)
            let notice = try await browser.get(revoked.headers.first(name: .location) ?? "/settings")
            #expect(notice.body.string.contains("every access token revoked"), "the notice says the tokens went too")
            #expect(try await !Self.works(t, ana), "ticked, the token is revoked")
        }
    }

    @Test("the operator's reset revokes the tokens unless asked to keep them", arguments: TestDatabase.all)
    func reset(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let bo = try await t.person("bo@example.com")
            try await AccountService(database: t.app.db, clock: t.app.wallClock).setPassword(
                of: bo.user, to: "kept tokens", revokingTokens: false)
            #expect(try await Self.works(t, bo))
            try await AccountService(database: t.app.db, clock: t.app.wallClock).setPassword(
                of: ana.user, to: "after a compromise")
            #expect(try await !Self.works(t, ana))
            #expect(try await Self.works(t, bo), "another person's tokens are untouched")
        }
    }
}
