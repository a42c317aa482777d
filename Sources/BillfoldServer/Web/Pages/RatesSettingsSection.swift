import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Foundation

/// Settings › Exchange rates: where the published rates come from and when they last changed,
/// and the person's own rates (for points, or a currency no source has), to add and delete.
/// The forms post to an address ending "#rates", so a refusal's page opens at this section.
struct RatesSettingsSection {
    var primary: Currency = .eur
    var sources: [RatesRepository.Source] = []
    var personal: [PersonalRatesRepository.Stored] = []
    /// What was refused, and the fields as typed.
    var error: (message: String, form: [String: String])?
    var format: DisplayFormat?
    /// The address the server fetches rates from, and every how many hours (nil: it does not).
    var fetch: (url: URL, hours: Int)?

    var html: HTML {
        H.section(.class("card form-card"), .id("rates"), .label(tr("rates.title"))) {
            H.h2 { tr("rates.title") }
            H.p(.class("secondary")) { tr("rates.intro", ["currency": primary.code]) }
            if let fetch {
                H.p(.class("secondary"), .id("rate-fetch")) {
                    tr("rates.fetchedFrom", count: fetch.hours, ["address": Self.shown(fetch.url)])
                }
            }
            if sources.isEmpty {
                H.p(.class("secondary"), .id("rate-sources")) { tr("rates.noSources") }
            } else {
                H.ul(.class("rate-sources"), .id("rate-sources")) {
                    for source in sources { H.li { sourceLine(source) } }
                }
            }
            H.h3 { tr("rates.yourRates") }
            if personal.isEmpty {
                H.p(.class("secondary")) { tr("rates.noneOfYours") }
            } else {
                H.ul(.class("tag-settings personal-rates")) { personal.map(row) }
            }
            form
        }
    }

    /// The address as people may see it: without a query or credentials, which may hold a key.
    static func shown(_ url: URL) -> String {
        var parts = URLComponents(url: url, resolvingAgainstBaseURL: false)
        parts?.query = nil
        parts?.user = nil
        parts?.password = nil
        parts?.fragment = nil
        return parts?.string ?? (url.host ?? "")
    }

    /// A source's rates and when they last changed (or that a fetch has not brought any yet),
    /// and why its last fetch failed, if it did.
    private func sourceLine(_ source: RatesRepository.Source) -> String {
        let when = { (seconds: Int64) in format.map { $0.dateTime(seconds) } ?? Timestamp.utc(seconds) }
        var line =
            source.changedAt == 0
            ? tr("rates.notFetchedYet", ["name": source.name])
            : tr("rates.source", count: source.rates, ["name": source.name, "when": when(source.changedAt)])
        if let error = source.lastError {
            line +=
                " "
                + tr(
                    "rates.fetchFailed",
                    ["when": source.attemptedAt.map(when) ?? "", "reason": FetchFailure.text(error)])
        }
        return line
    }

    private func row(_ stored: PersonalRatesRepository.Stored) -> HTML {
        let rate = stored.rate
        let text = tr(
            "rates.yourRate",
            [
                "currency": rate.currency, "rate": NSDecimalNumber(decimal: rate.rate).description,
                "quote": rate.quote, "day": format?.day(rate.day) ?? rate.day.description,
            ])
        return H.li(.class("tag-setting")) {
            H.span { text }
            H.form(.method("post"), .action(WebPages.deletePersonalRate.path(stored.id) + "#rates")) {
                H.button(
                    .type("submit"), .class("button danger small"), .label(tr("rates.deleteNamed", ["rate": text]))
                ) {
                    tr("tags.delete")
                }
            }
        }
    }

    private var form: HTML {
        let typed = error?.form ?? [:]
        return H.form(.method("post"), .action(WebPages.setPersonalRate.path() + "#rates"), .class("rate-form")) {
            if let error { H.p(.class("field-error"), .attr("role", "alert")) { error.message } }
            Field.input(
                "currency", id: "rate-currency", label: tr("rates.currency"), value: typed["currency"] ?? "",
                extra: [
                    .required, .attr("maxlength", "3"), .attr("placeholder", "PBP"),
                    .attr("autocapitalize", "characters"),
                ])
            Field.input(
                "rate", id: "rate-rate", label: tr("rates.worth"), value: typed["rate"] ?? "",
                extra: [.required, .attr("inputmode", "decimal"), .attr("placeholder", "0.01")])
            Field.input(
                "quote", id: "rate-quote", label: tr("rates.quote"), value: typed["quote"] ?? primary.code,
                extra: [.attr("maxlength", "3")])
            Field.input("day", id: "rate-day", label: tr("rates.from"), type: "date", value: typed["day"] ?? "")
            H.button(.type("submit"), .class("button")) { tr("rates.set") }
        }
    }
}
