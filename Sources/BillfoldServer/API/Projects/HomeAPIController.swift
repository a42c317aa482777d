import BillfoldAPI
import BillfoldCore
import Vapor

/// `GET /api/v1/home`: the dashboard the home page draws, for apps.
struct HomeAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(NativeAPI.home, use: home)
    }

    func home(request: Request) async throws -> Response {
        let user = try request.user
        let dashboard = try await HomeService(database: request.store, user: user, clock: request.application.wallClock)
            .dashboard(now: request.now, awards: try await request.currentAwardStandings())
        let all = try await request.everyTransactionsSum()
        return try HomeResponse(
            month: dashboard.month.description, uncleared: dashboard.uncleared,
            projects: dashboard.projects.map { ProjectDTO($0.project, items: $0.items) },
            upNext: dashboard.upNext.map { ItemDTO($0.item) },
            spending: dashboard.spending.map { SpendingDTO(category: $0.category, money: $0.money) },
            recentAwards: dashboard.recentAwards.map(AwardDTO.init), totals: all.totals.map(TotalDTO.init),
            convertedTotal: all.converted.map(ConvertedTotalDTO.init)
        ).apiResponse()
    }
}
