import BillfoldCore
import Foundation
import SQLKit
import Testing
import Vapor
import VaporTesting

@testable import BillfoldServer

@Suite("Sign-in limit")
struct SignInLimitTests {
    @Test(
        "after 10 wrong passwords the account waits at that address, on every instance", arguments: TestDatabase.all)
    func limit(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let bo = try await t.person("bo@example.com")
            let browser = Browser(t)
            try await browser.get("/signin")
            for attempt in 1...10 {
                // A trailing slash reaches the same route and counts the same.
                let wrong = try await browser.post(
                    attempt.isMultiple(of: 2) ? "/signin/" : "/signin",
                    [("email", ana.user.email), ("password", "guess \(attempt)")])
                #expect(wrong.status == .unauthorized, "attempt \(attempt) is answered")
            }
            let right = try await browser.post("/signin/", [("email", ana.user.email), ("password", "correct horse")])
            #expect(right.status == .tooManyRequests, "even the right password waits")
            let wait = try #require(right.headers.first(name: .retryAfter).flatMap(Int.init))
            #expect((1...900).contains(wait))
            let minutes = (wait + 59) / 60
            #expect(
                right.body.string.contains("try again in \(minutes) minute\(minutes == 1 ? "" : "s")"),
                "the page says when, as Retry-After does")
            #expect(right.headers.setCookie?["billfold_session"] == nil)
            let neighbour = Browser(t)
            try await neighbour.get("/signin")
            let other = try await neighbour.post("/signin", [("email", bo.user.email), ("password", "correct horse")])
            #expect(other.status == .seeOther, "another account behind the address that guessed signs in")
            try await t.secondInstance { second in
                let elsewhere = Browser(second)
                try await elsewhere.get("/signin")
                let answer = try await elsewhere.post(
                    "/signin", [("email", ana.user.email), ("password", "correct horse")])
                #expect(answer.status == .tooManyRequests, "another instance counts the same attempts")
            }
            // Once the attempts leave the window, the right password works and clears the account.
            try await (t.app.db as! any SQLDatabase).raw(
                "UPDATE sign_in_attempts SET attempted_at = attempted_at - 901"
            )
            .run()
            let later = try await browser.post("/signin", [("email", ana.user.email), ("password", "correct horse")])
            #expect(later.status == .seeOther)
        }
    }
}

@Suite("Sign-in limit counts guesses only")
struct SignInSuccessTests {
    @Test("signing in many times with the right password never locks anybody out")
    func successesDoNotCount() async throws {
        try await TestApp.run(.sqlite) { t in
            let ana = try await t.person("ana@example.com")
            for round in 1...14 {
                let browser = Browser(t)
                try await browser.get("/signin")
                let answer = try await browser.post(
                    "/signin", [("email", ana.user.email), ("password", round % 4 == 0 ? "a guess" : "correct horse")])
                #expect(answer.status == (round % 4 == 0 ? .unauthorized : .seeOther), "round \(round)")
            }
        }
    }
}
