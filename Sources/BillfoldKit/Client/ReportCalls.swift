import BillfoldAPI
import BillfoldCore
import Foundation

/// The person's reports over `/api/v1/reports`.
extension BillfoldClient {
    /// Income and spending per month and spending by category (or group) over the months: the
    /// last `months` ending this month, or `from`…`to`; one account's when given.
    public func monthlyReport(
        months: Int? = nil, from: Month? = nil, to: Month? = nil, accountID: Int64? = nil, byGroup: Bool = false
    ) async throws(ClientError) -> MonthlyReportResponse {
        var query: [(String, String)] = []
        if let months { query.append(("months", String(months))) }
        if let from { query.append(("from", from.description)) }
        if let to { query.append(("to", to.description)) }
        if let accountID { query.append(("account", String(accountID))) }
        if byGroup { query.append(("by", "group")) }
        return try await send(NativeAPI.monthlyReport, query: query, as: MonthlyReportResponse.self)
    }
}
