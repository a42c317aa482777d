import BillfoldAPI
import BillfoldCore
import Foundation
import Observation

/// A month's budgets, as the web page shows them: income, what was budgeted and what is left to
/// budget, and each category and group with its budget, what was spent and what is left (with
/// what rolled in). Amounts are set one at a time, and the month can be filled or copied forward;
/// after each, the sheet is the server's.
@MainActor @Observable
public final class BudgetsViewModel {
    /// The server the budgets are read from and written to.
    public let client: BillfoldClient
    /// What the screen shows now: loading, the sheet, or why it could not be loaded.
    public private(set) var screen: ListScreen = .loading
    /// The month shown; nil until the first load when none was asked for (then the server's
    /// "this month" for the person).
    public private(set) var month: Month?
    /// The month's sheet as the server gave it.
    public private(set) var sheet: BudgetMonthResponse?
    /// Why the last change was refused, in the server's words; nil after one that worked.
    public private(set) var changeError: ClientError?

    /// Reads from `client`, starting at `month` (this month when nil); nothing is loaded until `load()`.
    public init(client: BillfoldClient, month: Month? = nil) {
        self.client = client
        self.month = month
    }

    /// The lines in the sheet's order; groups are followed by their categories.
    public var lines: [BudgetLineDTO] { sheet?.lines ?? [] }

    /// The lines that spent more than they had.
    public var overBudget: [BudgetLineDTO] { lines.filter(\.over) }

    /// Loads the month's sheet; when that fails after an earlier load, the last one stays.
    public func load() async {
        do {
            take(try await client.budgets(month: month))
            screen = .loaded
        } catch {
            screen = .after(error, showing: sheet != nil)
        }
    }

    /// Shows another month: `-1` the one before, `1` the one after.
    public func move(by months: Int) async {
        guard let month else { return }
        self.month = month.adding(months: months)
        await load()
    }

    /// Sets a category's budget (an empty text clears it); false when refused (`changeError` says why).
    @discardableResult
    public func setBudget(_ categoryID: Int64, to amount: String) async -> Bool {
        await perform { (client: BillfoldClient, month: Month) async throws(ClientError) in
            (try await client.setBudget(categoryID, month: month, amount: amount), true)
        } ?? false
    }

    /// Rolls a category's remainder into the months after this one, or stops.
    @discardableResult
    public func setRollover(_ categoryID: Int64, _ on: Bool) async -> Bool {
        await perform { (client: BillfoldClient, month: Month) async throws(ClientError) in
            (try await client.setBudget(categoryID, month: month, amount: nil, rollsOver: on), true)
        } ?? false
    }

    /// Fills the month's empty budgets from last month's; how many, or nil when refused.
    public func fillFromLastMonth() async -> Int? { await fill("lastMonth") }

    /// Fills the month's empty budgets from the average spending of the three months before.
    public func fillFromAverage() async -> Int? { await fill("average") }

    /// Copies the month's budgets to the `months` months after it; how many were written.
    public func copyForward(months: Int) async -> Int? {
        await perform { (client: BillfoldClient, month: Month) async throws(ClientError) in
            let done = try await client.copyBudgets(month: month, months: months)
            return (done.sheet, done.changed)
        }
    }

    private func fill(_ source: String) async -> Int? {
        await perform { (client: BillfoldClient, month: Month) async throws(ClientError) in
            let done = try await client.fillBudgets(month: month, from: source)
            return (done.sheet, done.changed)
        }
    }

    /// Runs one change against the month shown and takes the sheet it answers; nil when refused.
    private func perform<T>(
        _ write: (BillfoldClient, Month) async throws(ClientError) -> (BudgetMonthResponse, T)
    ) async -> T? {
        guard let month else { return nil }
        do {
            let (sheet, result) = try await write(client, month)
            take(sheet)
            changeError = nil
            return result
        } catch {
            changeError = error
            return nil
        }
    }

    private func take(_ sheet: BudgetMonthResponse) {
        self.sheet = sheet
        month = try? Month(parsing: sheet.month)
    }
}
