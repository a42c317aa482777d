import BillfoldAPI
import BillfoldCore
import BillfoldImport
import BillfoldStore
import Vapor

/// `/api/v1/reports/...`: the monthly report, net worth and the year in review, each as JSON or
/// CSV.
struct ReportsAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(NativeAPI.monthlyReport) { request in
            try MonthlyReportResponse(try await request.monthlyReport()).apiResponse()
        }
        routes.on(NativeAPI.monthlyReportCSV) { request in
            try request.monthlyReportCSV(try await request.monthlyReport())
        }
        routes.on(NativeAPI.netWorthReport) { request in
            try NetWorthResponse(try await request.netWorthReport()).apiResponse()
        }
        routes.on(NativeAPI.netWorthReportCSV) { request in
            try request.netWorthCSV(try await request.netWorthReport())
        }
        routes.on(NativeAPI.yearReport) { request in
            try YearInReviewResponse(try await request.yearInReview()).apiResponse()
        }
        routes.on(NativeAPI.yearReportCSV) { request in
            try request.yearInReviewCSV(try await request.yearInReview())
        }
    }
}

extension Request {
    var reportService: ReportService {
        get throws { ReportService(database: store, user: try user, clock: application.wallClock) }
    }

    /// A query parameter, nil when missing or empty.
    fileprivate func reportParameter(_ name: String) -> String? {
        (try? query.get(String.self, at: name)).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The months the address asks for: `months`, or `from` and `to`.
    fileprivate func reportMonths(_ service: ReportService) throws -> [Month] {
        try service.months(from: reportParameter("from"), to: reportParameter("to"), last: reportParameter("months"))
    }

    /// The list's filters the address carries (`account`, `category`, `tag`).
    var reportFilter: TransactionFilter {
        get throws {
            let names = ["account", "category", "tag"]
            return try ReportService.filter(
                Dictionary(uniqueKeysWithValues: names.compactMap { name in reportParameter(name).map { (name, $0) } }))
        }
    }

    /// The monthly report the address asks for: its months, filters and `by=group`.
    func monthlyReport() async throws -> MonthlyReport {
        let service = try reportService
        let months = try reportMonths(service)
        var report = try await service.monthly(
            months, filter: try reportFilter, byGroup: reportParameter("by") == "group")
        if !report.currenciesBeside.isEmpty, let first = months.first, let last = months.last {
            report.converted = try await service.converted(
                try reportFilter, over: first...last, in: report.currenciesBeside, income: report.income,
                spending: report.spending, rates: try ratesService)
        }
        return report
    }

    /// Net worth over the months asked for, of every account or `account`.
    func netWorthReport() async throws -> NetWorthReport {
        let service = try reportService
        return try await converting(
            try await service.netWorth(try reportMonths(service), accountID: try netWorthAccount))
    }

    /// Net worth with each month's one total in the primary currency, when it has others.
    func converting(_ report: NetWorthReport) async throws -> NetWorthReport {
        guard report.currencies.count > 1 else { return report }
        var report = report
        try report.convert(with: try await ratesService.book(), today: Day(now, in: try user.preferences.zone))
        return report
    }

    /// Net worth's one filter, `account` (the others narrow transactions, not balances).
    var netWorthAccount: Int64? {
        get throws { try ReportService.filter(reportParameter("account").map { ["account": $0] } ?? [:]).accountID }
    }

    /// The year in review of `year` (this year when not given), with the filters and `by=group`.
    func yearInReview() async throws -> YearInReview {
        let service = try reportService
        let year = try reportParameter("year").map { text throws(BillfoldError) -> Int in
            guard let year = Int(text) else {
                throw BillfoldError.validation("year", Phrase("error.service.reports.notAYear", ["text": text]))
            }
            return year
        }
        let chosen = year ?? service.thisMonth.year
        var review = try await service.year(chosen, filter: try reportFilter, byGroup: reportParameter("by") == "group")
        if !review.currenciesBeside.isEmpty {
            review.converted = try await service.converted(
                try reportFilter, over: Month(year: chosen, month: 1)...Month(year: chosen, month: 12),
                in: review.currenciesBeside,
                income: review.income.total, spending: review.spending.total, rates: try ratesService)
        }
        return review
    }

    /// The report as a CSV download, its titles in the reader's words.
    func monthlyReportCSV(_ report: MonthlyReport) throws -> Response {
        let words = self.words
        let csv = ReportCSV.monthly(
            report,
            titles: (
                words("reports.month"), words("reports.income"), words("reports.spending"), words("reports.net")
            ))
        let range = (report.rows.first?.month.description ?? "") + "_" + (report.rows.last?.month.description ?? "")
        return csvDownload(csv, name: "billfold-report-\(range).csv")
    }

    func netWorthCSV(_ report: NetWorthReport) throws -> Response {
        let range =
            (report.points.first?.month.description ?? "") + "_" + (report.points.last?.month.description ?? "")
        return csvDownload(
            ReportCSV.netWorth(
                report, monthTitle: words("reports.month"),
                convertedTitle: words("reports.convertedTo", ["currency": report.currencies[0].code])),
            name: "billfold-net-worth-\(range).csv")
    }

    func yearInReviewCSV(_ review: YearInReview) throws -> Response {
        let words = self.words
        let csv = ReportCSV.year(
            review,
            titles: (
                words("reports.category"), words("reports.income"), words("reports.spending"), words("reports.net"),
                words("reports.total"), words("reports.average")
            ))
        return csvDownload(csv, name: "billfold-year-\(review.year).csv")
    }

    private func csvDownload(_ csv: String, name: String) -> Response {
        let response = Response(status: .ok, body: .init(string: csv))
        response.headers.contentType = HTTPMediaType(type: "text", subType: "csv", parameters: ["charset": "utf-8"])
        response.headers.replaceOrAdd(name: .contentDisposition, value: "attachment; filename=\"\(name)\"")
        return response
    }
}
