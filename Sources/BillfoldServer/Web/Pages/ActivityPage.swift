import BillfoldAPI
import BillfoldCore
import Foundation

/// Every clear and recategorisation, wherever it was made, newest first, grouped by day in the
/// user's zone: "5 changes on Wednesday, November 19, 2026", each with what was done, where,
/// and a link to the transaction's history.
struct ActivityPage: WebPage {
    // As many as the transactions list shows: a page is mostly the drawing of its rows.
    static let pageSize = 50

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
                            count > ReviewService.ActivityWindow.countCap
                                ? tr(
                                    "activity.dayHeadingMany", count: ReviewService.ActivityWindow.countCap,
                                    ["day": format.dayHeading(day.entries[0].changedAt)])
                                : tr(
                                    "activity.dayHeading", count: count,
                                    ["day": format.dayHeading(day.entries[0].changedAt)])
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
                H.a(.class("button"), .href(WebPages.activity.path(query: [("after", first.newest.parameter)]))) {
                    tr("activity.newer")
                }
            }
            if window.hasOlder, let last = window.entries.last {
                H.a(.class("button"), .href(WebPages.activity.path(query: [("before", last.oldest.parameter)]))) {
                    tr("activity.older")
                }
            }
        }
    }

    private var days: [(key: Day, entries: [ActivityEntry])] {
        var result: [(key: Day, entries: [ActivityEntry])] = []
        for entry in window.entries {
            let day = Day(Date(timeIntervalSince1970: TimeInterval(entry.changedAt)), in: format.timeZone)
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

    /// "Cleared", "Recategorised from Groceries to Restaurants and cleared", "Marked uncleared".
    func describe(_ entry: ActivityEntry) -> String {
        let status = entry.status.flatMap { $0.new }
        guard let category = entry.category else {
            return tr(
                status == .cleared ? "activity.cleared" : status == .pending ? "activity.pending" : "activity.uncleared"
            )
        }
        let moved = ["old": name(category.old), "new": name(category.new)]
        switch status {
        case nil: return tr("activity.recategorisedOnly", moved)
        case .cleared: return tr("activity.recategorised", moved)
        case .some(let other):
            return tr("activity.recategorisedOnly", moved) + " · "
                + tr(other == .pending ? "activity.pending" : "activity.uncleared")
        }
    }

    private func row(_ entry: ActivityEntry) -> HTML {
        let t = entry.transaction!  // the log is read joined with its transactions
        return H.li(.class("txn-row")) {
            H.a(.class("txn-link"), .href(WebPages.transaction.path(t.id) + "#history")) {
                H.div(.class("txn-main")) {
                    H.span(.class("payee")) { t.payee }
                }
                H.div(.class("txn-meta")) {
                    H.span(.class("activity-action")) { describe(entry) }
                    if let source = entry.source {
                        H.span(.class("activity-source")) { ChangeSourceWords.place(source) }
                    }
                    H.time(.class("secondary")) { format.time(entry.changedAt) }
                }
                H.span(.class(t.money.isExpense ? "amount expense" : "amount income")) { format.money(t.money) }
            }
        }
    }
}

/// Where a change was made, in the page's words: "in the review deck", "by a rule".
enum ChangeSourceWords {
    static func place(_ source: ChangeSource) -> String { tr("changes.source.\(source.rawValue)") }
}
