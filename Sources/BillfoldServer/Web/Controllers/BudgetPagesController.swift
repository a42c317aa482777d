import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Vapor

/// The budgets page: a month's sheet, and its one form (amounts and rollovers saved together,
/// or the month filled or copied forward). The page's script saves one amount at a time the
/// same way (`only`).
struct BudgetPagesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(WebPages.budgets, use: show)
        routes.on(WebPages.saveBudgets, use: save)
    }

    func show(request: Request) async throws -> Response {
        let service = try request.budgetService
        let month = try service.month(try? request.query.get(String.self, at: "month"))
        return try await page(request, service, month).response(request, notice: Self.notice(request))
    }

    private func page(_ request: Request, _ service: BudgetService, _ month: Month) async throws -> BudgetsPage {
        BudgetsPage(
            sheet: try await service.sheet(month), format: try request.user.preferences.format, zone: service.zone)
    }

    /// What the last action did, from counts and words the page knows (never text from the address).
    static func notice(_ request: Request) -> String? {
        guard let done = try? request.query.get(String.self, at: "done") else { return nil }
        let count = (try? request.query.get(Int.self, at: "count")) ?? 0
        switch done {
        case "saved": return request.words("budgets.notice.saved")
        case "filled": return request.words("budgets.notice.filled", count: count)
        case "copied": return request.words("budgets.notice.copied", count: count)
        default: return nil
        }
    }

    func save(request: Request) async throws -> Response {
        let values = try request.content.decode([String: String].self)
        let service = try request.budgetService
        let month = try service.month(values["month"])
        let back = { (query: [(String, String)]) in
            request.redirect(to: WebPages.budgets.path(query: [("month", month.description)] + query))
        }
        switch values["action"] ?? "save" {
        case "fillLastMonth", "fillAverage":
            let count = try await service.fill(month, from: values["action"] == "fillAverage" ? .average : .lastMonth)
            return back([("done", "filled"), ("count", String(count))])
        case "copy":
            let count = try await service.copy(month, forward: Int(values["months"] ?? "") ?? 0)
            return back([("done", "copied"), ("count", String(count))])
        default:
            break
        }
        let sheet = try await service.sheet(month)
        let only = values["only"].flatMap { Int64($0) }
        let categories = sheet.lines.filter { !$0.isGroup }.compactMap(\.categoryID).filter {
            only == nil || $0 == only
        }
        var amounts: [Int64: Money?] = [:]
        var typed: [Int64: String] = [:]
        var refused: BillfoldError?
        for id in categories {
            guard let text = values["amount-\(id)"] else { continue }
            typed[id] = text
            do {
                amounts[id] = try service.amount(text, field: "amount-\(id)")
            } catch let error as BillfoldError {
                // Said beside the field it is about, whatever field the amount's own check names.
                refused = refused ?? BillfoldError(error.code, error.phrase, fields: ["amount-\(id)": error.phrase])
            }
        }
        if let refused {
            var page = try await page(request, service, month)
            page.typed = typed
            page.error = refused
            return page.response(request)
        }
        try await service.set(amounts, month: month)
        if only == nil {
            for line in sheet.lines where !line.isGroup && !line.isIncome {
                guard let id = line.categoryID else { continue }
                let wanted = values["rollover-\(id)"] != nil
                if wanted != line.rollsOver { try await service.setRollover(id, wanted, from: month) }
            }
        }
        return back([("done", "saved")])
    }
}
