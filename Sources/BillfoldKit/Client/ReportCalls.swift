import BillfoldAPI
import BillfoldCore
import Foundation

/// The person's reports over `/api/v1/reports`.
extension BillfoldClient {
    /// Income and spending per month and spending by category (or group) over the months: the
    /// last `months` ending this month, or `from`…`to`; narrowed as the list is narrowed by
    /// `filter`'s account, category (or group) and tag.
    public func monthlyReport(
        months: Int? = nil, from: Month? = nil, to: Month? = nil, accountID: Int64? = nil,
        filter: TransactionFilter = TransactionFilter(), byGroup: Bool = false
    ) async throws(ClientError) -> MonthlyReportResponse {
        var query = Self.span(months: months, from: from, to: to) + Self.reportFilter(filter, accountID: accountID)
        if byGroup { query.append(("by", "group")) }
        return try await send(NativeAPI.monthlyReport, query: query, as: MonthlyReportResponse.self)
    }

    /// What every account (or only `accountID`) held at each month's end, per currency.
    public func netWorthReport(
        months: Int? = nil, from: Month? = nil, to: Month? = nil, accountID: Int64? = nil
    ) async throws(ClientError) -> NetWorthResponse {
        let query = Self.span(months: months, from: from, to: to) + Self.reportFilter(.init(), accountID: accountID)
        return try await send(NativeAPI.netWorthReport, query: query, as: NetWorthResponse.self)
    }

    /// A year's figures per category and month beside the same months of the year before (this
    /// year when `year` is nil), narrowed by `filter`'s account, category and tag.
    public func yearInReview(
        year: Int? = nil, filter: TransactionFilter = TransactionFilter(), byGroup: Bool = false
    ) async throws(ClientError) -> YearInReviewResponse {
        var query = Self.reportFilter(filter, accountID: nil)
        if let year { query.insert(("year", String(year)), at: 0) }
        if byGroup { query.append(("by", "group")) }
        return try await send(NativeAPI.yearReport, query: query, as: YearInReviewResponse.self)
    }

    private static func span(months: Int?, from: Month?, to: Month?) -> [(String, String)] {
        var query: [(String, String)] = []
        if let months { query.append(("months", String(months))) }
        if let from { query.append(("from", from.description)) }
        if let to { query.append(("to", to.description)) }
        return query
    }

    /// The filter's account, category and tag as the list sends them (its days are not a
    /// report's: a report's span is in months).
    private static func reportFilter(_ filter: TransactionFilter, accountID: Int64?) -> [(String, String)] {
        var narrowed = TransactionFilter()
        narrowed.accountID = accountID ?? filter.accountID
        narrowed.categoryID = filter.categoryID
        narrowed.uncategorized = filter.uncategorized
        narrowed.tagID = filter.tagID
        return narrowed.queryItems
    }
}
