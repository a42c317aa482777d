import BillfoldCore
import Foundation
import SQLKit
import Testing
import Vapor

@testable import BillfoldServer

/// The probe's reproductions: guesses sent at once are counted exactly, and failures from one
/// place never lock the owner out of another.
@Suite("Sign-in limit under concurrency and from many places")
struct SignInRaceTests {
    /// One sign-in through the throttle as the routes make it: `right` passwords succeed.
    static func signIn(_ throttle: SignInThrottle, _ email: String, from address: String, right: Bool) async
        -> Bool
    {
        do {
            let attempt = try await throttle.attempt(SignInThrottle.keys(email: email, address: address))
            if right {
                try await throttle.succeeded(attempt)
            } else {
                try await throttle.failed(attempt)
            }
            return true
        } catch {
            return false
        }
    }

    /// `times` sign-ins to Ana's account from one address at once; how many were answered.
    static func atOnce(_ times: Int, _ throttle: SignInThrottle, right: Bool) async -> Int {
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<times {
                group.addTask { await Self.signIn(throttle, "ana@example.com", from: "203.0.113.7", right: right) }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
    }

    static func count(_ t: TestApp, _ key: String) async throws -> Int {
        struct Count: Decodable { var n: Int }
        return try await (t.app.db as! any SQLDatabase).raw(
            "SELECT COUNT(*) AS n FROM sign_in_attempts WHERE key = \(bind: key)"
        ).first(decoding: Count.self)?.n ?? 0
    }

    @Test(
        "48 wrong guesses at once from one address count exactly the limit; the owner signs in elsewhere",
        arguments: TestDatabase.all)
    func parallelGuesses(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let throttle = SignInThrottle(application: t.app)
            let answered = await Self.atOnce(48, throttle, right: false)
            #expect(answered == 10, "exactly the limit is checked; the rest are refused")
            let keys = SignInThrottle.keys(email: "ana@example.com", address: "203.0.113.7")
            let counted = (pair: try await Self.count(t, keys.pair), account: try await Self.count(t, keys.account))
            #expect(counted.pair == 10 && counted.account == 10, "no phantom attempts")
            #expect(await Self.signIn(throttle, "ana@example.com", from: "198.51.100.20", right: true))
            #expect(
                await Self.signIn(throttle, "bo@example.com", from: "203.0.113.7", right: true), "nor another account")
        }
    }

    @Test(
        "12 devices signing in at once with the right password all get in and leave nothing counted",
        arguments: TestDatabase.all)
    func parallelSuccesses(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let throttle = SignInThrottle(application: t.app)
            let answered = await Self.atOnce(12, throttle, right: true)
            #expect(answered == 12)
            let keys = SignInThrottle.keys(email: "ana@example.com", address: "203.0.113.7")
            var left = 0
            for key in [keys.pair, keys.address, keys.account] { left += try await Self.count(t, key) }
            #expect(left == 0)
        }
    }

    @Test("an office address: one person's guesses stop them, not the others behind it", arguments: TestDatabase.all)
    func sharedAddress(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let throttle = SignInThrottle(application: t.app)
            let office = "192.0.2.50"
            #expect(await Self.signIn(throttle, "cy@example.com", from: office, right: true))
            // Someone behind the office's address tries a hundred accounts, ten wrong passwords each.
            for n in 0..<10 {
                for _ in 0..<10 { _ = await Self.signIn(throttle, "p\(n)@example.com", from: office, right: false) }
            }
            #expect(
                await !Self.signIn(throttle, "new@example.com", from: office, right: true), "the address is stopped")
            #expect(await Self.signIn(throttle, "cy@example.com", from: office, right: true), "a known place is not")
        }
    }

    @Test("guesses from many addresses stop new places, never the owner's known one", arguments: TestDatabase.all)
    func manyAddresses(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let throttle = SignInThrottle(application: t.app)
            #expect(await Self.signIn(throttle, "ana@example.com", from: "198.51.100.20", right: true))
            for n in 0..<20 {
                for _ in 0..<5 {
                    _ = await Self.signIn(throttle, "ana@example.com", from: "203.0.113.\(n)", right: false)
                }
            }
            #expect(await !Self.signIn(throttle, "ana@example.com", from: "203.0.113.99", right: false))
            #expect(await Self.signIn(throttle, "ana@example.com", from: "198.51.100.20", right: true))
        }
    }

    @Test(
        "a password that could not be checked is no guess; an address of 3,000 characters is a plain refusal",
        arguments: TestDatabase.all)
    func notCheckedAndLong(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let throttle = SignInThrottle(application: t.app)
            let keys = SignInThrottle.keys(email: "ana@example.com", address: "203.0.113.7")
            struct Broken: Error {}
            for _ in 0..<3 {
                await #expect(throws: Broken.self) {
                    let _: Int = try await throttle.checking(keys) { throw Broken() }
                }
            }
            #expect(try await Self.count(t, keys.pair) == 0)
            let long = String(repeating: "ü\u{1F600}x", count: 1_000) + "@example.com"
            let body = #"{"email":"\#(long)","password":"wrong horse","label":"phone"}"#
            let answer = try await t.send(.POST, "/api/v1/tokens", json: body)
            #expect(answer.status == .unauthorized, "\(answer.status)")
        }
    }
}
