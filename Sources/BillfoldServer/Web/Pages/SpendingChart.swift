import BillfoldCore
import Foundation

/// This month's spending by category as a bar chart drawn on the server (SVG), with the same
/// figures in a table for screen readers and for anyone who prefers numbers.
struct SpendingChart {
    struct Bar {
        var label: String
        var colour: String
        var money: Money
    }

    let bars: [Bar]
    let currency: Currency
    let format: DisplayFormat
    /// Spending in other currencies, listed under the chart (a sum never mixes currencies).
    let others: [Money]

    static let shown = 8

    /// The largest categories in `currency`, the rest summed as "Everything else".
    init(lines: [(label: String, colour: String, money: Money)], currency: Currency, format: DisplayFormat) {
        let inCurrency = lines.filter { $0.money.currency == currency }.sorted {
            $0.money.minorUnits < $1.money.minorUnits
        }
        var bars = inCurrency.prefix(Self.shown).map { Bar(label: $0.label, colour: $0.colour, money: $0.money) }
        let rest = inCurrency.dropFirst(Self.shown).reduce(Int64(0)) { $0 + $1.money.minorUnits }
        if rest != 0 {
            bars.append(
                Bar(
                    label: "Everything else", colour: "var(--c-gray)",
                    money: Money(minorUnits: rest, currency: currency)))
        }
        self.bars = bars
        self.currency = currency
        self.format = format
        var others: [Currency: Int64] = [:]
        for line in lines where line.money.currency != currency {
            others[line.money.currency, default: 0] += line.money.minorUnits
        }
        self.others = others.sorted { $0.key.code < $1.key.code }.map { Money(minorUnits: $0.value, currency: $0.key) }
    }

    var html: HTML {
        let largest = max(1, bars.map { -$0.money.minorUnits }.max() ?? 1)
        let rowHeight = 34
        let height = bars.count * rowHeight + 8
        var svg = """
            <svg class="chart" viewBox="0 0 440 \(height)" width="100%" role="img" aria-labelledby="chart-title" \
            preserveAspectRatio="xMinYMin meet"><title id="chart-title">Spending this month by category, in \
            \(currency.code)</title>
            """
        for (index, bar) in bars.enumerated() {
            let y = index * rowHeight + 4
            let width = max(2, Int(Double(-bar.money.minorUnits) / Double(largest) * 200))
            svg += """
                <text x="0" y="\(y + 21)" class="chart-label">\(bar.label.htmlEscaped)</text>\
                <rect x="130" y="\(y + 6)" width="\(width)" height="22" rx="6" style="fill: \(bar.colour)"></rect>\
                <text x="\(138 + width)" y="\(y + 22)" class="chart-value">\(format.money(bar.money).htmlEscaped)</text>
                """
        }
        svg += "</svg>"
        return H.div(.class("spending")) {
            if bars.isEmpty {
                H.p(.class("secondary")) { "No spending in \(currency.code) this month yet." }
            } else {
                HTML.raw(svg)
                H.table(.class("chart-table")) {
                    H.el("caption", [.class("visually-hidden")]) { "Spending this month by category" }
                    H.el("thead", []) {
                        H.tr {
                            H.th { "Category" }
                            H.th { "Spent" }
                        }
                    }
                    H.el("tbody", []) {
                        for bar in bars {
                            H.tr {
                                H.td { bar.label }
                                H.td(.class("amount expense")) { format.money(bar.money) }
                            }
                        }
                    }
                }
            }
            if !others.isEmpty {
                H.p(.class("secondary")) { "Also spent: " + others.map(format.money).joined(separator: ", ") }
            }
        }
    }
}
