import BillfoldAPI
import BillfoldCore
import SQLKit
import Testing
import VaporTesting

@testable import BillfoldServer
@testable import BillfoldStore

@Suite("Users, tokens and isolation")
struct IsolationAndAuthTests {
    @Test("another user's transaction answers exactly like a missing one, on every route", arguments: TestDatabase.all)
    func isolation(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let bob = try await t.person("bob@example.com")
            let anas = try await t.add(ana, [spend("Ana's secret", "-5.00", notes: "private")])[0]
            let missing = anas + 1000
            for id in [anas, missing] {
                let get = try await t.send(.GET, "/api/v1/transactions/\(id)", as: bob)
                #expect(get.status == .notFound)
                #expect(
                    get.body.string
                        == #"{"error":{"code":"not_found","message":"No transaction with that id exists."}}"#)
                let patch = try await t.send(.PATCH, "/api/v1/transactions/\(id)", as: bob, json: #"{"notes": "mine"}"#)
                #expect(patch.status == .notFound)
                #expect(patch.body.string == get.body.string)
                let page = try await t.send(.GET, "/transactions/\(id)", as: bob)
                #expect(page.status == .notFound)
            }
            let list = try await t.get(TransactionListResponse.self, "/api/v1/transactions?q=secret", as: bob)
            #expect(list.transactions.isEmpty && list.totals.isEmpty)
            let feed = try await t.send(.GET, "/payback/transactions", as: bob)
            #expect(!feed.body.string.contains("secret"))
            #expect(try await t.transactions(ana).find(anas)?.notes == "private")
        }
    }

    @Test("APIs refuse a missing, bad or revoked token with 401", arguments: TestDatabase.all)
    func tokens(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            #expect(try await t.send(.GET, "/api/v1/me").status == .unauthorized)
            let bad = try await t.send(.GET, "/api/v1/me", headers: ["Authorization": "Bearer bf_nope"])
            #expect(bad.status == .unauthorized)
            #expect(try JSONDecoder().decode(ErrorResponse.self, from: bad.body).error.code == "unauthorized")
            let me = try await t.get(MeResponse.self, "/api/v1/me", as: ana)
            #expect(me.email == "ana@example.com")
            let records = try await BillfoldStore.UserRepository(database: t.app.db, clock: t.app.wallClock).tokens(
                userID: ana.id)
            #expect(records.count == 1)
            #expect(records[0].lastUsedAt != nil, "last use is recorded")
            struct Stored: Decodable { var secret_hash: String }
            let stored = try await (t.app.db as! any SQLDatabase).raw(
                "SELECT secret_hash FROM access_tokens WHERE id = \(bind: records[0].id)"
            ).first(decoding: Stored.self)
            #expect(stored?.secret_hash != nil && stored?.secret_hash != ana.token, "only a hash is stored")
            _ = try await BillfoldStore.UserRepository(database: t.app.db, clock: t.app.wallClock).revokeToken(
                id: records[0].id, userID: ana.id)
            #expect(try await t.send(.GET, "/api/v1/me", as: ana).status == .unauthorized)
        }
    }

    @Test("owner setup on first visit, sign-in, session in the database, sign-out", arguments: TestDatabase.all)
    func sessions(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let first = try await t.send(.GET, "/")
            #expect(first.status == .seeOther)
            #expect(first.headers.first(name: .location) == "/setup")
            let browser = Browser(t)
            try await browser.get("/setup")
            let setup = try await browser.post(
                "/setup",
                [
                    ("name", "Owner"), ("email", "Owner@Example.com"), ("password", "long enough"),
                    ("locale", "de-DE"), ("timeZone", "Europe/Berlin"), ("currency", "EUR"),
                ])
            #expect(setup.status == .seeOther, "\(setup.body.string)")
            let cookie = try #require(setup.headers.setCookie?["billfold_session"])
            #expect(cookie.isHTTPOnly)
            let me = try await t.send(.GET, "/api/v1/me", headers: ["Cookie": "billfold_session=\(cookie.string)"])
            #expect(me.status == .ok)
            #expect(me.body.string.contains("owner@example.com"))
            // A second setup is refused once an owner exists.
            let stranger = Browser(t)
            try await stranger.get("/signin")
            let again = try await stranger.post(
                "/setup",
                [
                    ("email", "x@y.z"), ("password", "12345678"), ("locale", "en-US"), ("timeZone", "UTC"),
                    ("currency", "EUR"),
                ])
            #expect(again.headers.first(name: .location) == "/signin")
            #expect(try await BillfoldStore.UserRepository(database: t.app.db, clock: t.app.wallClock).count() == 1)
            let wrong = try await stranger.post("/signin", [("email", "owner@example.com"), ("password", "wrong one")])
            #expect(wrong.status == .unauthorized)
            #expect(wrong.headers.setCookie?["billfold_session"] == nil)
            let signIn = try await stranger.post(
                "/signin", [("email", "OWNER@example.com"), ("password", "long enough"), ("next", "/settings")])
            #expect(signIn.headers.first(name: .location) == "/settings")
            let second = try #require(signIn.headers.setCookie?["billfold_session"]).string
            try await stranger.get("/settings")
            let signedOut = try await stranger.post("/signout", [])
            // The browser forgets the pages it kept for offline reading (where it honours this).
            #expect(signedOut.headers.first(name: "Clear-Site-Data") == "\"cache\"")
            let after = try await t.send(.GET, "/api/v1/me", headers: ["Cookie": "billfold_session=\(second)"])
            #expect(after.status == .unauthorized)
            let page = try await t.send(
                .GET, "/transactions?status=cleared", headers: ["Cookie": "billfold_session=\(second)"])
            #expect(page.headers.first(name: .location) == "/signin?next=%2Ftransactions%3Fstatus%3Dcleared")
        }
    }

    @Test("health: live, and ready once migrated", arguments: TestDatabase.all)
    func health(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            #expect(try await t.send(.GET, "/health/live").body.string == #"{"status":"live"}"#)
            #expect(try await t.send(.GET, "/health/ready").body.string == #"{"status":"ready"}"#)
            let unknown = try await t.send(.GET, "/api/v1/nothing-here")
            #expect(unknown.status == .notFound)
            #expect(unknown.body.string.contains(#""code":"not_found""#))
        }
    }
}

@Suite("Configuration")
struct ConfigurationTests {
    @Test("flags win over the environment, which wins over defaults")
    func precedence() throws {
        let env = ["BILLFOLD_PORT": "9000", "BILLFOLD_DATABASE_URL": "postgres://u:p@127.0.0.1:5432/db"]
        let fromEnv = try Configuration.resolve(flags: .init(), environment: env)
        #expect(fromEnv.port == 9000)
        #expect(fromEnv.database == .postgres(url: "postgres://u:p@127.0.0.1:5432/db"))
        #expect(fromEnv.database.description.contains("•••"))
        let fromFlags = try Configuration.resolve(flags: .init(port: "8081", database: "x.sqlite"), environment: env)
        #expect(fromFlags.port == 8081)
        #expect(fromFlags.database == .sqlite(path: "x.sqlite"))
        let defaults = try Configuration.resolve(flags: .init(), environment: [:])
        #expect(defaults == Configuration())
        #expect(defaults.database == .sqlite(path: "billfold.sqlite"))
        #expect(defaults.hostname == "127.0.0.1" && defaults.port == 8080)
    }

    @Test(
        "an invalid setting is refused, naming it",
        arguments: [
            (Configuration.Flags(port: "http"), [String: String](), "--port"),
            (Configuration.Flags(), ["BILLFOLD_PORT": "70000"], "BILLFOLD_PORT"),
            (Configuration.Flags(database: "mysql://x"), [:], "--database"),
            (Configuration.Flags(), ["BILLFOLD_DATABASE_URL": "postgres://"], "BILLFOLD_DATABASE_URL"),
            (Configuration.Flags(logLevel: "loud"), [:], "--log-level"),
            (Configuration.Flags(), ["BILLFOLD_MAX_BODY_BYTES": "ten"], "BILLFOLD_MAX_BODY_BYTES"),
            (Configuration.Flags(), ["BILLFOLD_SQLITE_CACHE_MB": "4"], "BILLFOLD_SQLITE_CACHE_MB"),
            (Configuration.Flags(), ["BILLFOLD_RATES_URL": "ftp://rates.example"], "BILLFOLD_RATES_URL"),
            (Configuration.Flags(), ["BILLFOLD_RATES_URL": "http://rates.example/x.csv"], "BILLFOLD_RATES_URL"),
            (Configuration.Flags(), ["BILLFOLD_RATES_URL": "https://me:pw@rates.example/x.csv"], "BILLFOLD_RATES_URL"),
            (Configuration.Flags(), ["BILLFOLD_RATES_FETCH_HOURS": "0"], "BILLFOLD_RATES_FETCH_HOURS"),
            (
                Configuration.Flags(), ["BILLFOLD_LUNCHMONEY_MAX_TRANSACTIONS": "10"],
                "BILLFOLD_LUNCHMONEY_MAX_TRANSACTIONS"
            ),
        ])
    func invalid(flags: Configuration.Flags, env: [String: String], setting: String) {
        #expect {
            try Configuration.resolve(flags: flags, environment: env)
        } throws: { error in
            let error = error as! BillfoldError
            return error.code == .invalidConfiguration && error.message.contains(setting)
        }
    }

    @Test("SQLite's page cache is the configured total shared out between its connections; the file is not mapped")
    func sqliteMemory() async throws {
        try await TestApp.run(.sqlite, environment: ["BILLFOLD_SQLITE_CACHE_MB": "64"]) { t in
            let loops = Array(t.app.eventLoopGroup.makeIterator())
            struct Cache: Decodable { var cache_size: Int }
            struct Map: Decodable { var mmap_size: Int }
            // A quarter for the connections that write…
            for loop in loops {
                let sql = t.app.databases.database(.sqlite, logger: t.app.logger, on: loop) as! any SQLDatabase
                let cache = try await sql.raw("PRAGMA cache_size").first(decoding: Cache.self)?.cache_size
                let map = try await sql.raw("PRAGMA mmap_size").first(decoding: Map.self)?.mmap_size
                #expect(cache == -max(2048, 65536 / 4 / loops.count) && map == 0)
            }
            // …and three quarters for the readers (one per core, at least two), which may not write. (The
            // map's size has no table function to read it by; it is set as the others are.)
            let readers = try #require(t.app.sqliteReaders)
            let row = try #require(
                readers.rows(
                    "SELECT c.cache_size, q.query_only FROM pragma_cache_size c, pragma_query_only q",
                    []
                )?.first)
            #expect(row.column("cache_size") == .integer(-max(2048, 65536 * 3 / 4 / max(2, System.coreCount))))
            #expect(row.column("query_only") == .integer(1))
        }
    }
}

@Suite("Signed-out pages")
struct SignedOutPageTests {
    @Test("a browser is sent to sign in; a script fetching rows gets 401", arguments: TestDatabase.all)
    func signedOut(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            _ = try await t.person("ana@example.com")
            let browser = try await t.send(.GET, "/transactions", headers: ["Accept": "text/html,*/*;q=0.8"])
            #expect(browser.status == .seeOther)
            #expect(browser.headers.first(name: .location) == "/signin?next=%2Ftransactions")
            let script = try await t.send(.GET, "/transactions/rows?cursor=x", headers: ["Accept": "application/json"])
            #expect(script.status == .unauthorized)
        }
    }
}

@Suite("Accounts and settings")
struct AccountAndSettingsTests {
    @Test("account creation refuses a bad email, a short password and a taken email", arguments: TestDatabase.all)
    func createUser(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let accounts = AccountService(database: t.app.db, clock: t.app.wallClock)
            for (email, password, field) in [
                ("not-an-email", "long enough", "email"), ("a@b.cd", "short", "password"),
                ("a@b.cd", String(repeating: "p", count: 73), "password"),
            ] {
                await #expect {
                    try await accounts.createUser(email: email, password: password, name: nil)
                } throws: { ($0 as? BillfoldError)?.fields[field] != nil }
            }
            _ = try await accounts.createUser(email: "Ana@Example.com", password: "long enough", name: nil)
            await #expect {
                try await accounts.createUser(email: "ana@example.COM", password: "long enough", name: nil)
            } throws: { ($0 as? BillfoldError)?.code == .conflict }
            #expect(try await BillfoldStore.UserRepository(database: t.app.db, clock: t.app.wallClock).count() == 1)
        }
    }

    @Test("an expired session signs nobody in", arguments: TestDatabase.all)
    func expiredSession(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let users = BillfoldStore.UserRepository(database: t.app.db, clock: t.app.wallClock)
            try await users.createSession(userID: ana.id, secretHash: Secrets.hash("live-secret"), lifetime: 3600)
            try await users.createSession(userID: ana.id, secretHash: Secrets.hash("old-secret"), lifetime: -1)
            #expect(
                try await t.send(.GET, "/api/v1/me", headers: ["Cookie": "billfold_session=live-secret"]).status == .ok)
            #expect(
                try await t.send(.GET, "/api/v1/me", headers: ["Cookie": "billfold_session=old-secret"]).status
                    == .unauthorized)
        }
    }

    @Test("Settings refuses a bad value, says which, and keeps the saved preferences", arguments: TestDatabase.all)
    func settings(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let form: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
            for body in [
                "locale=de-DE&timeZone=Europe%2FBerlin&currency=EUR&deckSize=500",
                "locale=de-DE&timeZone=Mars%2FOlympus&currency=EUR&deckSize=20",
                "locale=xx-XX&timeZone=UTC&currency=EUR&deckSize=20",
                "locale=de-DE&timeZone=UTC&currency=EURO&deckSize=20",
            ] {
                let refused = try await t.send(.POST, "/settings", as: ana, json: body, headers: form)
                #expect(refused.status == .badRequest, "\(body)")
                #expect(
                    refused.body.string.contains("field-error") || refused.body.string.contains("form-error"), "\(body)"
                )
            }
            #expect(try await t.get(MeResponse.self, "/api/v1/me", as: ana).locale == "en-US")
            let saved = try await t.send(
                .POST, "/settings", as: ana, json: "locale=de-DE&timeZone=Europe%2FBerlin&currency=USD&deckSize=30",
                headers: form)
            #expect(saved.headers.first(name: .location) == "/settings?done=saved")
            let me = try await t.get(MeResponse.self, "/api/v1/me", as: ana)
            #expect(
                me.locale == "de-DE" && me.timeZone == "Europe/Berlin" && me.primaryCurrency == "USD"
                    && me.deckSize == 30)
        }
    }
}

@Suite("Sign-in timing")
struct DecoyHashTests {
    @Test("the decoy hash for unknown emails is a real cost-10 bcrypt hash")
    func decoy() throws {
        #expect(try Bcrypt.verify("decoy-password-for-timing", created: AccountService.decoyHash))
        #expect(AccountService.decoyHash.hasPrefix("$2b$10$"))
    }
}
