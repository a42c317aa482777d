import BillfoldCore
import Foundation

/// This month's spending by category, one chart per currency (the person's own first; a sum never
/// mixes currencies). Each category is a full-width track with its name inside and its amount at
/// the end, filled in proportion to the currency's largest category: a small category is as easy
/// to read as a large one, and every figure is text a screen reader reads in order.
struct SpendingChart {
    struct Bar {
        /// The category's name; nil for everything else summed.
        var label: String?
        var colour: String
        var money: Money
    }

    /// Each currency's bars, largest first; the person's own currency first.
    let charts: [(currency: Currency, bars: [Bar])]
    let currency: Currency
    let format: DisplayFormat

    static let shown = 8

    /// The largest categories of each currency, the rest summed as "Everything else".
    init(lines: [(label: String, colour: String, money: Money)], currency: Currency, format: DisplayFormat) {
        let currencies = Set(lines.map(\.money.currency)).sorted {
            ($0 == currency ? 0 : 1, $0.code) < ($1 == currency ? 0 : 1, $1.code)
        }
        charts = currencies.map { code in
            let inCurrency = lines.filter { $0.money.currency == code }.sorted {
                $0.money.minorUnits < $1.money.minorUnits
            }
            var bars = inCurrency.prefix(Self.shown).map { Bar(label: $0.label, colour: $0.colour, money: $0.money) }
            let rest = inCurrency.dropFirst(Self.shown).reduce(Int64(0)) { $0 + $1.money.minorUnits }
            if rest != 0 {
                bars.append(
                    Bar(
                        label: nil, colour: "var(--c-gray)",
                        money: Money(minorUnits: rest, currency: code)))
            }
            return (code, bars)
        }
        self.currency = currency
        self.format = format
    }

    var html: HTML {
        H.div(.class("spending")) {
            if charts.isEmpty {
                H.p(.class("secondary")) { tr("home.noSpending") }
            }
            for chart in charts {
                // Headed when there is more than one, or when the only one is not the person's own.
                if charts.count > 1 || chart.currency != currency {
                    H.h3(.class("chart-currency")) { tr("home.inCurrency", ["currency": chart.currency.code]) }
                }
                bars(chart.bars, in: chart.currency)
            }
        }
    }

    /// The bar's share of the largest, in percent; at least a sliver, so every category shows.
    private static func share(_ bar: Bar, of largest: Double) -> String {
        Tenths.text(max(1.5, Double(-bar.money.minorUnits) / largest * 100))
    }

    private func bars(_ bars: [Bar], in code: Currency) -> HTML {
        let largest = Double(max(1, bars.map { -$0.money.minorUnits }.max() ?? 1))
        return H.el("ol", [.class("bars"), .label(tr("home.chartLabel", ["currency": code.code]))]) {
            for bar in bars {
                H.li(.class("bar-row"), .attr("style", "--c: \(bar.colour); --share: \(Self.share(bar, of: largest))%"))
                {
                    H.span(.class("bar-fill"), .aria("hidden", "true")) {}
                    H.span(.class("bar-label")) { bar.label ?? tr("home.everythingElse") }
                    H.span(.class("bar-value")) { format.money(bar.money) }
                }
            }
        }
    }
}
