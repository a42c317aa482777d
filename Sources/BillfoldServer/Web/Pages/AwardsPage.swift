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
        return Layout(context: context, title: tr("awards.title"), section: .projects).document {
            H.a(.class("back-link"), .href(WebPages.projects.path())) { tr("awards.backToProjects") }
            H.header(.class("page-header")) {
                H.div {
                    H.h1 { tr("awards.title") }
                    H.p(.class("secondary")) {
                        tr("awards.earnedCount", count: standings.count, ["earned": Words.current.number(earned)])
                    }
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
                    H.span(.class("award-name")) { award.displayName }
                    H.span(.class("visually-hidden")) {
                        tr(standing.earned ? "awards.earnedMark" : "awards.lockedMark")
                    }
                }
                H.div(.class("award-story")) {
                    H.p { award.displayDescription }
                    if let earnedAt = standing.earnedAt {
                        H.p(.class("secondary")) { tr("awards.earnedOn", ["day": format.dayHeading(earnedAt)]) }
                    } else {
                        H.p(.class("secondary")) { award.soFar(standing.count) }
                    }
                }
            }
        }
    }
}

extension Award {
    /// The award's name in the words being drawn (`awards.<id>.name`); the awards file's own
    /// English for an award the catalogue does not know yet.
    var displayName: String {
        let key = "awards.\(id).name"
        return Words.current.has(key) ? tr(key) : name
    }

    /// What earns it, in the words being drawn (`awards.<id>.description`), as `displayName`.
    var displayDescription: String {
        let key = "awards.\(id).description"
        return Words.current.has(key) ? tr(key) : description
    }
}
