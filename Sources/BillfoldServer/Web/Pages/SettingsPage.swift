import BillfoldAPI
import BillfoldCore
import NIOHTTP1

/// Settings: language and region, time zone, primary currency, deck size, access tokens, tags,
/// Lunch Money and the person's data.
struct SettingsPage: WebPage {
    let preferences: Preferences
    let tokens: [AccessToken]
    let format: DisplayFormat
    var lunchMoney = LunchMoneySettingsSection()
    var tags = TagsSettingsSection()
    /// A token just created: shown this once, never again.
    var newToken: (label: String, token: String)?
    var error: BillfoldError?
    var tokenError: String?

    func document(_ context: PageContext) -> Document {
        Layout(context: context, title: "Settings", section: .settings, scripts: ["settings.js"])
            .document(
                status: error == nil && tokenError == nil && lunchMoney.error == nil && tags.error == nil
                    ? .ok : .badRequest
            ) {
                H.header(.class("page-header")) { H.h1 { "Settings" } }
                // First on the page: this is the only time the token can be copied.
                if let newToken {
                    H.section(.class("card new-token"), .attr("role", "status")) {
                        H.p {
                            H.strong { "New token “\(newToken.label)”. " }
                            "Copy it now; it will not be shown again."
                        }
                        H.div(.class("token-row")) {
                            H.code(.id("new-token")) { newToken.token }
                            H.button(.type("button"), .class("button"), .data("copy", "new-token")) { "Copy" }
                        }
                    }
                }
                preferencesForm
                tokensSection
                tags.html
                lunchMoney.html
                ExportLinks.dataSection
                // On phones the tab bar has no room for it; here it is always at hand.
                H.form(.method("post"), .action(WebPages.signOut.path()), .class("card form-card sign-out-card")) {
                    H.button(.type("submit"), .class("button")) { "Sign out" }
                }
            }
    }

    private var preferencesForm: HTML {
        H.section(.class("card form-card"), .label("Preferences")) {
            H.h2 { "Preferences" }
            if let error, error.fields.isEmpty { H.p(.class("form-error"), .attr("role", "alert")) { error.message } }
            H.form(.method("post"), .action(WebPages.saveSettings.path()), .class("edit-form")) {
                PreferenceFields.locale(preferences.locale, error: error?.fields["locale"])
                PreferenceFields.timeZone(preferences.timeZone, error: error?.fields["timeZone"])
                PreferenceFields.currency(preferences.currency.code, error: error?.fields["currency"])
                Field.input(
                    "deckSize", label: "Review deck size (cards per session)", type: "number",
                    value: String(preferences.deckSize), error: error?.fields["deckSize"],
                    extra: [
                        .attr("min", String(Preferences.deckSizes.lowerBound)),
                        .attr("max", String(Preferences.deckSizes.upperBound)),
                    ])
                H.button(.type("submit"), .class("button primary")) { "Save preferences" }
            }
        }
    }

    private var tokensSection: HTML {
        H.section(.class("card form-card"), .label("Access tokens")) {
            H.h2 { "Access tokens" }
            H.p(.class("secondary")) {
                "Apps and scripts use a token as “Authorization: Bearer …” on the APIs. A token is shown once, when it is made."
            }
            H.form(.method("post"), .action(WebPages.createToken.path()), .class("inline-form")) {
                Field.input(
                    "label", label: "Label", error: tokenError,
                    extra: [.required, .attr("maxlength", "100"), .attr("placeholder", "e.g. iPhone")])
                H.button(.type("submit"), .class("button")) { "Create token" }
            }
            if tokens.isEmpty {
                H.p(.class("secondary")) { "No tokens yet." }
            } else {
                H.table(.class("tokens")) {
                    H.el("thead", []) {
                        H.tr {
                            H.th { "Label" }
                            H.th { "Created" }
                            H.th { "Last used" }
                            H.th { H.span(.class("visually-hidden")) { "Actions" } }
                        }
                    }
                    H.el("tbody", []) {
                        for token in tokens {
                            H.tr {
                                H.td { token.label }
                                H.td { format.dateTime(token.createdAt) }
                                H.td { token.lastUsedAt.map(format.dateTime) ?? "Never" }
                                H.td {
                                    H.form(.method("post"), .action(WebPages.revokeToken.path(token.id))) {
                                        H.button(
                                            .type("submit"), .class("button danger small"),
                                            .label("Revoke token \(token.label)")
                                        ) { "Revoke" }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
