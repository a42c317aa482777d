import BillfoldCore
import BillfoldStore
import Foundation
import SQLKit
import Testing

@testable import BillfoldServer

/// The Lunch Money token at rest: sealed with the server's key, never stored as it was typed.
@Suite("Lunch Money token at rest")
struct LunchMoneyTokenTests {
    static let key = "dGVzdHMtb25seS1rZXktMzItYnl0ZXMtbG9uZy4uLi4="
    static let otherKey = Data(repeating: 7, count: 32).base64EncodedString()

    static func service(_ t: TestApp, _ person: TestApp.Person, key: String?) throws -> LunchMoneyConnectionService {
        LunchMoneyConnectionService(
            database: t.app.db, user: person.user, fetch: t.app.outboundFetch,
            secrets: try key.map { try SecretBox(base64: $0) }, clock: t.app.wallClock)
    }

    static func storedToken(_ t: TestApp, _ person: TestApp.Person) async throws -> String? {
        struct Row: Decodable { var token: String }
        return try await (t.app.db as! any SQLDatabase).raw(
            "SELECT token FROM lunchmoney_connections WHERE user_id = \(bind: person.id)"
        ).first(decoding: Row.self)?.token
    }

    @Test("sealed with the key, opened only with it, never saved without one", arguments: TestDatabase.all)
    func sealed(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let connection = LunchMoneyConnection(
                baseURL: "https://dev.lunchmoney.app", token: "lm-secret-token", accountName: "", checkedAt: 1)
            let withKey = try Self.service(t, ana, key: Self.key)
            try await withKey.save(connection)
            let stored = try #require(try await Self.storedToken(t, ana))
            #expect(stored.hasPrefix("v1:") && !stored.contains("lm-secret-token"))
            #expect(try await withKey.saved()?.token == "lm-secret-token")

            // Another key, or none: the token cannot be opened, and the person is told what to do.
            await #expect(throws: BillfoldError.self) { try await Self.service(t, ana, key: Self.otherKey).saved() }
            do {
                _ = try await Self.service(t, ana, key: nil).saved()
                Issue.record("a sealed token opened without the key")
            } catch let error as BillfoldError {
                #expect(error.message.contains("BILLFOLD_SECRET_KEY") && error.message.contains("connect again"))
            }
            // Without a key nothing is saved.
            let bob = try await t.person("bob@example.com")
            do {
                try await Self.service(t, bob, key: nil).save(connection)
                Issue.record("a token was saved without a key")
            } catch let error as BillfoldError {
                #expect(error.message.contains("head -c 32 /dev/urandom | base64"))
            }
            #expect(try await Self.storedToken(t, bob) == nil)
            // A sealed token copied into another person's row does not open there.
            try await LunchMoneyConnectionRepository(database: t.app.db, userID: bob.id).save(
                LunchMoneyConnection(baseURL: connection.baseURL, token: stored, accountName: "", checkedAt: 1))
            await #expect(throws: BillfoldError.self) { try await Self.service(t, bob, key: Self.key).saved() }
        }
    }

    @Test("a token saved before tokens were sealed is sealed the first time it is read", arguments: TestDatabase.all)
    func legacy(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            try await LunchMoneyConnectionRepository(database: t.app.db, userID: ana.id).save(
                LunchMoneyConnection(
                    baseURL: "https://dev.lunchmoney.app", token: "plain", accountName: "", checkedAt: 1))
            #expect(try await Self.service(t, ana, key: Self.key).saved()?.token == "plain")
            let stored = try #require(try await Self.storedToken(t, ana))
            #expect(stored.hasPrefix("v1:") && stored != "plain")
        }
    }

    @Test("without a key, Settings explains how to set one and a connect keeps nothing", arguments: TestDatabase.all)
    func settingsWithoutKey(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let browser = try await Browser.signedIn(t, ana)
            let page = try await browser.get("/settings").body.string
            #expect(page.contains("needs a secret key") && page.contains("head -c 32 /dev/urandom | base64"))
            #expect(!page.contains("lunchmoney-form"), "no form to type a token into")
            // A form sent anyway (an old page) is refused with the same advice, and nothing is kept.
            let sent = try await browser.post(
                "/settings/lunchmoney", [("baseURL", "https://lunchmoney.invalid"), ("token", "lm-token")])
            #expect(sent.body.string.contains("needs a secret key"))
            #expect(try await Self.storedToken(t, ana) == nil)
        }
    }

    @Test("a key that is not 32 bytes in base64 stops the server with how to make one")
    func badKey() {
        for value in ["short", Data(repeating: 1, count: 16).base64EncodedString(), "not base64 at all!!"] {
            do {
                _ = try Configuration.resolve(flags: .init(), environment: ["BILLFOLD_SECRET_KEY": value])
                Issue.record("“\(value)” was taken as a key")
            } catch {
                #expect(error.code == .invalidConfiguration && error.message.contains("/dev/urandom"))
            }
        }
        #expect(
            (try? Configuration.resolve(flags: .init(), environment: ["BILLFOLD_SECRET_KEY": Self.key]))?.secrets != nil
        )
    }
}
