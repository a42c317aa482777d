import BillfoldCore
import BillfoldStore
import Vapor

/// Settings › Lunch Money: connect (the token is checked first), check while typing, pull with
/// progress the page polls, and disconnect.
struct LunchMoneySettingsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let lunchMoney = routes.grouped("settings", "lunchmoney")
        lunchMoney.post(use: connect)
        lunchMoney.post("check", use: check)
        lunchMoney.post("disconnect", use: disconnect)
        lunchMoney.post("pull", use: pull)
        lunchMoney.get("pull", use: status)
    }

    struct Form: Content {
        var baseURL: String?
        var token: String?
    }

    private func connection(_ request: Request, _ form: Form) async throws -> LunchMoneyConnection {
        let base = try LunchMoneyPull.baseURL(form.baseURL ?? "")
        let token = (form.token ?? "").trimmingCharacters(in: .whitespaces)
        guard !token.isEmpty else { throw BillfoldError.validation("token", "Paste the access token.") }
        let name = try await LunchMoneyPull(client: request.client, baseURL: base, token: token).check()
        return LunchMoneyConnection(baseURL: base, token: token, accountName: name, checkedAt: Timestamp.now())
    }

    func connect(request: Request) async throws -> Response {
        let form = try request.content.decode(Form.self)
        do {
            let checked = try await connection(request, form)
            try await LunchMoneyConnectionRepository(database: request.db, userID: try request.user.requireID).save(
                checked)
            return request.redirect(to: "/settings?done=connected#lunchmoney")
        } catch let error as BillfoldError {
            return try await SettingsController.page(
                request, lunchMoney: LunchMoneySettingsSection(baseURL: form.baseURL ?? "", error: error)
            ).response(request)
        }
    }

    /// `{"valid": true, "message": "Lou · lou@example.com"}` or the reason it is not valid.
    func check(request: Request) async throws -> Response {
        struct Answer: Content {
            var valid: Bool
            var message: String
        }
        let form = try request.content.decode(Form.self)
        do {
            return try Answer(valid: true, message: "Valid: \(try await connection(request, form).accountName)")
                .apiResponse()
        } catch let error as BillfoldError {
            return try Answer(valid: false, message: error.message).apiResponse()
        }
    }

    func disconnect(request: Request) async throws -> Response {
        try await LunchMoneyConnectionRepository(database: request.db, userID: try request.user.requireID).delete()
        return request.redirect(to: "/settings?done=disconnected#lunchmoney")
    }

    /// Starts the pull in the background and returns to Settings, which shows its progress.
    func pull(request: Request) async throws -> Response {
        let user = try request.user
        let userID = user.requireID
        guard let saved = try await LunchMoneyConnectionRepository(database: request.db, userID: userID).find() else {
            throw BillfoldError.validation("lunchmoney", "Connect to Lunch Money first.")
        }
        let app = request.application
        let pulls = app.lunchMoneyPulls
        if await pulls.start(userID) {
            let puller = LunchMoneyPull(client: app.client, baseURL: saved.baseURL, token: saved.token)
            let importer = LunchMoneyImport(database: app.db, user: user)
            let zone = user.preferences.zone
            Task {
                do {
                    let outcome = try await puller.pull(into: importer, zone: zone) { await pulls.update(userID, $0) }
                    await pulls.update(
                        userID,
                        "Done: \(outcome.read) transactions read, \(outcome.added) added, \(outcome.skipped) already here; \(outcome.categories) categories.",
                        running: false)
                } catch {
                    let problem = (error as? BillfoldError) ?? ErrorResponder.describe(error).1
                    await pulls.update(
                        userID, "The pull stopped: \(problem.message) Nothing was imported.", running: false,
                        failed: true)
                }
            }
        }
        return request.redirect(to: "/settings#lunchmoney")
    }

    func status(request: Request) async throws -> Response {
        let status = await request.application.lunchMoneyPulls.status(try request.user.requireID)
        return try (status ?? LunchMoneyPulls.Status(running: false, message: "", failed: false)).apiResponse()
    }
}
