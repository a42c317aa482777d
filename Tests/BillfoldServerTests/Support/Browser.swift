import Foundation
import Testing
import Vapor
import VaporTesting

/// Acts as a browser against a `TestApp`: keeps cookies, reads the CSRF token from the pages it
/// loads, and posts forms with it the way a real form would.
final class Browser: @unchecked Sendable {
    let app: TestApp
    var cookies: [String: String] = [:]
    var token = ""

    init(_ app: TestApp) { self.app = app }

    var cookieHeader: HTTPHeaders {
        cookies.isEmpty ? [:] : ["Cookie": cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")]
    }

    /// Loads a page, keeping its cookies and its CSRF token.
    @discardableResult
    func get(_ path: String) async throws -> TestingHTTPResponse {
        let response = try await app.send(.GET, path, headers: cookieHeader)
        keep(response)
        if let found = Self.csrfToken(in: response.body.string) { token = found }
        return response
    }

    /// Posts a form with this browser's cookies and token (or `token` when given).
    @discardableResult
    func post(
        _ path: String, _ fields: [(String, String)], token override: String? = nil, headers extra: HTTPHeaders = [:]
    )
        async throws -> TestingHTTPResponse
    {
        var headers = cookieHeader
        headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        headers.add(contentsOf: extra)
        let all = fields + [("_csrf", override ?? token)]
        let body = all.map { "\($0.0.formEscaped)=\($0.1.formEscaped)" }.joined(separator: "&")
        let response = try await app.send(.POST, path, json: body, headers: headers)
        keep(response)
        return response
    }

    private func keep(_ response: TestingHTTPResponse) {
        for (name, value) in response.headers.setCookie?.all ?? [:] {
            if value.string.isEmpty { cookies[name] = nil } else { cookies[name] = value.string }
        }
    }

    static func csrfToken(in html: String) -> String? {
        for marker in ["name=\"_csrf\" value=\"", "name=\"csrf-token\" content=\""] {
            if let start = html.range(of: marker) {
                return String(html[start.upperBound...].prefix { $0 != "\"" })
            }
        }
        return nil
    }
}

extension String {
    var formEscaped: String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return addingPercentEncoding(withAllowedCharacters: allowed) ?? self
    }
}

extension Browser {
    /// Signs in as a person made by `TestApp.person` (whose password is "correct horse").
    static func signedIn(_ app: TestApp, _ person: TestApp.Person) async throws -> Browser {
        let browser = Browser(app)
        try await browser.get("/signin")
        let answer = try await browser.post("/signin", [("email", person.user.email), ("password", "correct horse")])
        #expect(answer.status == .seeOther, "signed in: \(answer.body.string)")
        try await browser.get("/settings")
        return browser
    }
}
