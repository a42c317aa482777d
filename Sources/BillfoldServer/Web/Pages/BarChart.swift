import Foundation

/// A bar chart drawn by the server as SVG: one slot per month, its bars side by side or stacked.
/// It is a picture only (`aria-hidden`): the table beside it holds the same figures for screen
/// readers and for reading without the picture. Colours come from the stylesheet (classes) or
/// the category palette, so dark mode and print follow the page.
struct BarChart {
    struct Bar {
        /// Minor units, never negative (a negative figure draws nothing).
        var value: Int64
        /// A class from the stylesheet (`bar-in`, `bar-out`) or nil for `colour`.
        var cssClass: String?
        var colour: String?
        /// What a pointer's tooltip says.
        var title: String
    }

    struct Slot {
        var label: String
        var bars: [Bar]
    }

    let slots: [Slot]
    let stacked: Bool

    static let height = 220.0
    static let labelSpace = 22.0

    var html: HTML {
        let largest =
            slots.map { slot in
                stacked
                    ? slot.bars.reduce(0) { $0 + Double(max(0, $1.value)) } : Double(slot.bars.map(\.value).max() ?? 0)
            }.max() ?? 0
        let slotWidth = 40.0
        let width = max(slotWidth, Double(slots.count) * slotWidth)
        let plot = Self.height - Self.labelSpace
        let scale = largest > 0 ? (plot - 8) / largest : 0
        var svg =
            "<svg class=\"bar-chart\" viewBox=\"0 0 \(Int(width)) \(Int(Self.height))\" preserveAspectRatio=\"none\" "
            + "aria-hidden=\"true\" focusable=\"false\" xmlns=\"http://www.w3.org/2000/svg\">"
        svg += "<line class=\"axis\" x1=\"0\" y1=\"\(plot)\" x2=\"\(Int(width))\" y2=\"\(plot)\"></line>"
        for (index, slot) in slots.enumerated() {
            let left = Double(index) * slotWidth
            var base = plot
            let barWidth = stacked ? slotWidth * 0.64 : slotWidth * 0.64 / Double(max(1, slot.bars.count))
            for (position, bar) in slot.bars.enumerated() where bar.value > 0 {
                let tall = Double(bar.value) * scale
                let x = stacked ? left + slotWidth * 0.18 : left + slotWidth * 0.18 + Double(position) * barWidth
                let y = stacked ? base - tall : plot - tall
                if stacked { base -= tall }
                let paint =
                    bar.cssClass.map { "class=\"\($0)\"" }
                    ?? "style=\"fill: \((bar.colour ?? "var(--c-gray)").htmlEscaped)\""
                svg += "<rect \(paint) x=\(Self.number(x)) y=\(Self.number(y)) width=\(Self.number(barWidth)) "
                svg += "height=\(Self.number(tall))><title>\(bar.title.htmlEscaped)</title></rect>"
            }
            svg +=
                "<text class=\"axis-label\" x=\(Self.number(left + slotWidth / 2)) y=\(Self.number(Self.height - 6)) "
            svg += "text-anchor=\"middle\">\(slot.label.htmlEscaped)</text>"
        }
        svg += "</svg>"
        return HTML.raw(svg)
    }

    /// A coordinate as an attribute, quoted, to a tenth of a unit.
    private static func number(_ value: Double) -> String { "\"" + String(format: "%.1f", value) + "\"" }
}
