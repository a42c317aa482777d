import BillfoldCore
import BillfoldStore
import FluentKit
import Foundation
import SQLKit

/// What the home dashboard shows, gathered for one user: open projects with their items, the
/// high-priority items up next, how many transactions wait for review, this month's spending by
/// category, and the awards earned last.
struct Dashboard: Sendable {
    var projects: [(project: Project, items: [Item])]
    var upNext: [(item: Item, project: Project)]
    var uncleared: Int
    var month: Month
    /// This month's spending per category (nil: uncategorised), in every currency it happened in.
    var spending: [(category: Category?, money: Money)]
    var recentAwards: [AwardStanding]
    /// For a book without transactions yet: which of the first steps are done.
    var firstSteps: FirstSteps?

    static let recentAwardsLimit = 4
}

/// A newcomer's way in: a bank file, categories, and (if they use it) Lunch Money.
struct FirstSteps: Sendable {
    var hasCategories: Bool
    var lunchMoneyConnected: Bool
}

struct HomeService: Sendable {
    let database: any Database
    let user: User
    /// Now, for every rule here that depends on time.
    let clock: WallClock

    /// The dashboard at `now`, with the award standings the request already found.
    func dashboard(now: Date, awards: [AwardStanding]) async throws -> Dashboard {
        let zone = user.preferences.zone
        let projects = try await ProjectService(database: database, user: user, clock: clock).projectsWithItems(
            closed: false)
        let byID = Dictionary(uniqueKeysWithValues: projects.map { ($0.project.id, $0.project) })
        // High priority and not done, in the project page's default order (newest first).
        let upNext = ItemSort.default.sorted(projects.flatMap(\.items))
            .filter { $0.priority == .high && !$0.completed }
            .prefix(UpNext.limit)
            .compactMap { item in byID[item.projectID].map { (item: item, project: $0) } }
        let uncleared = try await TransactionRepository(database: database, userID: user.id)
            .totals(TransactionQuery(status: .uncleared, range: TransactionQuery.everything.range))
            .reduce(0) { $0 + $1.count }
        let month = Month(now, in: zone)
        let tree = try await CategoryRepository(database: database, userID: user.id).tree()
        let spending = try await SpendingRepository(database: database.sql, userID: user.id)
            .spent(in: month.range(in: zone))
            .map { (category: $0.categoryID.flatMap { tree.category($0) }, money: $0.money) }
        let recent = awards.filter(\.earned).sorted { ($0.earnedAt ?? 0) > ($1.earnedAt ?? 0) }
        // From the per-day sums, not the rows: cheap however large the book.
        let empty = try await TransactionRepository(database: database, userID: user.id)
            .totals(TransactionQuery(range: TransactionQuery.everything.range)).isEmpty
        let firstSteps =
            empty
            ? FirstSteps(
                hasCategories: !tree.all.isEmpty,
                lunchMoneyConnected: try await LunchMoneyConnectionRepository(database: database, userID: user.id)
                    .find() != nil) : nil
        return Dashboard(
            projects: projects, upNext: Array(upNext), uncleared: uncleared, month: month, spending: spending,
            recentAwards: Array(recent.prefix(Dashboard.recentAwardsLimit)), firstSteps: firstSteps)
    }
}
