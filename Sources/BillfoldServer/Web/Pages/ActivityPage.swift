import BillfoldAPI
import BillfoldCore
import Foundation

/// What the review deck did, newest first, grouped by day in the user's zone:
/// "5 transactions cleared on Wednesday, November 19, 2026", each with its action and a link.
struct ActivityPage: WebPage {
    static let pageSize = 100

    let window: ReviewService.ActivityWindow
    let categories: CategoryTree
    let format: DisplayFormat

    func document(_ context: PageContext) -> Document {
        Layout(context: context, title: tr("activity.title"), section: .review).document {
            H.a(.class("back-link"), .href(WebPages.review.path())) { tr("activity.backToReview") }
            H.header(.class("page-header")) { H.h1 { tr("activity.title") } }
            if window.entries.isEmpty {
                H.section(.class("card empty-state")) {
                    H.h2 { tr("activity.emptyTitle") }
                    H.p(.class("secondary")) { tr("activity.emptyText") }
                    H.a(.class("button primary"), .href(WebPages.review.path())) { tr("activity.startReviewing") }
                }
            } else {
                if window.hasNewer { pager }
                for day in days {
                    H.section(.class("card list-card activity-day")) {
                        // The whole day's count, though the page may show only part of the day.
                        let count = max(window.perDay[day.key] ?? 0, day.entries.count)
                        H.h2(.class("activity-heading")) {
                            tr(
                                "activity.dayHeading", count: count,
                                ["day": format.dayHeading(day.entries[0].decidedAt)])
                        }
                        if count > day.entries.count {
                            H.p(.class("secondary activity-part")) {
                                tr(
                                    day.key == days.first?.key && window.hasNewer
                                        ? "activity.restOnNewerPage" : "activity.restOnOlderPage",
                                    count: day.entries.count)
                            }
                        }
                        H.ul(.class("txn-list")) { for entry in day.entries { row(entry) } }
                    }
                }
                if window.hasNewer || window.hasOlder { pager }
            }
        }
    }

    /// Newer and Older, each where there is something to go to.
    private var pager: HTML {
        H.nav(.class("more activity-pager"), .label(tr("activity.pagerLabel"))) {
            if window.hasNewer, let first = window.entries.first {
                H.a(.class("button"), .href(WebPages.activity.path(query: [("after", String(first.id))]))) {
                    tr("activity.newer")
                }
            }
            if window.hasOlder, let last = window.entries.last {
                H.a(.class("button"), .href(WebPages.activity.path(query: [("before", String(last.id))]))) {
                    tr("activity.older")
                }
            }
        }
    }

    private var days: [(key: Day, entries: [ReviewActivity])] {
        var result: [(key: Day, entries: [ReviewActivity])] = []
        for entry in window.entries {
            let day = Day(Date(timeIntervalSince1970: TimeInterval(entry.decidedAt)), in: format.timeZone)
            if result.last?.key == day {
                result[result.count - 1].entries.append(entry)
            } else {
                result.append((day, [entry]))
            }
        }
        return result
    }

    private func name(_ id: Int64?) -> String {
        guard let id else { return tr("activity.uncategorized") }
        return categories.category(id)?.name ?? tr("activity.deletedCategory")
    }

    /// "Cleared" or "Recategorised from Groceries to Restaurants and cleared".
    func describe(_ entry: ReviewActivity) -> String {
        entry.action == .recategorize
            ? tr("activity.recategorised", ["old": name(entry.oldCategoryID), "new": name(entry.newCategoryID)])
            : tr("activity.cleared")
    }

    private func row(_ entry: ReviewActivity) -> HTML {
        let t = entry.transaction!  // the activity log is read joined with its transactions
        return H.li(.class("txn-row")) {
            H.a(.class("txn-link"), .href(WebPages.transaction.path(t.id))) {
                H.div(.class("txn-main")) {
                    H.span(.class("payee")) { t.payee }
                }
                H.div(.class("txn-meta")) {
                    H.span(.class("activity-action")) { describe(entry) }
                    H.time(.class("secondary")) { format.time(entry.decidedAt) }
                }
                H.span(.class(t.money.isExpense ? "amount expense" : "amount income")) { format.money(t.money) }
            }
        }
    }
}
