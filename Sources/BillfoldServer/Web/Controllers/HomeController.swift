import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Foundation
import SQLKit
import Vapor

/// `/home`: the dashboard.
struct HomeController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(WebPages.home, use: home)
    }

    func home(request: Request) async throws -> Response {
        let user = try request.user
        let format = try user.preferences.format
        let zone = user.preferences.zone
        let projects = try request.projectService.repository
        let open = try await projects.projects(closed: false)
        let items = Dictionary(grouping: try await projects.items(in: nil), by: \.projectID)
        let byID = Dictionary(uniqueKeysWithValues: open.map { ($0.id, $0) })
        // High priority and not done, in the project page's default order (newest first).
        let upNext = ItemSort.default.sorted(open.flatMap { items[$0.id] ?? [] })
            .filter { $0.priority == .high && !$0.completed }
            .prefix(HomePage.upNextCount + HomePage.moreCount)
            .compactMap { item in byID[item.projectID].map { (item: item, project: $0) } }
        let uncleared = try await request.transactionService.transactions
            .totals(TransactionQuery(status: .uncleared, range: TransactionQuery.everything.range))
            .reduce(0) { $0 + $1.count }
        let month = Month(Date(), in: zone)
        let tree = try await request.categoryService.repository.tree()
        let lines = try await SpendingRepository(database: request.store as! any SQLDatabase, userID: user.id)
            .byCategory(in: month.range(in: zone))
            .map { line -> (label: String, colour: String, money: Money) in
                let category = line.categoryID.flatMap { tree.category($0) }
                let colour = category.flatMap { CategoryLook.cssColour($0.colour) } ?? "var(--c-gray)"
                return (category?.name ?? "Uncategorized", colour, line.money)
            }
        let awards = try await request.currentAwardStandings().filter(\.earned)
            .sorted { ($0.earnedAt ?? 0) > ($1.earnedAt ?? 0) }
        return HomePage(
            projects: open.map { ($0, items[$0.id] ?? []) }, upNext: Array(upNext), uncleared: uncleared,
            chart: SpendingChart(lines: lines, currency: user.preferences.currency, format: format),
            monthName: month.name(locale: format.locale, timeZone: zone), recentAwards: Array(awards.prefix(4)),
            format: format
        ).response(request)
    }
}
