import BillfoldAPI
import BillfoldCore
import Foundation

/// The person's budgets over `/api/v1/budgets`: a month's sheet, a category's amount and
/// rollover, filling a month and copying it forward.
extension BillfoldClient {
    /// The month's sheet (`YYYY-MM`; this month where the person lives when nil).
    public func budgets(month: Month?) async throws(ClientError) -> BudgetMonthResponse {
        try await send(
            NativeAPI.budgets, query: month.map { [("month", $0.description)] } ?? [], as: BudgetMonthResponse.self)
    }

    /// Sets a category's budget (an empty text clears it) and, when given, whether it rolls over
    /// from this month on; the month afterwards.
    public func setBudget(_ categoryID: Int64, month: Month, amount: String?, rollsOver: Bool? = nil)
        async throws(ClientError) -> BudgetMonthResponse
    {
        try await send(
            NativeAPI.setBudget, [categoryID],
            body: BudgetSetRequest(month: month.description, amount: amount, rollsOver: rollsOver),
            as: BudgetMonthResponse.self)
    }

    /// Fills the month's empty budgets `from` `lastMonth` or `average`.
    public func fillBudgets(month: Month, from: String) async throws(ClientError) -> BudgetChangeResponse {
        try await send(
            NativeAPI.fillBudgets, body: BudgetFillRequest(month: month.description, from: from),
            as: BudgetChangeResponse.self)
    }

    /// Copies the month's budgets to the `months` months after it.
    public func copyBudgets(month: Month, months: Int) async throws(ClientError) -> BudgetChangeResponse {
        try await send(
            NativeAPI.copyBudgets, body: BudgetCopyRequest(month: month.description, months: months),
            as: BudgetChangeResponse.self)
    }
}
