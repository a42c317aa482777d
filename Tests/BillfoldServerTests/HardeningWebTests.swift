import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Foundation
import SQLKit
import Testing
import Vapor
import VaporTesting

@testable import BillfoldServer

/// The holes an outside probe found in the web side (issue 10), each shown closed.
@Suite("Safe to expose: the web")
struct HardeningWebTests {
    @Test(
        "sign-in never sends the browser off the site, nor writes a raw CR into Location",
        arguments: [
            "/\\evil.example", "/\t/evil.example", "/\\/evil.example", "//evil.example", "/x\r\nSet-Cookie: a=b",
        ])
    func openRedirect(next: String) async throws {
        try await TestApp.run(.sqlite) { t in
            let lou = try await t.person("lou@example.com")
            let browser = Browser(t)
            try await browser.get("/signin?next=" + next.formEscaped)
            let answer = try await browser.post(
                "/signin", [("email", lou.user.email), ("password", "correct horse"), ("next", next)])
            #expect(answer.status == .seeOther)
            #expect(answer.headers.first(name: .location) == "/transactions")
        }
    }

    /// Every state-changing form named by the probe, sent the way a foreign page would.
    static let forms: [(path: String, fields: [(String, String)])] = [
        ("/settings/tokens", [("label", "stolen")]),
        ("/projects", [("title", "Planted")]),
        ("/settings", [("locale", "de-DE"), ("timeZone", "UTC"), ("currency", "USD"), ("deckSize", "5")]),
        (
            "/transactions/new",
            [("bookedAt", "2026-03-01T10:00"), ("payee", "Planted"), ("amount", "-1.00"), ("currency", "EUR")]
        ),
        ("/settings/lunchmoney/check", [("baseURL", "https://127.0.0.1"), ("token", "x")]),
        ("/signout", []),
    ]

    @Test("a form from another site, or without this browser's token, is refused with 403 and writes nothing")
    func crossSiteForms() async throws {
        try await TestApp.run(.sqlite) { t in
            let ana = try await t.person("ana@example.com")
            let browser = try await Browser.signedIn(t, ana)
            let before = try await counts(t, ana)
            for form in Self.forms {
                let foreign = try await browser.post(
                    form.path, form.fields, headers: ["Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"])
                #expect(foreign.status == .forbidden, "\(form.path) from another origin")
                #expect(foreign.body.string.contains("Nothing was saved"), "the page says what happened")
                let tokenless = try await browser.post(form.path, form.fields, token: "")
                #expect(tokenless.status == .forbidden, "\(form.path) without a token")
                let wrong = try await browser.post(form.path, form.fields, token: String(repeating: "0", count: 64))
                #expect(wrong.status == .forbidden, "\(form.path) with another token")
                let sibling = try await browser.post(form.path, form.fields, headers: ["Sec-Fetch-Site": "same-site"])
                #expect(sibling.status == .forbidden, "\(form.path) from a sibling site")
                let basic = try await browser.post(
                    form.path, form.fields, token: "",
                    headers: ["Authorization": "Basic YTpi", "Origin": "https://evil.example"])
                #expect(basic.status == .forbidden, "\(form.path): a Basic header a browser adds is no credential")
            }
            #expect(try await counts(t, ana) == before, "nothing was written")
            #expect(
                try await t.send(.GET, "/api/v1/me", headers: browser.cookieHeader).status == .ok, "still signed in")
            // Sign-in itself needs the token of the page it came from (no login CSRF).
            let stranger = Browser(t)
            let planted = try await stranger.post(
                "/signin", [("email", ana.user.email), ("password", "correct horse")])
            #expect(planted.status == .forbidden)
            // The same form from the page itself goes through.
            let sameOrigin = try await browser.post(
                "/projects", [("title", "Mine")], headers: ["Sec-Fetch-Site": "same-origin"])
            #expect(sameOrigin.status == .seeOther, "\(sameOrigin.body.string)")
        }
    }

    @Test("scripts send the token as a header; the bearer API needs none")
    func scriptsAndBearer() async throws {
        try await TestApp.run(.sqlite) { t in
            let ana = try await t.person("ana@example.com")
            let browser = try await Browser.signedIn(t, ana)
            let body = #"{"title":"From a script"}"#
            var headers = browser.cookieHeader
            headers.add(name: .contentType, value: "application/json")
            #expect(try await t.send(.POST, "/api/v1/projects", json: body, headers: headers).status == .forbidden)
            headers.add(name: "X-CSRF-Token", value: browser.token)
            #expect(try await t.send(.POST, "/api/v1/projects", json: body, headers: headers).status == .created)
            let bearer = try await t.send(
                .POST, "/api/v1/projects", as: ana, json: body, headers: ["Origin": "https://elsewhere.example"])
            #expect(bearer.status == .created, "a bearer token is a credential another site cannot send")
        }
    }

    private func counts(_ t: TestApp, _ person: TestApp.Person) async throws -> [Int] {
        var out: [Int] = []
        for table in ["access_tokens", "projects", "transactions", "accounts", "sessions"] {
            out.append(try await t.rowCount(table, of: person))
        }
        out.append(
            try await BillfoldStore.UserRepository(database: t.app.db, clock: t.app.wallClock).find(id: person.id)!
                .preferences.currency == .eur
                ? 1 : 0)
        return out
    }

    @Test("every answer carries the security headers; the policy allows no inline script but the import map")
    func securityHeaders() async throws {
        try await TestApp.run(.sqlite) { t in
            for path in ["/signin", "/api/v1/me", "/nothing-here", "/assets/app.css"] {
                let answer = try await t.send(.GET, path)
                let policy = try #require(answer.headers.first(name: "Content-Security-Policy"), "\(path)")
                #expect(policy.contains("frame-ancestors 'none'"))
                let scripts = policy.split(separator: ";").first { $0.contains("script-src") } ?? ""
                #expect(!scripts.contains("unsafe-inline"))
                #expect(answer.headers.first(name: "X-Content-Type-Options") == "nosniff")
                #expect(answer.headers.first(name: "Referrer-Policy") == "same-origin")
            }
            let page = try await t.send(.GET, "/signin")
            let map = t.app.assets.importMap
            let hash = Data(SHA256.hash(data: Data(map.utf8))).base64EncodedString()
            #expect(page.headers.first(name: "Content-Security-Policy")!.contains("'sha256-\(hash)'"))
        }
    }

    @Test("the session cookie is Secure behind https; X-Forwarded-Proto counts only from a trusted proxy")
    func secureCookies() async throws {
        for (publicURL, forwarded, secure) in [
            (nil as String?, false, false), ("https://money.example.com", false, true), (nil, true, false),
        ] {
            var environment: [String: String] = [:]
            if let publicURL { environment["BILLFOLD_PUBLIC_URL"] = publicURL }
            try await TestApp.run(.sqlite, environment: environment) { t in
                let lou = try await t.person("lou@example.com")
                let browser = Browser(t)
                try await browser.get("/signin")
                var headers: HTTPHeaders = ["X-Forwarded-Proto": forwarded ? "https" : "http"]
                if publicURL != nil { headers.add(name: "Origin", value: publicURL!) }
                let answer = try await browser.post(
                    "/signin", [("email", lou.user.email), ("password", "correct horse")], headers: headers)
                let cookie = try #require(answer.headers.setCookie?["billfold_session"])
                #expect(cookie.isSecure == secure, "public URL \(publicURL ?? "none"), forwarded https: \(forwarded)")
                #expect(answer.headers.contains(name: "Strict-Transport-Security") == secure, "HSTS only over https")
            }
        }
    }

    @Test("a session ends after the idle period as well as at its absolute end", arguments: TestDatabase.all)
    func idleSessions(database: TestDatabase) async throws {
        try await TestApp.run(database, environment: ["BILLFOLD_SESSION_IDLE_DAYS": "1"]) { t in
            let ana = try await t.person("ana@example.com")
            let browser = try await Browser.signedIn(t, ana)
            let sql = t.app.db as! any SQLDatabase
            try await sql.raw("UPDATE sessions SET last_seen_at = last_seen_at - 80000").run()
            #expect(try await t.send(.GET, "/api/v1/me", headers: browser.cookieHeader).status == .ok)
            try await sql.raw("UPDATE sessions SET last_seen_at = last_seen_at - 80000").run()
            #expect(
                try await t.send(.GET, "/api/v1/me", headers: browser.cookieHeader).status == .ok, "use moved it on")
            try await sql.raw("UPDATE sessions SET last_seen_at = last_seen_at - 86401").run()
            #expect(try await t.send(.GET, "/api/v1/me", headers: browser.cookieHeader).status == .unauthorized)
        }
    }

    @Test("TRACE and unknown methods answer 405")
    func unknownMethods() async throws {
        try await TestApp.run(.sqlite) { t in
            for method in [HTTPMethod.TRACE, .CONNECT, .RAW(value: "PROPFIND")] {
                let answer = try await t.send(method, "/api/v1/me")
                #expect(answer.status == .methodNotAllowed, "\(method)")
            }
        }
    }

    @Test("text that looks like markup cannot break a page's JSON data")
    func jsonBlocks() throws {
        let html = H.json(id: "data", ["name": "<!--<script>", "other": "</script><b>&"]).rendered
        let json = String(html.split(separator: ">", maxSplits: 1)[1].dropLast("</script>".count))
        #expect(!json.contains("<") && !json.contains(">"), "\(html)")
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
        #expect(decoded == ["name": "<!--<script>", "other": "</script><b>&"])
    }

    @Test("text and attributes escape the five characters, also before a combining mark, and nothing else")
    func escaping() {
        #expect("plain Café 日本 🙂".htmlEscaped == "plain Café 日本 🙂")
        #expect(
            #"<a href="x">Tom & Jerry's</a>"#.htmlEscaped
                == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
        // A quote with a combining accent is one character to Swift, and still a quote to a browser.
        #expect("\"\u{0301} onmouseover=x".htmlEscaped == "&quot;\u{0301} onmouseover=x")
    }
}
