import BillfoldCore
import BillfoldStore
import Vapor

/// `/v1` takes personal access tokens only: as `Authorization: Bearer` (checked by the
/// TokenAuthenticator before this) or, as Lunch Money also allows, `?access_token=`. Anything
/// else answers 401 with Lunch Money's own body (the error responder writes it).
struct LunchMoneyAuth: SometimesAsyncMiddleware {
    /// A bearer token signed its owner in already (`TokenAuthenticator`); anything else is looked at.
    func needsWork(_ request: Request) -> Bool {
        request.headers.bearerAuthorization == nil || !request.auth.has(User.self)
    }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if request.headers.bearerAuthorization == nil {
            request.auth.logout(User.self)  // a browser session is not a token
            if let token = try? request.query.get(String.self, at: "access_token"), !token.isEmpty {
                try await request.signIn(token: token)
            }
        }
        guard request.auth.has(User.self) else {
            // Lunch Money's own words (see LunchMoneyError), not the catalogue's.
            throw BillfoldError(.unauthorized, "Access token does not exist.")
        }
        return try await next.respond(to: request)
    }
}

/// Lunch Money's error bodies: `{"error": "..."}` for bad input and unknown ids, and
/// `{"name": "Error", "message": "Access token does not exist."}` for a bad token. The problems
/// come written in the request's `Accept-Language` words; the bad token's text is Lunch Money's
/// own, word for word, as its clients expect it.
enum LunchMoneyError {
    static func response(_ problem: BillfoldError, status: HTTPResponseStatus) -> Response {
        let response = Response(status: status)
        if problem.code == .unauthorized {
            try? response.content.encode(
                ["name": "Error", "message": "Access token does not exist."], using: JSONEncoder.api)
        } else if problem.fields.count > 1 {
            // Several problems at once, in field order ("Transaction 0 ...", "Transaction 1 ...").
            let messages = problem.fields.sorted { $0.key < $1.key }.map(\.value)
            try? response.content.encode(["error": messages], using: JSONEncoder.api)
        } else {
            try? response.content.encode(["error": problem.message], using: JSONEncoder.api)
        }
        return response
    }
}
