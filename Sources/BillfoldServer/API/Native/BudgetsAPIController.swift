import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Vapor

/// `/api/v1/budgets`: one month's sheet, a category's budget and rollover, fill and copy.
struct BudgetsAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(NativeAPI.budgets, use: month)
        routes.on(NativeAPI.setBudget, use: set)
        routes.on(NativeAPI.fillBudgets, use: fill)
        routes.on(NativeAPI.copyBudgets, use: copy)
    }

    func month(request: Request) async throws -> Response {
        let service = try request.budgetService
        let month = try service.month(try? request.query.get(String.self, at: "month"))
        return try BudgetMonthResponse(try await service.sheet(month)).apiResponse()
    }

    func set(request: Request) async throws -> Response {
        let service = try request.budgetService
        let id = try request.pathID(of: .category)
        let body = try request.decodeJSON(BudgetSetRequest.self)
        let month = try service.month(body.month)
        // Read before anything is written, so a refused amount writes no rollover either.
        let amount = try service.amount(body.amount)
        guard body.amount != nil || body.rollsOver != nil else {
            throw BillfoldError.validation("amount", Phrase("error.service.budgets.nothingToSet"))
        }
        if body.amount != nil { try await service.set([id: amount], month: month) }
        if let rolls = body.rollsOver { try await service.setRollover(id, rolls, from: month) }
        return try BudgetMonthResponse(try await service.sheet(month)).apiResponse()
    }

    func fill(request: Request) async throws -> Response {
        let service = try request.budgetService
        let body = try request.decodeJSON(BudgetFillRequest.self)
        let month = try service.month(body.month)
        guard let source = BudgetService.Fill(rawValue: body.from) else {
            throw BillfoldError.validation("from", Phrase("error.service.budgets.fillFrom"))
        }
        let changed = try await service.fill(month, from: source)
        return try BudgetChangeResponse(changed: changed, sheet: BudgetMonthResponse(try await service.sheet(month)))
            .apiResponse()
    }

    func copy(request: Request) async throws -> Response {
        let service = try request.budgetService
        let body = try request.decodeJSON(BudgetCopyRequest.self)
        let month = try service.month(body.month)
        let changed = try await service.copy(month, forward: body.months)
        return try BudgetChangeResponse(changed: changed, sheet: BudgetMonthResponse(try await service.sheet(month)))
            .apiResponse()
    }
}

extension Request {
    var budgetService: BudgetService {
        get throws {
            BudgetService(database: store, user: try user, clock: application.wallClock, rates: try ratesService)
        }
    }
}
