import BillfoldCore
import BillfoldStore
import Foundation
import SQLKit
import Testing
import Vapor
import VaporTesting

@testable import BillfoldServer

@Suite("Password change")
struct PasswordChangeTests {
    @Test(
        "a wrong current password counts as a wrong sign-in; a change gives this browser a new session",
        arguments: TestDatabase.all)
    func change(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let browser = try await Browser.signedIn(t, ana)
            for attempt in 1...10 {
                let wrong = try await browser.post(
                    "/settings/password",
                    [
                        ("currentPassword", "guess \(attempt)"), ("newPassword", "new secret"),
                        ("newPasswordAgain", "new secret"),
                    ])
                #expect(wrong.status == .badRequest, "attempt \(attempt): \(wrong.body.string.prefix(200))")
                #expect(wrong.body.string.contains("That is not your current password."))
            }
            let stopped = try await browser.post(
                "/settings/password",
                [
                    ("currentPassword", "correct horse"), ("newPassword", "new secret"),
                    ("newPasswordAgain", "new secret"),
                ])
            #expect(stopped.status == .tooManyRequests, "a stolen session cannot guess the password without limit")
            try await (t.app.db as! any SQLDatabase).raw("DELETE FROM sign_in_attempts").run()

            // Copies of the cookie (another tab's request in flight, or a thief's) end with the change.
            let before = browser.cookies
            let changed = try await browser.post(
                "/settings/password",
                [
                    ("currentPassword", "correct horse"), ("newPassword", "new secret"),
                    ("newPasswordAgain", "new secret"),
                ])
            #expect(changed.status == .seeOther)
            #expect(
                changed.headers.first(name: .location) == "/settings?done=password#top", "the notice at the top is seen"
            )
            #expect(browser.cookies["billfold_session"] != before["billfold_session"])
            #expect(try await browser.get("/settings").status == .ok, "this browser stays signed in")
            let copy = Browser(t)
            copy.cookies = before
            #expect(try await copy.get("/settings").status == .seeOther, "the old cookie signs in no more")
            #expect(
                try await AccountService(database: t.app.db, clock: t.app.wallClock).signIn(
                    email: ana.user.email, password: "new secret")
                    != nil)
        }
    }

    @Test(
        "the operator's reset lets a person locked out by guesses sign in with the new password",
        arguments: TestDatabase.all)
    func resetUnlocks(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let now = Timestamp.now()
            for second in 0..<150 {
                try await (t.app.db as! any SQLDatabase).raw(
                    "INSERT INTO sign_in_attempts (key, attempted_at) VALUES ('account:ana@example.com', \(bind: now - Int64(second)))"
                ).run()
            }
            let browser = Browser(t)
            try await browser.get("/signin")
            let locked = try await browser.post(
                "/signin", [("email", "ana@example.com"), ("password", "correct horse")])
            #expect(locked.status == .tooManyRequests)
            try await AccountService(database: t.app.db, clock: t.app.wallClock).setPassword(
                of: ana.user, to: "a brand new one")
            let answer = try await browser.post(
                "/signin", [("email", "ana@example.com"), ("password", "a brand new one")])
            #expect(answer.status == .seeOther, "\(answer.status)")
        }
    }

    @Test(
        "Settings counts the other browsers that could still be used, not idle or expired ones",
        arguments: TestDatabase.all)
    func otherSessions(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let here = try await Browser.signedIn(t, ana)
            _ = try await Browser.signedIn(t, ana)
            _ = try await Browser.signedIn(t, ana)
            #expect(try await here.get("/settings").body.string.contains("2 other browsers or devices are signed in"))
            let sql = t.app.db as! any SQLDatabase
            let now = Timestamp.now()
            let idle = t.app.billfoldConfiguration.sessionIdleSeconds
            let others = try await sql.raw(
                "SELECT id FROM sessions WHERE secret_hash <> \(bind: Secrets.hash(here.cookies["billfold_session"] ?? ""))"
            ).all().map { try $0.decode(column: "id", as: Int64.self) }
            try await sql.raw(
                "UPDATE sessions SET last_seen_at = \(bind: now - idle - 60) WHERE id = \(bind: others[0])"
            )
            .run()
            try await sql.raw("UPDATE sessions SET expires_at = \(bind: now - 1) WHERE id = \(bind: others[1])").run()
            #expect(
                try await here.get("/settings").body.string.contains("No other browser or device is signed in as you."))
        }
    }
}
