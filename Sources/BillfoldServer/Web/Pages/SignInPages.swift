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
        Layout(context: context, title: "Sign in").document(status: error == nil ? .ok : .unauthorized) {
            H.section(.class("card auth-card")) {
                H.h1 { "Sign in to Billfold" }
                if let error { H.p(.class("form-error"), .attr("role", "alert")) { error } }
                H.form(.method("post"), .action(WebPages.sendSignIn.path())) {
                    HTML.void("input", [.type("hidden"), .name("next"), .value(next)])
                    Field.input(
                        "email", label: "Email", type: "email", value: email,
                        extra: [.required, .attr("autocomplete", "username"), .flag("autofocus")])
                    Field.input(
                        "password", label: "Password", type: "password",
                        extra: [.required, .attr("autocomplete", "current-password")])
                    H.button(.type("submit"), .class("button primary wide")) { "Sign in" }
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
        var locale = "en-US"
        var timeZone = "Europe/Berlin"
        var currency = "EUR"
    }

    var values = Values()
    var error: BillfoldError?

    func document(_ context: PageContext) -> Document {
        Layout(context: context, title: "Create the owner account", scripts: ["setup.js"]).document(
            status: error == nil ? .ok : .badRequest
        ) {
            H.section(.class("card auth-card")) {
                H.h1 { "Welcome to Billfold" }
                H.p(.class("secondary")) {
                    "This server has no accounts yet. Create the owner account; more people can be added with “billfold users create”."
                }
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
                        "name", label: "Your name", value: values.name, error: error?.fields["name"],
                        extra: [.attr("autocomplete", "name")])
                    Field.input(
                        "email", label: "Email", type: "email", value: values.email,
                        error: error?.fields["email"], extra: [.required, .attr("autocomplete", "username")])
                    Field.input(
                        "password", label: "Password (at least 8 characters)", type: "password",
                        error: error?.fields["password"],
                        extra: [.required, .attr("minlength", "8"), .attr("autocomplete", "new-password")])
                    PreferenceFields.locale(values.locale)
                    PreferenceFields.timeZone(values.timeZone)
                    PreferenceFields.currency(values.currency)
                    H.button(.type("submit"), .class("button primary wide")) { "Create account" }
                }
            }
        }
    }
}

/// The preference pickers shared by setup and Settings.
enum PreferenceFields {
    static func locale(_ selected: String, error: String? = nil) -> HTML {
        Field.select(
            "locale", label: "Language and region",
            options: Preferences.locales.map { ($0.id, $0.name) }, selected: selected, error: error)
    }

    static func timeZone(_ selected: String, error: String? = nil) -> HTML {
        Field.select(
            "timeZone", label: "Time zone",
            options: zones.map { ($0, $0.replacingOccurrences(of: "_", with: " ")) }, selected: selected,
            error: error)
    }

    static func currency(_ selected: String, label: String = "Primary currency", error: String? = nil) -> HTML {
        Field.select(
            "currency", label: label,
            options: Currency.allCodes.map { ($0, $0) }, selected: selected, error: error)
    }

    static let zones: [String] =
        (["UTC"] + TimeZone.knownTimeZoneIdentifiers.filter { $0.contains(WebPages.start.path()) }).sorted {
            $0 == "UTC" ? true : ($1 == "UTC" ? false : $0 < $1)
        }
}
