import BillfoldAPI
import Vapor

extension Encodable {
    /// Encodes with the API's encoder (sorted keys) and the given status.
    func apiResponse(status: HTTPResponseStatus = .ok) throws -> Response {
        let response = Response(status: status)
        try response.content.encode(self, using: JSONEncoder.api)
        return response
    }
}

struct MeController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(NativeAPI.me) { request async throws -> Response in
            let user = try request.user
            return try MeResponse(
                id: user.requireID, email: user.email, name: user.name, locale: user.locale,
                timeZone: user.timeZone, primaryCurrency: user.currency, deckSize: user.deckSize
            ).apiResponse()
        }
    }
}
