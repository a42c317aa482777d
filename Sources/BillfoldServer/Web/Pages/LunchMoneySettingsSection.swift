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

    /// Each choice's minutes and the catalogue key of its label (looked up when drawn).
    static let schedules: [(minutes: Int?, key: String)] = [
        (nil, "lunchmoney.schedule.manual"), (15, "lunchmoney.schedule.every15Minutes"),
        (60, "lunchmoney.schedule.everyHour"), (360, "lunchmoney.schedule.every6Hours"),
        (1440, "lunchmoney.schedule.daily"),
    ]

    /// Where the changes made here stand with Lunch Money, and links to those needing a choice.
    private var outboxSummary: HTML {
        let waiting = outbox[.waiting] ?? 0
        let refused = outbox[.refused] ?? 0
        let conflicts = outbox[.conflict] ?? 0
        var parts: [String] = []
        if waiting > 0 { parts.append(tr("lunchmoney.outbox.waiting", count: waiting)) }
        if refused > 0 { parts.append(tr("lunchmoney.outbox.refused", count: refused)) }
        if conflicts > 0 { parts.append(tr("lunchmoney.outbox.conflicts", count: conflicts)) }
        return H.div(.class("sync-summary"), .id("lunchmoney-outbox")) {
            H.p(.class(parts.isEmpty ? "sync-state synced" : "sync-state waiting")) {
                parts.isEmpty
                    ? tr("lunchmoney.outbox.allSynced")
                    : tr(
                        "lunchmoney.outbox.summary",
                        ["list": Words.current.list(parts)])
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
                tr("lunchmoney.intro")
            }
            if let connectedTo {
                H.p(.class("connection valid"), .id("lunchmoney-state")) {
                    H.span(.class("indicator"), .aria("hidden", "true")) { "✓" }
                    tr("lunchmoney.connectedTo", ["server": connectedTo])
                }
                H.div(.class("form-actions")) {
                    H.form(.method("post"), .action(WebPages.pullLunchMoney.path())) {
                        H.button(.type("submit"), .class("button primary"), .id("pull-now")) {
                            tr("lunchmoney.pullNow")
                        }
                    }
                    H.form(.method("post"), .action(WebPages.disconnectLunchMoney.path())) {
                        H.button(.type("submit"), .class("button subtle")) { tr("lunchmoney.disconnect") }
                    }
                }
                H.form(
                    .method("post"), .action(WebPages.scheduleLunchMoneyPulls.path() + "#lunchmoney"),
                    .class("inline-form schedule-form")
                ) {
                    H.div(.class("field")) {
                        H.label(.for("pull-every")) { tr("lunchmoney.pullByItself") }
                        H.select(.id("pull-every"), .name("minutes")) {
                            for choice in Self.schedules {
                                H.el(
                                    "option",
                                    [.value(choice.minutes.map(String.init) ?? "")]
                                        + (choice.minutes == pullEveryMinutes ? [.selected] : [])
                                ) { tr(choice.key) }
                            }
                        }
                    }
                    H.button(.type("submit"), .class("button")) { tr("lunchmoney.saveSchedule") }
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
                // Advice for whoever runs the server, read as a sentence: not an error of the person's.
                H.p(.class("notice setup-advice"), .id("lunchmoney-state")) {
                    H.sentence(
                        "lunchmoney.needsSecretKey",
                        elements: [
                            "variable": H.code { "BILLFOLD_SECRET_KEY" },
                            "command": H.code { "head -c 32 /dev/urandom | base64" },
                        ])
                }
            } else {
                H.form(
                    // The answer opens at this section, where the person is looking, not at the page's top.
                    .method("post"), .action(WebPages.connectLunchMoney.path() + "#lunchmoney"), .class("edit-form"),
                    .id("lunchmoney-form"),
                    .data("check", WebPages.checkLunchMoney.path())
                ) {
                    Field.input(
                        "baseURL", label: tr("lunchmoney.server"), type: "url", value: baseURL,
                        error: error?.fields["baseURL"])
                    Field.input(
                        "token", label: tr("lunchmoney.accessToken"), type: "password", error: nil,
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
                        tr("lunchmoney.checkAndConnect")
                    }
                }
            }
        }
    }
}
