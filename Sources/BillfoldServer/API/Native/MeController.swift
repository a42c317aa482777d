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
            let preferences = user.preferences
            return try MeResponse(
                id: user.id, email: user.email, name: user.name, locale: preferences.locale,
                timeZone: preferences.timeZone, primaryCurrency: preferences.currency.code,
                deckSize: preferences.deckSize, deckAnimation: preferences.deckAnimation.rawValue,
                token: request.accessToken.map(TokenDTO.init)
            ).apiResponse()
        }
    }
}
