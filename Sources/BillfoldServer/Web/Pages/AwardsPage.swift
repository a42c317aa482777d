import BillfoldAPI
import BillfoldCore
import Foundation

/// The awards grid: earned ones in colour, locked ones greyed. Choosing one opens its story:
/// when and how it was earned, or what is still needed ("7 of 10 items").
struct AwardsPage: WebPage {
    let standings: [AwardStanding]
    let format: DisplayFormat

    func document(_ context: PageContext) -> Document {
        let earned = standings.filter(\.earned).count
        return Layout(context: context, title: "Awards", section: .projects).document {
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
