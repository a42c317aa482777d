import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Vapor

/// The recurring payments page: the list, the person's decisions, one added by hand, and a look
/// through the whole history again.
struct RecurringPagesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(WebPages.recurring, use: list)
        routes.on(WebPages.addRecurring, use: add)
        routes.on(WebPages.findRecurring, use: find)
        routes.on(WebPages.decideRecurring, use: decide)
    }

    func list(request: Request) async throws -> Response {
        let service = try request.recurringService
        return RecurringPage(overview: RecurringOverview(try await service.all()), today: service.today)
            .response(request, notice: Self.notice(request))
    }

    /// What the last action did, from words the page knows (never text from the address).
    static func notice(_ request: Request) -> String? {
        guard let done = try? request.query.get(String.self, at: "done") else { return nil }
        let known = ["added", "confirm", "dismiss", "restore", "delete", "found"]
        return known.contains(done) ? request.words("recurring.notice.\(done)") : nil
    }

    struct AddForm: Content {
        var payee: String?
        var amount: String?
        var currency: String?
        var rhythm: String?
        var nextDate: String?
        var income: String?
    }

    func add(request: Request) async throws -> Response {
        let form = try request.content.decode(AddForm.self)
        let service = try request.recurringService
        let values = RecurringFormValues(
            payee: form.payee ?? "", amount: form.amount ?? "", currency: form.currency ?? "",
            rhythm: form.rhythm ?? "", nextDate: form.nextDate ?? "", income: form.income != nil)
        do {
            let currency = values.currency.trimmingCharacters(in: .whitespaces)
            let made = try await service.add(
                RecurringRequest(
                    payee: values.payee, amount: values.amount,
                    currency: currency.isEmpty ? nil : currency.uppercased(),
                    rhythm: values.rhythm, nextDate: values.nextDate, income: values.income))
            return request.redirect(to: WebPages.recurring.path(query: [("done", "added")]) + "#recurring-\(made.id)")
        } catch let error as BillfoldError where error.code != .notFound && error.code != .internalError {
            var page = RecurringPage(overview: RecurringOverview(try await service.all()), today: service.today)
            page.form = values
            page.error = error
            return page.response(request)
        }
    }

    func find(request: Request) async throws -> Response {
        try await request.recurringService.lookAgain()
        return request.redirect(to: WebPages.recurring.path(query: [("done", "found")]))
    }

    struct DecideForm: Content { var action: String? }

    func decide(request: Request) async throws -> Response {
        let id = try request.pathID(of: .recurringPayment)
        let service = try request.recurringService
        let action = try request.content.decode(DecideForm.self).action ?? ""
        switch action {
        case "confirm": _ = try await service.decide(id, .confirmed)
        case "dismiss": _ = try await service.decide(id, .dismissed)
        case "restore": _ = try await service.decide(id, .found)
        case "delete": try await service.delete(id)
        default: throw BillfoldError.validation("action", Phrase("error.service.recurring.actionMissing"))
        }
        let anchor = action == "delete" ? "" : "#recurring-\(id)"
        return request.redirect(to: WebPages.recurring.path(query: [("done", action)]) + anchor)
    }
}
