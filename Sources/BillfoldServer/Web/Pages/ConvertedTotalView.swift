import BillfoldCore

/// Money in several currencies as one total in the primary currency, marked as converted, with
/// what it could not count and whether an earlier day's rate stood in.
struct ConvertedTotalView {
    let total: ConvertedTotal
    let format: DisplayFormat
    /// How the rates were taken: each day at its own (a list's), or a balance at its day's.
    var note: String = tr("rates.atEachDaysRate")
    var label: String = tr("rates.convertedTotal")

    var html: HTML {
        H.div(.class("total total-converted"), .data("converted", total.money.currency.code)) {
            H.span(.class("total-label")) { label }
            H.span(.class("amount" + (total.money.minorUnits < 0 ? " expense" : ""))) {
                "≈ " + format.money(total.money)
            }
            H.span(.class("total-count")) { Self.explanation([total], note: note, format: format) }
        }
    }

    /// How the totals were converted, and what they leave out.
    static func explanation(_ totals: [ConvertedTotal], note: String, format: DisplayFormat) -> String {
        var parts = [note]
        if let oldest = totals.filter(\.usedEarlierRates).compactMap(\.oldestRate).min() {
            parts.append(tr("rates.earlierRates", ["day": format.day(oldest)]))
        }
        let missing = Set(totals.flatMap(\.missing)).map(\.code).sorted()
        if !missing.isEmpty {
            parts.append(tr("rates.leftOut", count: missing.count, ["currencies": missing.joined(separator: ", ")]))
        }
        return parts.joined(separator: " · ")
    }
}

/// A report's income, spending and net with the other currencies converted in, marked as
/// converted, beside its figures in the primary currency.
struct ConvertedFiguresView {
    let figures: ConvertedFigures
    let format: DisplayFormat

    var html: HTML {
        H.div(.class("total total-converted"), .data("converted", figures.net.money.currency.code)) {
            H.span(.class("total-label")) { tr("rates.convertedTotal") }
            for (label, total) in [
                (tr("reports.income"), figures.income), (tr("reports.spending"), figures.spending),
                (tr("reports.net"), figures.net),
            ] {
                H.span(.class("converted-figure")) {
                    H.span(.class("secondary")) { label }
                    H.span(.class("amount")) { " ≈ " + format.money(total.money) }
                }
            }
            H.span(.class("total-count")) {
                ConvertedTotalView.explanation(
                    [figures.income, figures.spending, figures.net], note: tr("rates.atEachDaysRate"), format: format)
            }
        }
    }
}
