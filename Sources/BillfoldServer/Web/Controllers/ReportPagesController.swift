import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Vapor

/// The report pages (months, net worth, the year in review) and their CSV downloads.
struct ReportPagesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(WebPages.reports, use: months)
        routes.on(WebPages.reportsCSV) { request in try request.monthlyReportCSV(try await request.monthlyReport()) }
        routes.on(WebPages.netWorth, use: netWorth)
        routes.on(WebPages.netWorthCSV) { request in try request.netWorthCSV(try await request.netWorthReport()) }
        routes.on(WebPages.yearInReview, use: year)
        routes.on(WebPages.yearInReviewCSV) { request in
            try request.yearInReviewCSV(try await request.yearInReview())
        }
    }

    func months(request: Request) async throws -> Response {
        let report = try await request.monthlyReport()
        let user = try request.user
        let text = { (name: String) -> String? in
            (try? request.query.get(String.self, at: name)).flatMap { $0.isEmpty ? nil : $0 }
        }
        let choice = ReportsPage.Choice(
            months: text("months").flatMap { Int($0) }, from: text("from"), to: text("to"),
            filter: try request.reportFilter, byGroup: text("by") == "group")
        let choices = try await request.reportChoices()
        return ReportsPage(
            report: report, choice: choice, accounts: choices.accounts, tags: choices.tags, tree: choices.tree,
            format: user.preferences.format, zone: user.preferences.zone
        ).response(request)
    }

    func netWorth(request: Request) async throws -> Response {
        let report = try await request.netWorthReport()
        let user = try request.user
        return NetWorthPage(
            report: report, months: (try? request.query.get(Int.self, at: "months")),
            from: (try? request.query.get(String.self, at: "from")).flatMap { $0.isEmpty ? nil : $0 },
            to: (try? request.query.get(String.self, at: "to")).flatMap { $0.isEmpty ? nil : $0 },
            accountID: try request.netWorthAccount,
            accounts: try await AccountRepository(database: request.store, userID: user.id).all(),
            format: user.preferences.format, zone: user.preferences.zone
        ).response(request)
    }

    func year(request: Request) async throws -> Response {
        let review = try await request.yearInReview()
        let user = try request.user
        let thisYear = try request.reportService.thisMonth.year
        let choices = try await request.reportChoices()
        return YearInReviewPage(
            review: review, filter: try request.reportFilter,
            byGroup: (try? request.query.get(String.self, at: "by")) == "group",
            years: Array((thisYear - 9...thisYear).reversed()), accounts: choices.accounts, tags: choices.tags,
            tree: choices.tree, format: user.preferences.format, zone: user.preferences.zone
        ).response(request)
    }
}

extension Request {
    /// What a report's filters offer: the person's accounts, tags and categories.
    fileprivate func reportChoices() async throws -> (accounts: [Account], tags: [Tag], tree: CategoryTree) {
        let id = try user.id
        return (
            try await AccountRepository(database: store, userID: id).all(),
            try await TagRepository(database: store, userID: id).all(),
            try await CategoryRepository(database: store, userID: id).tree()
        )
    }
}
