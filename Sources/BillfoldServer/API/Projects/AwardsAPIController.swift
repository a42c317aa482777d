import BillfoldAPI
import Vapor

/// `GET /api/v1/awards`.
struct AwardsAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(NativeAPI.awards, use: list)
    }

    func list(request: Request) async throws -> Response {
        let standings = try await request.awardService.standings().all
        return try AwardListResponse(awards: standings.map(AwardDTO.init)).apiResponse()
    }
}
