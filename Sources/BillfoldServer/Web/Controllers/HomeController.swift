import BillfoldAPI
import BillfoldCore
import Foundation
import Vapor

/// `/home`: the dashboard.
struct HomeController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(WebPages.home, use: home)
        routes.on(WebPages.offline) { request in OfflinePage().response(request) }
    }

    func home(request: Request) async throws -> Response {
        let user = try request.user
        let format = try user.preferences.format
        let home = HomeService(database: request.store, user: user, clock: request.application.wallClock)
        let dashboard = try await home.dashboard(now: request.now, awards: try await request.currentAwardStandings())
        let lines = dashboard.spending.map { line -> (label: String, colour: String, money: Money) in
            let colour = line.category.flatMap { CategoryLook.cssColour($0.colour) } ?? "var(--c-gray)"
            return (line.category?.name ?? CategoryTree.uncategorized, colour, line.money)
        }
        let recurring = RecurringOverview(try await request.recurringService.all(lookingThroughAll: false))
        var page = HomePage(
            projects: dashboard.projects, upNext: dashboard.upNext, uncleared: dashboard.uncleared,
            chart: SpendingChart(lines: lines, currency: user.preferences.currency, format: format),
            monthName: dashboard.month.name(locale: format.locale, timeZone: user.preferences.zone),
            recentAwards: dashboard.recentAwards, format: format, firstSteps: dashboard.firstSteps)
        page.recurring = HomeRecurringCard(overview: recurring, format: format)
        if dashboard.firstSteps == nil {
            let budgets = try request.budgetService
            page.budget = HomeBudgetCard(sheet: try await budgets.sheet(budgets.thisMonth), format: format)
            let reports = try request.reportService
            do {
                let report = try await reports.netWorth(
                    try reports.months(from: nil, to: nil, last: "12"), accountID: nil)
                page.netWorth = HomeNetWorthCard(
                    report: try await request.converting(report),
                    format: format, zone: user.preferences.zone)
            } catch let error as BillfoldError {
                // Balances too large to add up: Home leaves the card out rather than fail.
                request.logger.notice("net worth left off Home: \(error.code.rawValue)")
            }
        }
        let all = try await request.everyTransactionsSum()
        if !all.totals.isEmpty {
            page.allTransactions = HomeAllTransactionsCard(totals: all.totals, converted: all.converted, format: format)
        }
        return page.response(request)
    }
}

extension Request {
    /// What every transaction adds up to, per currency and converted into the primary one: Home's
    /// (the page's and the API's) sum of the whole book.
    func everyTransactionsSum() async throws -> (totals: [CurrencyTotal], converted: ConvertedTotal?) {
        let service = try transactionService
        let everything = try await service.query(TransactionFilter())
        let totals = try await service.totals(everything)
        return (totals, try await ratesService.converted(everything, totals: totals))
    }
}
