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
    /// The recurring payments due next.
    var recurring: HomeRecurringCard?
    /// This month against its budgets, and net worth over the last twelve months.
    var budget: HomeBudgetCard?
    var netWorth: HomeNetWorthCard?
    /// Every transaction's sum; nil for an empty book.
    var allTransactions: HomeAllTransactionsCard?
    /// Shown while the book has no transactions.
    var firstSteps: FirstSteps?

    func document(_ context: PageContext) -> Document {
        Layout(context: context, title: tr("nav.home"), section: .home).document {
            H.header(.class("page-header")) { H.h1 { tr("nav.home") } }
            if let firstSteps { firstStepsCard(firstSteps) }
            H.div(.class("home-grid")) {
                H.div(.class("home-column")) {
                    review
                    if let allTransactions { allTransactions.html }
                    projectsCard
                    itemsCard
                }
                H.div(.class("home-column")) {
                    H.section(.class("card home-spending"), .label(tr("home.spending"))) {
                        H.h2 { tr("home.spendingIn", ["month": monthName]) }
                        chart.html
                    }
                    if let budget { budget.html }
                    if let netWorth { netWorth.html }
                    if let recurring { recurring.html }
                    awardsCard
                }
            }
        }
    }

    /// The way in for a new book: each step with where to do it, ticked once done.
    private func firstStepsCard(_ steps: FirstSteps) -> HTML {
        H.section(.class("card first-steps"), .label(tr("home.firstSteps"))) {
            H.h2 { tr("home.firstSteps") }
            H.el("ol", [.class("first-steps-list")]) {
                step(
                    done: false, title: tr("home.firstSteps.import"), hint: tr("home.firstSteps.importHint"),
                    action: H.a(.class("button primary"), .href(WebPages.importFile.path())) {
                        tr("import.importBankFile")
                    })
                step(
                    done: steps.hasCategories, title: tr("home.firstSteps.categories"),
                    hint: tr("home.firstSteps.categoriesHint"),
                    action: steps.hasCategories
                        ? H.a(.class("button"), .href(WebPages.categories.path())) { tr("nav.categories") }
                        : H.form(.method("post"), .action(WebPages.addStarterCategories.path())) {
                            H.button(.type("submit"), .class("button")) { tr("categories.starter.button") }
                        })
                step(
                    done: steps.lunchMoneyConnected, title: tr("home.firstSteps.lunchMoney"),
                    hint: tr("home.firstSteps.lunchMoneyHint"),
                    action: H.a(.class("button"), .href(WebPages.settings.path() + "#lunchmoney")) {
                        tr("home.firstSteps.lunchMoney")
                    })
            }
        }
    }

    private func step(done: Bool, title: String, hint: String, action: HTML) -> HTML {
        H.li(.class(done ? "first-step done" : "first-step")) {
            H.div(.class("first-step-text")) {
                H.strong { title }
                if done { H.span(.class("tag done-tag")) { tr("home.firstSteps.done") } }
                H.p(.class("secondary")) { hint }
            }
            if !done { action }
        }
    }

    private var review: HTML {
        H.section(.class("card home-review"), .label(tr("nav.review"))) {
            H.h2 { tr("nav.review") }
            if uncleared == 0 {
                H.p { tr("home.allClear") }
            } else {
                H.p(.class("big-number")) { format.transactions(uncleared) }
                // Every month's: the same number Review gives as "to review in all".
                H.p(.class("secondary")) { tr("home.waitingInAllMonths") }
                H.a(.class("button primary"), .href(WebPages.review.path())) { tr("home.startReviewing") }
            }
        }
    }

    private var projectsCard: HTML {
        H.section(.class("card"), .label(tr("home.openProjects"))) {
            H.h2 { tr("home.openProjects") }
            if projects.isEmpty {
                H.p(.class("secondary")) { tr("home.noOpenProjects") + " " }
                H.a(.class("button"), .href(WebPages.projects.path())) { tr("home.addProject") }
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
        return H.section(.class("card"), .label(tr("home.upNext"))) {
            H.h2 { tr("home.upNext") }
            if next.isEmpty {
                H.p(.class("secondary")) { tr("home.nothingUpNext") }
            } else {
                itemList(next, className: "up-next")
            }
            if !more.isEmpty {
                H.h3 { tr("home.moreToExplore") }
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
        H.section(.class("card"), .label(tr("home.recentAwards"))) {
            H.h2 { tr("home.recentAwards") }
            if recentAwards.isEmpty {
                H.p(.class("secondary")) { tr("home.noAwards") }
            } else {
                H.ul(.class("home-awards")) {
                    for standing in recentAwards {
                        H.li(
                            .attr(
                                "style", "--award: \(CategoryLook.cssColour(standing.award.colour) ?? "var(--accent)")")
                        ) {
                            H.span(.class("award-badge small")) { CategoryLook.icon(standing.award.icon) }
                            H.span { standing.award.displayName }
                        }
                    }
                }
            }
            H.a(.href(WebPages.awards.path())) { tr("home.allAwards") }
        }
    }
}
