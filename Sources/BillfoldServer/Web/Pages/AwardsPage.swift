import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Foundation
import Vapor

/// The awards grid: earned ones in colour, locked ones greyed. Choosing one opens its story:
/// when and how it was earned, or what is still needed ("7 of 10 items").
struct AwardsPage {
    let standings: [AwardStanding]
    let format: DisplayFormat

    func response(_ request: Request) -> Response {
        let earned = standings.filter(\.earned).count
        return Layout(request: request, title: "Awards", section: .projects).response {
            H.a(.class("back-link"), .href(WebPages.projects.path())) { "← Projects" }
            H.header(.class("page-header")) {
                H.div {
                    H.h1 { "Awards" }
                    H.p(.class("secondary")) { "\(earned) of \(standings.count) earned" }
                }
            }
            H.ul(.class("award-grid")) {
                for standing in standings { cell(standing) }
            }
        }
    }

    private func cell(_ standing: AwardStanding) -> HTML {
        let award = standing.award
        let colour = CategoryLook.cssColour(award.colour) ?? "var(--accent)"
        return H.li {
            H.el(
                "details",
                [
                    .class(standing.earned ? "award earned" : "award locked"), .attr("style", "--award: \(colour)"),
                    .data("id", award.id),
                ]
            ) {
                H.el("summary", []) {
                    H.span(.class("award-badge")) { CategoryLook.icon(award.icon) }
                    H.span(.class("award-name")) { award.name }
                    H.span(.class("visually-hidden")) { standing.earned ? "(earned)" : "(locked)" }
                }
                H.div(.class("award-story")) {
                    H.p { award.description }
                    if let earnedAt = standing.earnedAt {
                        H.p(.class("secondary")) { "Earned on \(format.dayHeading(earnedAt))." }
                    } else {
                        H.p(.class("secondary")) { "So far: \(award.progress(standing.count))." }
                    }
                }
            }
        }
    }
}

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
