import BillfoldCore
import Crypto
import Foundation
import Vapor

/// Headers that keep pages from being framed, sniffed or scripted from elsewhere, on every
/// answer (error pages too: this sits outside the error responder).
///
/// The policy allows scripts only from this site plus the one inline import map, named by its
/// hash; page data travels in `<script type="application/json">` blocks, which never run. Styles
/// keep `'unsafe-inline'` for the colour custom properties set in `style` attributes, which cannot
/// run code.
struct SecurityHeaders: Middleware {
    let contentSecurityPolicy: String

    init(importMap: String) {
        let hash = Data(SHA256.hash(data: Data(importMap.utf8))).base64EncodedString()
        contentSecurityPolicy = [
            "default-src 'self'",
            "script-src 'self' 'sha256-\(hash)'",
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data:",
            "connect-src 'self'",
            "form-action 'self'",
            "base-uri 'none'",
            "object-src 'none'",
            "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }

    // Future-based, like the other middleware that need no database: every async middleware
    // costs each request a task and a thread hop, which showed in the benchmark.
    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        next.respond(to: request).map { response in
            self.secure(response, request)
            return response
        }
    }

    private func secure(_ response: Response, _ request: Request) {
        let headers = [
            ("Content-Security-Policy", contentSecurityPolicy),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "same-origin"),
            ("X-Frame-Options", "DENY"),
        ]
        for (name, value) in headers where !response.headers.contains(name: name) {
            response.headers.replaceOrAdd(name: name, value: value)
        }
        if request.isSecure && !response.headers.contains(name: "Strict-Transport-Security") {
            response.headers.replaceOrAdd(name: "Strict-Transport-Security", value: "max-age=31536000")
        }
    }
}

/// Methods no route here answers (TRACE, CONNECT, anything unknown) get 405 with the methods that
/// exist, instead of a 404 that suggests the address is wrong.
struct KnownMethods: Middleware {
    static let allowed: [HTTPMethod] = [.GET, .HEAD, .POST, .PUT, .PATCH, .DELETE, .OPTIONS]

    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        guard Self.allowed.contains(request.method) else {
            return request.eventLoop.makeFailedFuture(
                BillfoldError(
                    .methodNotAllowed, Phrase("error.security.methodNotAccepted", ["method": request.method.rawValue])))
        }
        return next.respond(to: request)
    }
}
