import BillfoldAPI
import BillfoldCore
import BillfoldStore
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
    /// Minutes between pulls made by themselves; nil when off.
    var pullEveryMinutes: Int?
    /// Changes waiting to go to Lunch Money, refused by it, or made in both places.
    var outbox: [LunchMoneyPending.State: Int] = [:]
    /// Transactions needing the person (refused or in conflict), to open.
    var troubled: [Transaction] = []

    static let schedules: [(minutes: Int?, label: String)] = [
        (nil, "Only when I press Pull now"), (15, "Every 15 minutes"), (60, "Every hour"),
        (360, "Every 6 hours"), (1440, "Once a day"),
    ]

    /// Where the changes made here stand with Lunch Money, and links to those needing a choice.
    private var outboxSummary: HTML {
        let waiting = outbox[.waiting] ?? 0
        let refused = outbox[.refused] ?? 0
        let conflicts = outbox[.conflict] ?? 0
        func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
        var parts: [String] = []
        if waiting > 0 { parts.append(count(waiting, "change waiting to sync", "changes waiting to sync")) }
        if refused > 0 { parts.append(count(refused, "change Lunch Money refused", "changes Lunch Money refused")) }
        if conflicts > 0 {
            parts.append(count(conflicts, "change made in both places", "changes made in both places"))
        }
        return H.div(.class("sync-summary"), .id("lunchmoney-outbox")) {
            H.p(.class(parts.isEmpty ? "sync-state synced" : "sync-state waiting")) {
                parts.isEmpty
                    ? "Every change made here is in Lunch Money ✓"
                    : parts.joined(separator: ", ") + "."
            }
            if !troubled.isEmpty {
                H.ul(.class("sync-troubled")) {
                    for transaction in troubled {
                        H.li { H.a(.href(WebPages.transaction.path(transaction.id))) { transaction.payee } }
                    }
                }
            }
        }
    }

    var html: HTML {
        H.section(.class("card form-card"), .id("lunchmoney"), .label("Lunch Money")) {
            H.h2 { "Lunch Money" }
            H.p(.class("secondary")) {
                "Bring in your Lunch Money categories and transactions, and keep both sides the same: what you clear, recategorise or note here is sent back; pulling again brings what changed there."
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
                H.form(
                    .method("post"), .action(WebPages.scheduleLunchMoneyPulls.path() + "#lunchmoney"),
                    .class("inline-form schedule-form")
                ) {
                    H.div(.class("field")) {
                        H.label(.for("pull-every")) { "Pull by itself" }
                        H.select(.id("pull-every"), .name("minutes")) {
                            for choice in Self.schedules {
                                H.el(
                                    "option",
                                    [.value(choice.minutes.map(String.init) ?? "")]
                                        + (choice.minutes == pullEveryMinutes ? [.selected] : [])
                                ) { choice.label }
                            }
                        }
                    }
                    H.button(.type("submit"), .class("button")) { "Save" }
                }
                outboxSummary
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
