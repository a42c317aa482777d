import BillfoldCore

/// Money in several currencies as one total in the primary currency, marked as converted, with
/// what it could not count and whether an earlier day's rate stood in.
struct ConvertedTotalView {
    let total: ConvertedTotal
    let format: DisplayFormat
    /// How the rates were taken: each day at its own (a list's), or a balance at its day's.
    var note: String = tr("rates.atEachDaysRate")

    var html: HTML {
        H.div(.class("total total-converted"), .data("converted", total.money.currency.code)) {
            H.span(.class("total-label")) { tr("rates.convertedTotal") }
            H.span(.class("amount" + (total.money.minorUnits < 0 ? " expense" : ""))) {
                "≈ " + format.money(total.money)
            }
            H.span(.class("total-count")) { explanation }
        }
    }

    /// How it was converted, and what is left out.
    private var explanation: String {
        var parts = [note]
        if total.usedEarlierRates, let oldest = total.oldestRate {
            parts.append(tr("rates.earlierRates", ["day": format.day(oldest)]))
        }
        if !total.missing.isEmpty {
            parts.append(
                tr(
                    "rates.leftOut", count: total.missing.count,
                    ["currencies": total.missing.map(\.code).joined(separator: ", ")]))
        }
        return parts.joined(separator: " · ")
    }
}
