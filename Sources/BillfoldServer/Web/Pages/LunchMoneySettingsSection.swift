import BillfoldAPI
import BillfoldCore
import NIOHTTP1

/// Settings › Lunch Money: connect with a base URL and token (checked before it is saved, and
/// never shown again), then "Pull now" with progress.
struct LunchMoneySettingsSection {
    /// The base URL of the saved connection; its token never comes to the page.
    var connectedTo: String?
    var status: LunchMoneyPullStatus?
    var baseURL = LunchMoneyPull.defaultBaseURL
    var error: BillfoldError?
    /// Whether the server has a key to seal a token with; without one, connecting is explained, not offered.
    var canSaveTokens = true

    var html: HTML {
        H.section(.class("card form-card"), .id("lunchmoney"), .label("Lunch Money")) {
            H.h2 { "Lunch Money" }
            H.p(.class("secondary")) {
                "Bring in your Lunch Money categories and transactions. Pulling again adds only what is new."
            }
            if let connectedTo {
                H.p(.class("connection valid"), .id("lunchmoney-state")) {
                    H.span(.class("indicator"), .aria("hidden", "true")) { "✓" }
                    "Connected to \(connectedTo)."
                }
                H.div(.class("form-actions")) {
                    H.form(.method("post"), .action(WebPages.pullLunchMoney.path())) {
                        H.button(.type("submit"), .class("button primary"), .id("pull-now")) { "Pull now" }
                    }
                    H.form(.method("post"), .action(WebPages.disconnectLunchMoney.path())) {
                        H.button(.type("submit"), .class("button subtle")) { "Disconnect" }
                    }
                }
                H.p(
                    .class(status?.failed == true ? "pull-status form-error" : "pull-status"), .id("pull-status"),
                    .data("status", WebPages.lunchMoneyPullStatus.path()),
                    .attr("role", "status"), .data("running", status?.running == true ? "1" : "0")
                ) {
                    if let status {
                        if status.running { H.span(.class("spinner"), .aria("hidden", "true")) }
                        status.message
                    }
                }
            } else if !canSaveTokens {
                H.p(.class("connection invalid"), .id("lunchmoney-state")) {
                    "To connect, this server needs a secret key to seal the access token with. Whoever runs it sets "
                    H.code { "BILLFOLD_SECRET_KEY" }
                    " (make one with "
                    H.code { "head -c 32 /dev/urandom | base64" }
                    ") and restarts it."
                }
            } else {
                H.form(
                    // The answer opens at this section, where the person is looking, not at the page's top.
                    .method("post"), .action(WebPages.connectLunchMoney.path() + "#lunchmoney"), .class("edit-form"),
                    .id("lunchmoney-form"),
                    .data("check", WebPages.checkLunchMoney.path())
                ) {
                    Field.input(
                        "baseURL", label: "Server", type: "url", value: baseURL, error: error?.fields["baseURL"])
                    Field.input(
                        "token", label: "Access token", type: "password", error: nil,
                        extra: [.required, .attr("autocomplete", "off")])
                    H.p(
                        .class(error == nil ? "connection" : "connection invalid"), .id("lunchmoney-state"),
                        .attr("role", "status")
                    ) {
                        if let error, error.fields["baseURL"] == nil {
                            H.span(.class("indicator"), .aria("hidden", "true")) { "✗" }
                            error.message
                        }
                    }
                    H.button(.type("submit"), .class("button primary"), .id("lunchmoney-connect")) {
                        "Check and connect"
                    }
                }
            }
        }
    }
}
