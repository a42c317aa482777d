import BillfoldAPI
import BillfoldCore
import BillfoldImport
import BillfoldStore
import Vapor

/// `/api/v1/reports/monthly`: income and spending per month and spending by category, as JSON
/// or CSV.
struct ReportsAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(NativeAPI.monthlyReport) { request in
            try MonthlyReportResponse(try await request.monthlyReport()).apiResponse()
        }
        routes.on(NativeAPI.monthlyReportCSV) { request in
            try request.monthlyReportCSV(try await request.monthlyReport())
        }
    }
}

extension Request {
    var reportService: ReportService {
        get throws { ReportService(database: store, user: try user, clock: application.wallClock) }
    }

    /// The monthly report the address asks for: `months`, or `from` and `to`; `account`; `by=group`.
    func monthlyReport() async throws -> MonthlyReport {
        let service = try reportService
        let text = { (name: String) in try? self.query.get(String.self, at: name) }
        let months = try service.months(from: text("from"), to: text("to"), last: text("months"))
        let account = try text("account").flatMap { value -> Int64? in
            guard !value.isEmpty else { return nil }
            guard let id = Int64(value) else {
                throw BillfoldError.validation("account", Phrase("error.service.reports.notAnAccount"))
            }
            return id
        }
        return try await service.monthly(months, accountID: account, byGroup: text("by") == "group")
    }

    /// The report as a CSV download, its titles in the reader's words.
    func monthlyReportCSV(_ report: MonthlyReport) throws -> Response {
        let words = self.words
        let csv = ReportCSV.monthly(
            report,
            titles: (
                words("reports.month"), words("reports.income"), words("reports.spending"), words("reports.net")
            ))
        let response = Response(status: .ok, body: .init(string: csv))
        response.headers.contentType = HTTPMediaType(type: "text", subType: "csv", parameters: ["charset": "utf-8"])
        let range = (report.rows.first?.month.description ?? "") + "_" + (report.rows.last?.month.description ?? "")
        response.headers.replaceOrAdd(
            name: .contentDisposition, value: "attachment; filename=\"billfold-report-\(range).csv\"")
        return response
    }
}
