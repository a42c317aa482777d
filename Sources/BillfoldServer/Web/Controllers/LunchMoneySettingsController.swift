import BillfoldAPI
import BillfoldCore
import BillfoldStore
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
    }

    struct Form: Content {
        var baseURL: String?
        var token: String?
    }

    private func connection(_ request: Request, _ form: Form) async throws -> LunchMoneyConnection {
        let fetch = request.application.outboundFetch
        let base = try LunchMoneyPull.baseURL(form.baseURL ?? "", fetch: fetch)
        let token = (form.token ?? "").trimmingCharacters(in: .whitespaces)
        guard !token.isEmpty else { throw BillfoldError.validation("token", "Paste the access token.") }
        try await LunchMoneyPull(fetch: fetch, baseURL: base, token: token).check()
        return LunchMoneyConnection(baseURL: base, token: token, accountName: "", checkedAt: Timestamp.now())
    }

    func connect(request: Request) async throws -> Response {
        let form = try request.content.decode(Form.self)
        do {
            let checked = try await connection(request, form)
            try await LunchMoneyConnectionRepository(database: request.store, userID: try request.user.id).save(
                checked)
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
            _ = try await connection(request, form)
            return try Answer(valid: true, message: "Valid.").apiResponse()
        } catch let error as BillfoldError {
            return try Answer(valid: false, message: error.message).apiResponse()
        }
    }

    func disconnect(request: Request) async throws -> Response {
        try await LunchMoneyConnectionRepository(database: request.store, userID: try request.user.id).delete()
        return request.redirect(to: WebPages.settings.path(query: [("done", "disconnected")]) + "#lunchmoney")
    }

    /// A pull with no progress for this long is taken to have died with its instance.
    static let staleAfter: Int64 = 600

    /// Starts the pull in the background and returns to Settings, which shows its progress. The
    /// status lives in the database, so whichever instance the page asks can report it.
    func pull(request: Request) async throws -> Response {
        let user = try request.user
        let userID = user.id
        guard let saved = try await LunchMoneyConnectionRepository(database: request.store, userID: userID).find()
        else {
            throw BillfoldError.validation("lunchmoney", "Connect to Lunch Money first.")
        }
        let app = request.application
        let pulls = LunchMoneyPullRepository(database: app.db, userID: userID)
        if try await pulls.start(now: Timestamp.now(), staleAfter: Self.staleAfter) {
            let puller = LunchMoneyPull(fetch: app.outboundFetch, baseURL: saved.baseURL, token: saved.token)
            let zone = user.preferences.zone
            @Sendable func report(_ message: String, running: Bool = true, failed: Bool = false) async {
                try? await pulls.update(.init(running: running, message: message, failed: failed), now: Timestamp.now())
            }
            Task {
                do {
                    let outcome = try await puller.pull(zone: zone, progress: { await report($0) }) {
                        rows, categories in
                        try await app.writeTransaction { database in
                            try await LunchMoneyImport(database: database, user: user).run(rows, categories: categories)
                        }
                    }
                    await report(
                        "Done: \(outcome.read) transactions read, \(outcome.added) added, \(outcome.skipped) already here; \(outcome.categories) categories.",
                        running: false)
                } catch {
                    let problem = (error as? BillfoldError) ?? ErrorResponder.describe(error).1
                    await report(
                        "The pull stopped: \(problem.message) Nothing was imported.", running: false, failed: true)
                }
            }
        }
        return request.redirect(to: WebPages.settings.path() + "#lunchmoney")
    }

    func status(request: Request) async throws -> Response {
        let status = try await LunchMoneyPullRepository(database: request.store, userID: try request.user.id)
            .status()
        return try (status ?? LunchMoneyPullStatus(running: false, message: "", failed: false))
            .apiResponse()
    }
}
