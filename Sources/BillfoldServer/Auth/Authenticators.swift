import BillfoldAPI
import BillfoldCore
import BillfoldStore
import FluentKit
import Vapor

extension User: Authenticatable {}

/// Signs in the browser whose session cookie names a live session in the database, so any
/// instance sharing the database can serve it.
struct SessionAuthenticator: SometimesAsyncMiddleware {
    static let cookie = "billfold_session"

    func needsWork(_ request: Request) -> Bool { request.cookies[Self.cookie]?.string.isEmpty == false }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let clock = request.application.wallClock
        if let secret = request.cookies[Self.cookie]?.string, !secret.isEmpty,
            let found = try await UserRepository(database: request.store, clock: clock)
                .user(
                    forSession: Secrets.hash(secret),
                    idle: request.application.billfoldConfiguration.sessionIdleSeconds)
        {
            if let session = found.seenDue {
                try await request.application.recordUse {
                    try await UserRepository(database: $0, clock: clock).markSeen(session: session)
                }
            }
            request.auth.login(found.user)
            request.signInStamps = found.stamps
        }
        return try await next.respond(to: request)
    }
}

/// Accepts a personal access token as `Authorization: Bearer …` on the APIs.
struct TokenAuthenticator: SometimesAsyncMiddleware {
    func needsWork(_ request: Request) -> Bool { request.headers.bearerAuthorization != nil }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        // Not in the operations group: /metrics checks its own token, which is not a user's.
        if let bearer = request.headers.bearerAuthorization {
            // A bad token is an error even when a session cookie came along: the caller meant it.
            try await request.signIn(token: bearer.token)
        }
        return try await next.respond(to: request)
    }
}

extension Application {
    /// A session's or token's last use, written in its own turn among the process's writers
    /// (`WriteGate`): a write between another request transaction's first read and its first
    /// write would make that one fail on SQLite (SQLITE_BUSY, snapshot), and a page the service
    /// worker fetches in the background meets the person's own changes often. Only when the turn
    /// is free: a page does not wait behind a long import for bookkeeping kept to the minute,
    /// which the next request writes.
    func recordUse(_ write: @escaping @Sendable (any Database) async throws -> Void) async throws {
        _ = try await writeTransactionIfFree(on: db, gate: writeGate) { try await write($0) }
    }
}

extension Request {
    private struct AccessTokenKey: StorageKey { typealias Value = AccessToken }

    /// The access token the request came with; nil for a browser session.
    var accessToken: AccessToken? { storage[AccessTokenKey.self] }

    /// Signs in the owner of an access token, or refuses: an unknown or expired token, and a
    /// read-only one for anything but a read (every route of every API, by its method), save
    /// the token ending itself.
    func signIn(token secret: String) async throws {
        let clock = application.wallClock
        let users = UserRepository(database: store, clock: clock)
        guard let found = try await users.user(forToken: Secrets.hash(secret)) else {
            throw BillfoldError(.unauthorized, Phrase("error.auth.tokenNotValid"))
        }
        if found.token.hasExpired(at: clock.seconds) {
            throw BillfoldError(.unauthorized, Phrase("error.auth.tokenExpired"))
        }
        let endsItself = method == .DELETE && url.path == NativeAPI.revokeCurrentToken.path()
        guard found.token.scope.allows(method: method.rawValue) || endsItself else {
            throw BillfoldError(.tokenReadOnly, Phrase("error.auth.tokenReadOnly"))
        }
        // Only a token let in counts as used: a refused one is not written to.
        try await application.recordUse { try await UserRepository(database: $0, clock: clock).markUsed(found.token) }
        auth.login(found.user)
        storage[AccessTokenKey.self] = found.token
        signInStamps = found.stamps
    }

    private struct StampsKey: StorageKey { typealias Value = SignInStamps }

    /// What the signed-in person's sign-in row said of the data the server keeps between requests
    /// (`CategoryTrees`, `KeptRateBooks`).
    var signInStamps: SignInStamps? {
        get { storage[StampsKey.self] }
        set { storage[StampsKey.self] = newValue }
    }
}

extension Application {
    private struct CategoryTreesKey: StorageKey { typealias Value = CategoryTrees }

    /// People's category trees kept between requests (set when the application is made).
    var categoryTrees: CategoryTrees? {
        get { storage[CategoryTreesKey.self] }
        set { storage[CategoryTreesKey.self] = newValue }
    }
}

/// Lets only signed-in users through: APIs answer 401, pages send the browser to sign in.
struct RequireUser: SometimesAsyncMiddleware {
    enum Style { case json, page }
    let style: Style

    func needsWork(_ request: Request) -> Bool { !request.auth.has(User.self) }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if request.auth.has(User.self) {
            return try await next.respond(to: request)
        }
        switch style {
        case .json:
            throw BillfoldError(.unauthorized, Phrase("error.auth.signInOrToken"))
        case .page:
            // A script fetching part of a page wants a status it can act on, not a sign-in page.
            // (Compared as text: HTTPMediaType's == lets a browser's */* match JSON.)
            if request.headers.first(name: .accept)?.hasPrefix("application/json") == true {
                throw BillfoldError(.unauthorized, Phrase("error.auth.sessionEnded"))
            }
            if try await UserRepository(database: request.store, clock: request.application.wallClock).count() == 0 {
                return request.redirect(to: WebPages.setup.path())
            }
            var target = request.url.path
            if let query = request.url.query { target += "?" + query }
            let next = target == WebPages.start.path() ? [] : [("next", target)]
            return request.redirect(to: WebPages.signIn.path(query: next))
        }
    }
}

extension Request {
    /// The signed-in user; routes behind `RequireUser` always have one.
    var user: User {
        get throws {
            guard let user = auth.get(User.self) else {
                throw BillfoldError(.unauthorized, Phrase("error.auth.signInOrToken"))
            }
            return user
        }
    }
}
