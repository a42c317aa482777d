import BillfoldAPI
import BillfoldCore
import Foundation
import NIOHTTP1

/// Settings: language and region, time zone, primary currency, deck size, access tokens, password
/// and sign-ins, tags, exchange rates, Lunch Money and the person's data.
struct SettingsPage: WebPage {
    let preferences: Preferences
    let tokens: [AccessToken]
    let format: DisplayFormat
    var lunchMoney = LunchMoneySettingsSection()
    var tags = TagsSettingsSection()
    var rates = RatesSettingsSection()
    var password = PasswordSettingsSection()
    /// A token just created: shown this once, never again.
    var newToken: (label: String, token: String)?
    var error: BillfoldError?
    var tokenError: String?
    var expiryError: String?
    /// Seconds since 1970 by the server's clock, to tell an expired token.
    let now: Int64

    func document(_ context: PageContext) -> Document {
        Layout(context: context, title: tr("nav.settings"), section: .settings, scripts: ["settings.js"])
            .document(
                status: error == nil && tokenError == nil && lunchMoney.error == nil && tags.error == nil
                    && rates.error == nil
                    && password.error == nil ? .ok : .badRequest
            ) {
                H.header(.class("page-header")) { H.h1 { tr("nav.settings") } }
                // First on the page: this is the only time the token can be copied.
                if let newToken {
                    H.section(.class("card new-token"), .attr("role", "status")) {
                        H.p {
                            H.strong { tr("settings.newToken", ["label": newToken.label]) + " " }
                            tr("settings.copyTokenNow")
                        }
                        H.div(.class("token-row")) {
                            H.code(.id("new-token")) { newToken.token }
                            H.button(.type("button"), .class("button"), .data("copy", "new-token")) {
                                tr("settings.copy")
                            }
                        }
                    }
                }
                preferencesForm
                tokensSection
                password.html
                tags.html
                rates.html
                lunchMoney.html
                ExportLinks.dataSection
                // On phones the tab bar has no room for it; here it is always at hand.
                H.form(.method("post"), .action(WebPages.signOut.path()), .class("card form-card sign-out-card")) {
                    H.button(.type("submit"), .class("button")) { tr("layout.signOut") }
                }
            }
    }

    private var preferencesForm: HTML {
        H.section(.class("card form-card"), .label(tr("settings.preferences"))) {
            H.h2 { tr("settings.preferences") }
            if let error, error.fields.isEmpty { H.p(.class("form-error"), .attr("role", "alert")) { error.message } }
            H.form(.method("post"), .action(WebPages.saveSettings.path()), .class("edit-form")) {
                PreferenceFields.locale(preferences.locale, error: error?.fields["locale"])
                PreferenceFields.timeZone(preferences.timeZone, error: error?.fields["timeZone"])
                PreferenceFields.currency(preferences.currency.code, error: error?.fields["currency"])
                Field.input(
                    "deckSize", label: tr("settings.deckSize"), type: "number",
                    value: String(preferences.deckSize), error: error?.fields["deckSize"],
                    extra: [
                        .attr("min", String(Preferences.deckSizes.lowerBound)),
                        .attr("max", String(Preferences.deckSizes.upperBound)),
                    ])
                DeckAnimationField.select(preferences.deckAnimation, error: error?.fields["deckAnimation"])
                H.button(.type("submit"), .class("button primary")) { tr("settings.savePreferences") }
            }
        }
    }

    private var tokensSection: HTML {
        H.section(.class("card form-card"), .label(tr("settings.accessTokens"))) {
            H.h2 { tr("settings.accessTokens") }
            H.p(.class("secondary")) { tr("settings.accessTokensExplained") }
            H.form(.method("post"), .action(WebPages.createToken.path()), .class("inline-form")) {
                Field.input(
                    "label", label: tr("settings.tokenLabel"), error: tokenError,
                    extra: [
                        .required, .attr("maxlength", "100"),
                        .attr("placeholder", tr("settings.tokenLabelPlaceholder")),
                    ])
                Field.select(
                    "scope", label: tr("settings.tokenScope"),
                    options: TokenScope.allCases.reversed().map { ($0.rawValue, scopeName($0)) },
                    selected: TokenScope.readWrite.rawValue)
                Field.input(
                    "expiresOn", label: tr("settings.tokenExpiresOn"), type: "date", error: expiryError,
                    hint: tr("settings.tokenExpiresHint"))
                H.button(.type("submit"), .class("button")) { tr("settings.createToken") }
            }
            if tokens.isEmpty {
                H.p(.class("secondary")) { tr("settings.noTokens") }
            } else {
                H.table(.class("tokens")) {
                    H.el("thead", []) {
                        H.tr {
                            H.th { tr("settings.tokenLabel") }
                            H.th { tr("settings.tokenCreated") }
                            H.th { tr("settings.tokenLastUsed") }
                            H.th { tr("settings.tokenScope") }
                            H.th { tr("settings.tokenExpires") }
                            H.th { H.span(.class("visually-hidden")) { tr("settings.tokenActions") } }
                        }
                    }
                    H.el("tbody", []) {
                        for token in tokens {
                            H.tr {
                                H.td { token.label }
                                // Labelled for a phone, where the rows stack without the header.
                                H.td(.data("label", tr("settings.tokenCreated"))) { format.dateTime(token.createdAt) }
                                H.td(.data("label", tr("settings.tokenLastUsed"))) {
                                    token.lastUsedAt.map(format.dateTime) ?? tr("settings.tokenNeverUsed")
                                }
                                H.td(.data("label", tr("settings.tokenScope"))) { scopeName(token.scope) }
                                H.td(.data("label", tr("settings.tokenExpires"))) { expiry(of: token) }
                                H.td {
                                    H.form(.method("post"), .action(WebPages.revokeToken.path(token.id))) {
                                        H.button(
                                            .type("submit"), .class("button danger small"),
                                            .label(tr("settings.revokeTokenNamed", ["label": token.label]))
                                        ) { tr("settings.revokeToken") }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    private func scopeName(_ scope: TokenScope) -> String {
        switch scope {
        case .read: tr("settings.tokenScopeRead")
        case .readWrite: tr("settings.tokenScopeReadWrite")
        }
    }

    /// The last day the token works when it ends at a midnight (as a day typed in the form
    /// makes it), else the moment it ends.
    private func expiry(of token: AccessToken) -> String {
        guard let expiresAt = token.expiresAt else { return tr("settings.tokenNeverExpires") }
        let when =
            TokenExpiry.lastDay(before: expiresAt, in: format.timeZone).map(format.day) ?? format.dateTime(expiresAt)
        return token.hasExpired(at: now) ? tr("settings.tokenExpired", ["date": when]) : when
    }
}
