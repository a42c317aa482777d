import BillfoldCore
import Vapor

/// Looks for awards the user has just reached on every page view, so the next page after the
/// action that earned one says so, whichever way the action came (page, API or review deck).
struct AwardNoticeMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if request.method == .GET, request.auth.has(User.self),
            request.headers.first(name: .accept)?.hasPrefix("application/json") != true
        {
            if let found = try? await request.awardService.standings() {
                request.newAwards = found.newlyEarned
                request.awardStandings = found.all
            }
        }
        return try await next.respond(to: request)
    }
}

extension Request {
    private struct NewAwardsKey: StorageKey { typealias Value = [Award] }
    private struct StandingsKey: StorageKey { typealias Value = [AwardStanding] }

    /// Where the user stands, as the middleware found it; pages that show awards reuse it.
    var awardStandings: [AwardStanding]? {
        get { storage[StandingsKey.self] }
        set { storage[StandingsKey.self] = newValue }
    }

    /// The standings for a page: the middleware's, or found now.
    func currentAwardStandings() async throws -> [AwardStanding] {
        if let awardStandings { return awardStandings }
        return try await awardService.standings().all
    }

    /// Awards first reached while this request was being answered.
    var newAwards: [Award] {
        get { storage[NewAwardsKey.self] ?? [] }
        set { storage[NewAwardsKey.self] = newValue }
    }
}
