import BillfoldAPI
import BillfoldCore
import Vapor

/// Settings › Lunch Money: connect (the token is checked first), check while typing, pull with
/// progress the page polls, and disconnect.
struct LunchMoneySettingsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(WebPages.connectLunchMoney, use: connect)
        routes.on(WebPages.checkLunchMoney, use: check)
        routes.on(WebPages.disconnectLunchMoney, use: disconnect)
        routes.on(WebPages.pullLunchMoney, use: pull)
        routes.on(WebPages.lunchMoneyPullStatus, use: status)
        routes.on(WebPages.scheduleLunchMoneyPulls, use: schedule)
    }

    /// Pull by itself every so many minutes (one of `LunchMoneySettingsSection.schedules`), or never.
    func schedule(request: Request) async throws -> Response {
        struct Form: Content { var minutes: String? }
        let text = try request.content.decode(Form.self).minutes ?? ""
        let minutes = Int(text)
        guard text.isEmpty || LunchMoneySettingsSection.schedules.contains(where: { $0.minutes == minutes }) else {
            throw BillfoldError.validation("minutes", Phrase("error.service.lunchMoney.chooseSchedule"))
        }
        try await request.lunchMoneyConnection.schedulePulls(everyMinutes: minutes)
        return request.redirect(to: WebPages.settings.path(query: [("done", "scheduled")]) + "#lunchmoney")
    }

    struct Form: Content {
        var baseURL: String?
        var token: String?
    }

    func connect(request: Request) async throws -> Response {
        let form = try request.content.decode(Form.self)
        let service = try request.lunchMoneyConnection
        do {
            _ = try service.requireSecrets()  // before the other server is asked anything
            try await service.save(try await service.checked(baseURL: form.baseURL, token: form.token))
            // The account's transactions come in at once, so the review deck has them straight away.
            try await service.startPull(on: request.application)
            return request.redirect(to: WebPages.settings.path(query: [("done", "connected")]) + "#lunchmoney")
        } catch let error as BillfoldError {
            return try await SettingsController.page(
                request, lunchMoney: LunchMoneySettingsSection(baseURL: form.baseURL ?? "", error: error)
            ).response(request)
        }
    }

    /// `{"valid": true, "message": "Valid."}` or one of a fixed set of reasons it is not.
    func check(request: Request) async throws -> Response {
        struct Answer: Content {
            var valid: Bool
            var message: String
        }
        let form = try request.content.decode(Form.self)
        do {
            _ = try await request.lunchMoneyConnection.checked(baseURL: form.baseURL, token: form.token)
            return try Answer(valid: true, message: request.words("lunchmoney.valid")).apiResponse()
        } catch let error as BillfoldError {
            return try Answer(valid: false, message: error.message(in: request.words)).apiResponse()
        }
    }

    func disconnect(request: Request) async throws -> Response {
        try await request.lunchMoneyConnection.disconnect()
        return request.redirect(to: WebPages.settings.path(query: [("done", "disconnected")]) + "#lunchmoney")
    }

    /// Starts the pull in the background and returns to Settings, which shows its progress.
    func pull(request: Request) async throws -> Response {
        try await request.lunchMoneyConnection.startPull(on: request.application)
        return request.redirect(to: WebPages.settings.path() + "#lunchmoney")
    }

    func status(request: Request) async throws -> Response {
        let status = try await request.lunchMoneyConnection.pullStatus()
        return try (status ?? LunchMoneyPullStatus(running: false, message: "", failed: false)).apiResponse()
    }
}
