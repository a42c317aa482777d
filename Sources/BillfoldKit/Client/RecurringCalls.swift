import BillfoldAPI
import BillfoldCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Recurring payments: what comes back every month or year, and what that costs.
extension BillfoldClient {
    /// Every recurring payment with its rhythm, next expected day and cost per month and year, from
    /// `GET /api/v1/recurring`.
    public func recurring() async throws(ClientError) -> RecurringListResponse {
        try await send(NativeAPI.recurring, as: RecurringListResponse.self)
    }
}
