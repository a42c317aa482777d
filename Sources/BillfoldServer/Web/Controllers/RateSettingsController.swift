import BillfoldAPI
import BillfoldCore
import Vapor

/// Settings › Exchange rates: set and delete the person's own rates.
struct RateSettingsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(WebPages.setPersonalRate, use: set)
        routes.on(WebPages.deletePersonalRate, use: delete)
    }

    struct RateForm: Content {
        var currency: String?
        var rate: String?
        var quote: String?
        var day: String?
    }

    func set(request: Request) async throws -> Response {
        let form = try request.content.decode(RateForm.self)
        do {
            _ = try await request.ratesService.set(
                PersonalRateRequest(
                    currency: form.currency ?? "", quote: form.quote.flatMap { $0.isEmpty ? nil : $0 }, day: form.day,
                    rate: form.rate ?? ""))
            return request.redirect(to: WebPages.settings.path(query: [("done", "rate-set")]) + "#rates")
        } catch let error as BillfoldError where error.code == .validationFailed || error.code == .invalidCurrency {
            var view = try await SettingsController.page(request)
            view.rates.error = (
                error.message(in: request.words),
                [
                    "currency": form.currency ?? "", "rate": form.rate ?? "", "quote": form.quote ?? "",
                    "day": form.day ?? "",
                ]
            )
            return view.response(request)
        }
    }

    func delete(request: Request) async throws -> Response {
        try await request.ratesService.delete(try request.pathID(of: .rate))
        return request.redirect(to: WebPages.settings.path(query: [("done", "rate-deleted")]) + "#rates")
    }
}
