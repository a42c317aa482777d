import BillfoldAPI
import BillfoldCore
import Vapor

struct SettingsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(WebPages.settings, use: show)
        routes.on(WebPages.saveSettings, use: save)
        routes.on(WebPages.createToken, use: createToken)
        routes.on(WebPages.revokeToken, use: revokeToken)
        routes.on(WebPages.changePassword, use: changePassword)
        routes.on(WebPages.endOtherSessions, use: endOtherSessions)
    }

    private func page(_ request: Request) async throws -> SettingsPage { try await Self.page(request) }

    /// The page with the user's preferences, tokens and Lunch Money connection as saved.
    static func page(_ request: Request, lunchMoney: LunchMoneySettingsSection? = nil) async throws -> SettingsPage {
        let user = try request.user
        var section = lunchMoney ?? LunchMoneySettingsSection()
        if lunchMoney == nil {
            let lunchMoney = try request.lunchMoneyConnection
            section.connectedTo = try await lunchMoney.connectedBaseURL()
            section.status = try await lunchMoney.pullStatus()
            if section.connectedTo != nil {
                section.pullEveryMinutes = try await lunchMoney.pullSchedule()
                section.outbox = try await lunchMoney.outboxCounts()
                section.troubled = try await lunchMoney.troubled(limit: 20)
            }
        }
        section.canSaveTokens = request.application.billfoldConfiguration.secrets != nil
        let accounts = AccountService(database: request.store, clock: request.application.wallClock)
        let others = try await accounts.otherSessions(
            of: user, idle: request.application.billfoldConfiguration.sessionIdleSeconds,
            keeping: request.sessionSecret)
        let (sources, personal) = try await request.ratesService.overview()
        return SettingsPage(
            preferences: user.preferences, tokens: try await accounts.tokens(of: user),
            format: user.preferences.format, lunchMoney: section,
            tags: TagsSettingsSection(tags: try await request.transactionService.tags.all()),
            rates: RatesSettingsSection(
                primary: user.preferences.currency, sources: sources, personal: personal,
                format: user.preferences.format,
                fetch: request.application.billfoldConfiguration.ratesURL.map {
                    ($0, Int(request.application.billfoldConfiguration.ratesFetchSeconds / 3600))
                }),
            password: PasswordSettingsSection(otherSessions: others), now: request.application.wallClock.seconds)
    }

    func show(request: Request) async throws -> Response {
        let notice: String? =
            switch try? request.query.get(String.self, at: "done") {
            case "saved": request.words("settings.notice.saved")
            case "revoked": request.words("settings.notice.revoked")
            case "connected": request.words("settings.notice.connected")
            case "scheduled": request.words("settings.notice.scheduled")
            case "disconnected": request.words("settings.notice.disconnected")
            case "tag-added": request.words("settings.notice.tagAdded")
            case "tag-renamed": request.words("settings.notice.tagRenamed")
            case "tag-deleted": request.words("settings.notice.tagDeleted")
            case "rate-set": request.words("rates.notice.set")
            case "rate-deleted": request.words("rates.notice.deleted")
            case "password": request.words("settings.notice.passwordChanged")
            case "password-tokens": request.words("settings.notice.passwordChangedTokensRevoked")
            case "signed-out": request.words("settings.notice.signedOutOthers")
            default: nil
            }
        return try await page(request).response(request, notice: notice)
    }

    struct PreferencesForm: Content {
        var locale: String
        var timeZone: String
        var currency: String
        var deckSize: String
        /// Absent from a form of before; the person's choice stays.
        var deckAnimation: String?
    }

    func save(request: Request) async throws -> Response {
        let user = try request.user
        let form = try request.content.decode(PreferencesForm.self)
        do {
            guard let deckSize = Int(form.deckSize) else {
                throw BillfoldError.validation("deckSize", Phrase("error.service.settings.deckSizeWhole"))
            }
            let preferences = try Preferences(
                locale: form.locale, timeZone: form.timeZone, currency: Currency(code: form.currency),
                deckSize: deckSize,
                deckAnimation: form.deckAnimation.map(DeckAnimationField.parse) ?? user.preferences.deckAnimation)
            try await AccountService(database: request.store, clock: request.application.wallClock).save(
                preferences, of: user)
            return request.redirect(to: WebPages.settings.path(query: [("done", "saved")]))
        } catch let error as BillfoldError {
            var view = try await page(request)
            view.error = error
            return view.response(request)
        }
    }

    struct TokenForm: Content {
        var label: String
        /// `TokenScope`'s raw value; a form without it makes a read-and-write token, as before.
        var scope: String?
        /// `YYYY-MM-DD` from the date field; empty: never.
        var expiresOn: String?
    }

    func createToken(request: Request) async throws -> Response {
        let form = try request.content.decode(TokenForm.self)
        let clock = request.application.wallClock
        let user = try request.user
        do {
            guard let scope = TokenScope(rawValue: form.scope ?? TokenScope.readWrite.rawValue) else {
                throw BillfoldError.validation("scope", Phrase("error.app.fieldNotValid", ["name": "scope"]))
            }
            let expiresAt = try TokenExpiry.parse(
                form.expiresOn ?? "", timeZone: user.preferences.zone, now: clock.seconds, field: "expiresOn")
            let created = try await AccountService(database: request.store, clock: clock)
                .createToken(for: user, label: form.label, scope: scope, expiresAt: expiresAt)
            var view = try await page(request)
            view.newToken = (created.record.label, created.token)
            return view.response(request)
        } catch let error as BillfoldError {
            var view = try await page(request)
            if let expiry = error.fieldPhrases["expiresOn"] {
                view.expiryError = expiry.text(request.words)
            } else {
                view.tokenError = error.message(in: request.words)
            }
            return view.response(request)
        }
    }

    func revokeToken(request: Request) async throws -> Response {
        guard let id = request.parameters.get("id").flatMap({ Int64($0) }) else {
            throw BillfoldError.notFound(.token)
        }
        try await AccountService(database: request.store, clock: request.application.wallClock).revokeToken(
            id, of: try request.user)
        return request.redirect(to: WebPages.settings.path(query: [("done", "revoked")]))
    }

    /// Back to the top of the page, where the notice says it is done. Without a fragment of its
    /// own, the browser would keep the form's `#password` across the redirect.
    static let top = "#top"

    struct PasswordForm: Content {
        var currentPassword: String
        var newPassword: String
        var newPasswordAgain: String
        /// "on" when the person asked to revoke their access tokens too.
        var revokeTokens: String?
    }

    /// A wrong current password counts as a wrong sign-in (a stolen session must not be a free
    /// way to guess it), so the route keeps its own transaction (`RequestTransaction`) and the
    /// attempt stays when the answer is a refusal. Changed, the password ends every session of
    /// the person, this one included, and this browser gets a new one: whoever held a copy of the
    /// old cookie is out.
    func changePassword(request: Request) async throws -> Response {
        let user = try request.user
        let form = try request.content.decode(PasswordForm.self)
        let throttle = SignInThrottle(request: request)
        let keys = SignInThrottle.keys(email: user.email, address: request.clientAddress)
        // A refusal for anything but the current password (the new ones differ) is no guess.
        let checked: Result<String, BillfoldError> = try await throttle.checking(keys) {
            do {
                let hash = try await AccountService(database: request.store, clock: request.application.wallClock)
                    .newPasswordHash(
                        of: user, current: form.currentPassword, new: form.newPassword, again: form.newPasswordAgain)
                return (.success(hash), right: true)
            } catch let error as BillfoldError {
                return (.failure(error), right: error.fields["currentPassword"] == nil)
            }
        }
        let hash: String
        switch checked {
        case .success(let made): hash = made
        case .failure(let error):
            var view = try await page(request)
            view.password.error = error
            view.password.revokeTokens = form.revokeTokens == "on"
            return view.response(request)
        }
        return try await request.transaction {
            try await AccountService(database: request.store, clock: request.application.wallClock).replacePassword(
                of: user, hash: hash, revokingTokens: form.revokeTokens == "on")
            return try await SignInController.startSession(
                for: user, request: request,
                next: WebPages.settings.path(query: [
                    ("done", form.revokeTokens == "on" ? "password-tokens" : "password")
                ])
                    + Self.top)
        }
    }

    func endOtherSessions(request: Request) async throws -> Response {
        try await AccountService(database: request.store, clock: request.application.wallClock).endOtherSessions(
            of: try request.user, keeping: request.sessionSecret)
        return request.redirect(to: WebPages.settings.path(query: [("done", "signed-out")]) + Self.top)
    }
}
