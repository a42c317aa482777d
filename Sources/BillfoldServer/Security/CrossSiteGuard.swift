import BillfoldCore
import BillfoldStore
import Foundation
import Vapor

/// Protection against cross-site request forgery for everything a browser's cookies can do.
///
/// Every state-changing request that does not carry its own credential (an `Authorization`
/// header, which another site cannot make a browser send) must come from this site (`Origin` and
/// `Sec-Fetch-Site`, when the browser sends them) and carry the token of this browser: a hash of
/// its session secret, or before sign-in of a pre-session secret in its own cookie. Another site
/// can read neither cookie, so it cannot know the token. Forms get the token as a hidden field
/// (added by the HTML renderer to every POST form), scripts send it as `X-CSRF-Token`.
/// The Lunch Money dialect (`/v1`) never looks at cookies, so its group goes without this guard.
struct CrossSiteGuard: Middleware {
    static let field = "_csrf"
    static let header = "X-CSRF-Token"
    static let cookie = "billfold_presession"

    /// Reads stay future-based (no task per request); only a write waits for its check.
    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        let checked: EventLoopFuture<Void> =
            Self.needsCheck(request)
            ? request.eventLoop.makeFutureWithTask { try await Self.check(request) }
            : request.eventLoop.makeSucceededVoidFuture()
        return checked.flatMap { next.respond(to: request) }.map { response in
            if let secret = request.storage[NewPreSessionKey.self] {
                response.cookies[Self.cookie] = HTTPCookies.Value(
                    string: secret, path: "/", isSecure: request.isSecure, isHTTPOnly: true, sameSite: .lax)
            }
            return response
        }
    }

    static func needsCheck(_ request: Request) -> Bool {
        guard ![.GET, .HEAD, .OPTIONS].contains(request.method) else { return false }
        // A bearer token is a credential another site cannot make a browser send (Basic can be).
        return request.headers.bearerAuthorization == nil
    }

    private static func check(_ request: Request) async throws {
        if let origin = request.headers.first(name: "Origin"), !request.isThisSite(origin: origin) {
            throw refusal(
                origin == "null" ? "error.security.crossSiteUnnamedOrigin" : "error.security.crossSiteOtherAddress")
        }
        if let site = request.headers.first(name: "Sec-Fetch-Site")?.lowercased(), site != "same-origin", site != "none"
        {
            throw refusal("error.security.crossSite")
        }
        var sent = request.headers.first(name: header)
        if sent == nil, request.headers.contentType == .urlEncodedForm {
            _ = try await request.body.collect(max: request.bodyCollectMax).get()
            sent = try? request.content.get(String.self, at: field)
        }
        // Signed in, only the session's token counts: a sibling site could plant a pre-session cookie.
        let session = request.cookies[SessionAuthenticator.cookie]?.string
        let secrets = request.auth.has(User.self) ? [session] : [session, request.cookies[cookie]?.string]
        let expected = secrets.compactMap { $0 }.filter { !$0.isEmpty }.map(token(for:))
        guard let sent, !sent.isEmpty, expected.contains(where: { constantTimeEqual($0, sent) }) else {
            throw refusal("error.security.crossSiteNoToken")
        }
    }

    /// The refusal, one whole sentence per reason (catalogue `key`).
    static func refusal(_ key: String) -> BillfoldError {
        BillfoldError(.forbidden, Phrase(key))
    }

    static func token(for secret: String) -> String { Secrets.hash("csrf:" + secret) }

    private static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8)
        let right = Array(b.utf8)
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    struct NewPreSessionKey: StorageKey { typealias Value = String }
}

extension Request {
    /// The secret of this browser's session cookie, if it sent one.
    var sessionSecret: String? {
        guard let secret = cookies[SessionAuthenticator.cookie]?.string, !secret.isEmpty else { return nil }
        return secret
    }

    /// This browser's CSRF token: from its session, or else from its pre-session cookie, which is
    /// made (and set on the answer) the first time a page needs it.
    var csrfToken: String {
        if auth.has(User.self), let session = sessionSecret {
            return CrossSiteGuard.token(for: session)
        }
        if let secret = cookies[CrossSiteGuard.cookie]?.string ?? storage[CrossSiteGuard.NewPreSessionKey.self],
            !secret.isEmpty
        {
            return CrossSiteGuard.token(for: secret)
        }
        let secret = Secrets.newSessionSecret()
        storage[CrossSiteGuard.NewPreSessionKey.self] = secret
        return CrossSiteGuard.token(for: secret)
    }
}
