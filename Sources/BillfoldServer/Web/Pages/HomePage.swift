import BillfoldAPI
import BillfoldCore
import Foundation

/// Home: open projects and how far along they are, the high-priority items next in line, the
/// review count with a way in, this month's spending by category, and recent awards.
struct HomePage: WebPage {
    let projects: [(project: Project, items: [Item])]
    let upNext: [(item: Item, project: Project)]
    let uncleared: Int
    let chart: SpendingChart
    let monthName: String
    let recentAwards: [AwardStanding]
    let format: DisplayFormat

    func document(_ context: PageContext) -> Document {
        Layout(context: context, title: "Home", section: .home).document {
            H.header(.class("page-header")) { H.h1 { "Home" } }
            H.div(.class("home-grid")) {
                H.div(.class("home-column")) {
                    review
                    projectsCard
                    itemsCard
                }
                H.div(.class("home-column")) {
                    H.section(.class("card home-spending"), .label("Spending")) {
                        H.h2 { "Spending in \(monthName)" }
                        chart.html
                    }
                    awardsCard
                }
            }
        }
    }

    private var review: HTML {
        H.section(.class("card home-review"), .label("Review")) {
            H.h2 { "Review" }
            if uncleared == 0 {
                H.p { "All clear: every transaction is reviewed." }
            } else {
                H.p(.class("big-number")) { format.transactions(uncleared) }
                // Every month's: the same number Review gives as "to review in all".
                H.p(.class("secondary")) { "waiting to be reviewed, in all months" }
                H.a(.class("button primary"), .href(WebPages.review.path())) { "Start reviewing" }
            }
        }
    }

    private var projectsCard: HTML {
        H.section(.class("card"), .label("Open projects")) {
            H.h2 { "Open projects" }
            if projects.isEmpty {
                H.p(.class("secondary")) { "No open projects. " }
                H.a(.class("button"), .href(WebPages.projects.path())) { "Add a project" }
            } else {
                H.ul(.class("home-projects")) {
                    for (project, items) in projects {
                        H.li(.attr("style", ProjectLook.style(project))) {
                            H.a(.href(WebPages.project.path(project.id))) { project.title }
                            ProjectLook.progress(project, items)
                            H.span(.class("secondary")) { "\(ProjectLook.percent(items))%" }
                        }
                    }
                }
            }
        }
    }

    private var itemsCard: HTML {
        let (next, more) = UpNext.split(upNext)
        return H.section(.class("card"), .label("Up next")) {
            H.h2 { "Up next" }
            if next.isEmpty {
                H.p(.class("secondary")) { "Nothing high-priority is waiting." }
            } else {
                itemList(next, className: "up-next")
            }
            if !more.isEmpty {
                H.h3 { "More to explore" }
                itemList(more, className: "more-to-explore")
            }
        }
    }

    private func itemList(_ entries: [(item: Item, project: Project)], className: String) -> HTML {
        H.ul(.class("home-items \(className)")) {
            for (item, project) in entries {
                H.li(.attr("style", ProjectLook.style(project))) {
                    ProjectLook.status(item)
                    H.a(.href(WebPages.editItem.path(project.id, item.id))) { item.title }
                    H.span(.class("secondary")) { project.title }
                }
            }
        }
    }

    private var awardsCard: HTML {
        H.section(.class("card"), .label("Recent awards")) {
            H.h2 { "Recent awards" }
            if recentAwards.isEmpty {
                H.p(.class("secondary")) {
                    "None yet. Add an item to a project or review a transaction to earn your first."
                }
            } else {
                H.ul(.class("home-awards")) {
                    for standing in recentAwards {
                        H.li(
                            .attr(
                                "style", "--award: \(CategoryLook.cssColour(standing.award.colour) ?? "var(--accent)")")
                        ) {
                            H.span(.class("award-badge small")) { CategoryLook.icon(standing.award.icon) }
                            H.span { standing.award.name }
                        }
                    }
                }
            }
            H.a(.href(WebPages.awards.path())) { "All awards" }
        }
    }
}
