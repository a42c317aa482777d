import BillfoldCore
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
            #expect(changed.headers.first(name: .location) == "/settings?done=password#password")
            #expect(browser.cookies["billfold_session"] != before["billfold_session"])
            #expect(try await browser.get("/settings").status == .ok, "this browser stays signed in")
            let copy = Browser(t)
            copy.cookies = before
            #expect(try await copy.get("/settings").status == .seeOther, "the old cookie signs in no more")
            #expect(
                try await AccountService(database: t.app.db).signIn(email: ana.user.email, password: "new secret")
                    != nil)
        }
    }
}
