import BillfoldAPI
import BillfoldCore
import Vapor

/// `POST /api/v1/tokens` (an app signs in), and the signed-in person's tokens.
struct TokensAPIController: RouteCollection {
    /// Only the signed-in routes; `SignInAPIController` registers the sign-in in its own group.
    func boot(routes: any RoutesBuilder) throws {
        routes.on(NativeAPI.tokens, use: list)
        routes.on(NativeAPI.revokeToken, use: revoke)
        routes.on(NativeAPI.revokeCurrentToken, use: revokeCurrent)
    }

    func list(request: Request) async throws -> Response {
        let tokens = try await AccountService(database: request.store, clock: request.application.wallClock).tokens(
            of: try request.user)
        return try TokenListResponse(tokens: tokens.map(TokenDTO.init)).apiResponse()
    }

    func revoke(request: Request) async throws -> Response {
        try await AccountService(database: request.store, clock: request.application.wallClock).revokeToken(
            try request.pathID(of: .token), of: try request.user)
        return Response(status: .noContent)
    }

    /// The token the request came with ends itself; a browser session has none to end.
    func revokeCurrent(request: Request) async throws -> Response {
        guard let token = request.accessToken else {
            throw BillfoldError(.notFound, Phrase("error.auth.noTokenToRevoke"))
        }
        try await AccountService(database: request.store, clock: request.application.wallClock).revokeToken(
            token, of: try request.user)
        return Response(status: .noContent)
    }
}

/// `POST /api/v1/tokens`: email, password and a label for a new access token. Counted against the
/// same sign-in limit as the sign-in page. It takes no cookie and no CSRF token: its body must be
/// JSON (`Content-Type: application/json`), which another site's page cannot send without a
/// CORS preflight that Billfold never allows, so a foreign page cannot sign a browser in here.
struct SignInAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(NativeAPI.createToken, use: create)
    }

    func create(request: Request) async throws -> Response {
        guard request.headers.contentType == .json else {
            throw BillfoldError(.unsupportedMediaType, Phrase("error.http.bodyNotJSON"))
        }
        let body = try request.decodeJSON(CreateTokenRequest.self)
        let found = try await request.signInUnderLimit(email: body.email, password: body.password)
        guard let user = found else {
            throw BillfoldError(.unauthorized, Phrase("error.auth.emailPasswordNoMatch"))
        }
        let clock = request.application.wallClock
        let expiresAt = try TokenExpiry.parse(
            body.expiresAt ?? "", timeZone: user.preferences.zone, now: clock.seconds)
        let created = try await request.transaction {
            try await AccountService(database: request.store, clock: clock).createToken(
                for: user, label: body.label, scope: body.scope ?? .readWrite, expiresAt: expiresAt)
        }
        let record = TokenDTO(created.record)
        let response = try CreatedTokenResponse(
            id: record.id, label: record.label, createdAt: record.createdAt, token: created.token,
            scope: record.scope, expiresAt: record.expiresAt
        ).apiResponse(status: .created)
        response.headers.replaceOrAdd(name: .location, value: NativeAPI.tokens.path())
        return response
    }
}
