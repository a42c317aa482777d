import BillfoldAPI
import BillfoldCore
import Foundation
import NIOHTTP1

/// The sign-in page.
struct SignInPage: WebPage {
    var email = ""
    /// Where to go after signing in (already checked to stay on this site).
    var next = ""
    var error: String?

    func document(_ context: PageContext) -> Document {
        Layout(context: context, title: tr("signin.title")).document(status: error == nil ? .ok : .unauthorized) {
            H.section(.class("card auth-card")) {
                H.h1 { tr("signin.heading") }
                if let error { H.p(.class("form-error"), .attr("role", "alert")) { error } }
                H.form(.method("post"), .action(WebPages.sendSignIn.path())) {
                    HTML.void("input", [.type("hidden"), .name("next"), .value(next)])
                    Field.input(
                        "email", label: tr("signin.email"), type: "email", value: email,
                        extra: [.required, .attr("autocomplete", "username"), .flag("autofocus")])
                    Field.input(
                        "password", label: tr("signin.password"), type: "password",
                        extra: [.required, .attr("autocomplete", "current-password")])
                    H.button(.type("submit"), .class("button primary wide")) { tr("signin.submit") }
                }
            }
        }
    }

}

/// The owner setup offered on the first visit to a server with no users.
struct SetupPage: WebPage {
    struct Values {
        var name = ""
        var email = ""
        /// Nil until the person chose: then the page's language's own locale (a German browser
        /// is offered de-DE), so the owner's pages stay in the language setup spoke.
        var locale: String?
        var timeZone = "Europe/Berlin"
        var currency = "EUR"
    }

    var values = Values()
    var error: BillfoldError?

    func document(_ context: PageContext) -> Document {
        Layout(context: context, title: tr("setup.title"), scripts: ["setup.js"]).document(
            status: error == nil ? .ok : .badRequest
        ) {
            H.section(.class("card auth-card")) {
                H.h1 { tr("setup.heading") }
                H.p(.class("secondary")) { tr("setup.intro", ["command": "billfold users create"]) }
                if let error, error.fields.isEmpty {
                    H.p(.class("form-error"), .attr("role", "alert")) { error.message }
                }
                // Only a fresh form takes the browser's zone and language; after a failed save it
                // keeps what the user chose.
                H.el(
                    "form",
                    [.method("post"), .action(WebPages.sendSetup.path())] + (error == nil ? [.data("fresh", "")] : [])
                ) {
                    Field.input(
                        "name", label: tr("setup.name"), value: values.name, error: error?.fields["name"],
                        extra: [.attr("autocomplete", "name")])
                    Field.input(
                        "email", label: tr("setup.email"), type: "email", value: values.email,
                        error: error?.fields["email"], extra: [.required, .attr("autocomplete", "username")])
                    Field.input(
                        "password", label: tr("setup.password"), type: "password",
                        error: error?.fields["password"],
                        extra: [.required, .attr("minlength", "8"), .attr("autocomplete", "new-password")])
                    PreferenceFields.locale(values.locale ?? context.words.language.defaultLocale)
                    PreferenceFields.timeZone(values.timeZone)
                    PreferenceFields.currency(values.currency)
                    H.button(.type("submit"), .class("button primary wide")) { tr("setup.submit") }
                }
            }
        }
    }
}

/// The preference pickers shared by setup and Settings.
enum PreferenceFields {
    static func locale(_ selected: String, error: String? = nil) -> HTML {
        Field.select(
            "locale", label: tr("settings.languageAndRegion"),
            options: Preferences.locales.map { ($0.id, $0.name) }, selected: selected, error: error)
    }

    static func timeZone(_ selected: String, error: String? = nil) -> HTML {
        Field.select(
            "timeZone", label: tr("settings.timeZone"),
            options: zones.map { ($0, $0.replacingOccurrences(of: "_", with: " ")) }, selected: selected,
            error: error)
    }

    static func currency(
        _ selected: String, label: String = tr("settings.primaryCurrency"), error: String? = nil
    ) -> HTML {
        Field.select(
            "currency", label: label,
            options: Currency.allCodes.map { ($0, $0) }, selected: selected, error: error)
    }

    static let zones: [String] =
        (["UTC"] + TimeZone.knownTimeZoneIdentifiers.filter { $0.contains(WebPages.start.path()) }).sorted {
            $0 == "UTC" ? true : ($1 == "UTC" ? false : $0 < $1)
        }
}
