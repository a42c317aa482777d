import BillfoldAPI
import BillfoldCore
import Vapor

/// Sign-in, sign-out, first-visit owner setup, and the front door.
struct SignInController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(WebPages.start, use: home)
        routes.on(WebPages.signIn, use: signInPage)
        routes.on(WebPages.sendSignIn, use: signIn)
        routes.on(WebPages.signOut, use: signOut)
        routes.on(WebPages.setup, use: setupPage)
        routes.on(WebPages.sendSetup, use: setup)
    }

    func home(request: Request) async throws -> Response {
        if request.auth.has(User.self) { return request.redirect(to: WebPages.home.path()) }
        if try await !AccountService(database: request.store, clock: request.application.wallClock).hasUsers() {
            return request.redirect(to: WebPages.setup.path())
        }
        return request.redirect(to: WebPages.signIn.path())
    }

    func signInPage(request: Request) async throws -> Response {
        if try await !AccountService(database: request.store, clock: request.application.wallClock).hasUsers() {
            return request.redirect(to: WebPages.setup.path())
        }
        return SignInPage(next: SafeRedirect.localPath(try? request.query.get(String.self, at: "next")) ?? "")
            .response(request)
    }

    struct SignInForm: Content {
        var email: String
        var password: String
        var next: String?
    }

    func signIn(request: Request) async throws -> Response {
        let form = try request.content.decode(SignInForm.self)
        let found = try await request.signInUnderLimit(email: form.email, password: form.password)
        guard let user = found else {
            return SignInPage(
                email: form.email, next: SafeRedirect.localPath(form.next) ?? "",
                error: request.words("signin.noMatch")
            ).response(request)
        }
        return try await Self.startSession(for: user, request: request, next: form.next)
    }

    func signOut(request: Request) async throws -> Response {
        if let secret = request.sessionSecret {
            try await AccountService(database: request.store, clock: request.application.wallClock).endSession(
                secret: secret)
        }
        request.auth.logout(User.self)
        let response = request.redirect(to: WebPages.signIn.path())
        // The browser's own copies go too (the pages' script empties the app's caches).
        response.headers.replaceOrAdd(name: "Clear-Site-Data", value: "\"cache\"")
        response.cookies[SessionAuthenticator.cookie] = HTTPCookies.Value(
            string: "", expires: Date(timeIntervalSince1970: 0), path: WebPages.start.path(),
            isSecure: request.isSecure,
            isHTTPOnly: true,
            sameSite: .lax)
        return response
    }

    func setupPage(request: Request) async throws -> Response {
        guard try await !AccountService(database: request.store, clock: request.application.wallClock).hasUsers() else {
            return request.redirect(to: WebPages.signIn.path())
        }
        return SetupPage().response(request)
    }

    struct SetupForm: Content {
        var name: String?
        var email: String
        var password: String
        var locale: String
        var timeZone: String
        var currency: String
    }

    func setup(request: Request) async throws -> Response {
        // Only the very first account may be made here; afterwards this is a sign-in matter.
        guard try await !AccountService(database: request.store, clock: request.application.wallClock).hasUsers() else {
            return request.redirect(to: WebPages.signIn.path())
        }
        let form = try request.content.decode(SetupForm.self)
        let values = SetupPage.Values(
            name: form.name ?? "", email: form.email, locale: form.locale, timeZone: form.timeZone,
            currency: form.currency)
        do {
            let preferences = Preferences(
                locale: form.locale, timeZone: form.timeZone, currency: try Currency(code: form.currency),
                deckSize: Preferences.standard.deckSize)
            // The slow password hash first, then the claim: of several setups sent at once only
            // the first claim makes an owner; the others wait for it (same key) and find it taken.
            let owner = try await AccountService.newUser(
                email: form.email, password: form.password, name: form.name, preferences: preferences)
            return try await request.transaction {
                guard
                    try await AccountService(database: request.store, clock: request.application.wallClock).claimSetup()
                else {
                    return request.redirect(to: WebPages.signIn.path())
                }
                let user = try await AccountService(database: request.store, clock: request.application.wallClock)
                    .create(owner)
                return try await Self.startSession(for: user, request: request, next: WebPages.transactions.path())
            }
        } catch let error as BillfoldError {
            return SetupPage(values: values, error: error).response(request)
        }
    }

    static func startSession(for user: User, request: Request, next: String?) async throws -> Response {
        let lifetime = request.application.billfoldConfiguration.sessionLifetimeSeconds
        let secret = try await AccountService(database: request.store, clock: request.application.wallClock)
            .startSession(for: user, lifetime: lifetime)
        // Only paths on this site: an open redirect would let a link send people elsewhere.
        let target = SafeRedirect.localPath(next) ?? WebPages.transactions.path()
        let response = request.redirect(to: target, redirectType: .normal)
        response.cookies[SessionAuthenticator.cookie] = HTTPCookies.Value(
            string: secret, maxAge: Int(lifetime), path: WebPages.start.path(), isSecure: request.isSecure,
            isHTTPOnly: true,
            sameSite: .lax)
        return response
    }
}
