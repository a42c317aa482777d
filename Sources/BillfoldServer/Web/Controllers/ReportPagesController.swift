import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Vapor

/// The Reports page and its CSV download.
struct ReportPagesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(WebPages.reports, use: show)
        routes.on(WebPages.reportsCSV) { request in try request.monthlyReportCSV(try await request.monthlyReport()) }
    }

    func show(request: Request) async throws -> Response {
        let report = try await request.monthlyReport()
        let user = try request.user
        let text = { (name: String) -> String? in
            (try? request.query.get(String.self, at: name)).flatMap { $0.isEmpty ? nil : $0 }
        }
        let choice = ReportsPage.Choice(
            months: text("months").flatMap { Int($0) }, from: text("from"), to: text("to"),
            accountID: text("account").flatMap { Int64($0) }, byGroup: text("by") == "group")
        return ReportsPage(
            report: report, choice: choice,
            accounts: try await AccountRepository(database: request.store, userID: user.id).all(),
            tree: try await CategoryRepository(database: request.store, userID: user.id).tree(),
            format: user.preferences.format, zone: user.preferences.zone
        ).response(request)
    }
}
