import Foundation

/// A bar chart drawn by the server as SVG: one slot per month, its bars side by side or stacked.
/// It is a picture only (`aria-hidden`): the table beside it holds the same figures for screen
/// readers and for reading without the picture, and its links are the keyboard's way in (a bar's
/// own link is for a pointer, so it is left out of the tab order). Colours come from the
/// stylesheet (classes) or the category palette, so dark mode and print follow the page.
struct BarChart {
    struct Bar {
        /// Minor units; side by side a negative figure draws below the axis, stacked it draws
        /// nothing.
        var value: Int64
        /// A class from the stylesheet (`bar-in`, `bar-out`) or nil for `colour`.
        var cssClass: String?
        var colour: String?
        /// What a pointer's tooltip says.
        var title: String
        /// Where a click on the bar goes: the list of what it counted.
        var link: String?
    }

    struct Slot {
        var label: String
        var bars: [Bar]
    }

    /// A dashed line across the chart at a value (an average), with its tooltip.
    struct Line {
        var value: Int64
        var title: String
    }

    let slots: [Slot]
    let stacked: Bool
    var line: Line? = nil
    /// Small, without month labels (Home's card): the month is in each bar's tooltip.
    var compact = false

    static let height = 220.0
    static let labelSpace = 22.0
    static let top = 8.0
    static let slotWidth = 40.0

    var html: HTML {
        let heights = slots.map { slot in
            stacked
                ? (slot.bars.reduce(0) { $0 + Double(max(0, $1.value)) }, 0)
                : (Double(slot.bars.map(\.value).max() ?? 0), Double(slot.bars.map(\.value).min() ?? 0))
        }
        let largest = max(0, heights.map(\.0).max() ?? 0, Double(line?.value ?? 0))
        let lowest = min(0, heights.map(\.1).min() ?? 0)
        let width = max(Self.slotWidth, Double(slots.count) * Self.slotWidth)
        let plot = Self.height - Self.labelSpace
        let scale = largest - lowest > 0 ? (plot - Self.top) / (largest - lowest) : 0
        let zero = Self.top + largest * scale
        var svg =
            "<svg class=\"bar-chart\(compact ? " compact" : "")\" viewBox=\"0 0 \(Int(width)) \(Int(Self.height))\" preserveAspectRatio=\"none\" "
            + "aria-hidden=\"true\" focusable=\"false\" xmlns=\"http://www.w3.org/2000/svg\">"
        svg +=
            "<line class=\"axis\" x1=\"0\" y1=\(Self.number(zero)) x2=\"\(Int(width))\" y2=\(Self.number(zero))></line>"
        for (index, slot) in slots.enumerated() {
            let left = Double(index) * Self.slotWidth
            var base = zero
            let barWidth = stacked ? Self.slotWidth * 0.64 : Self.slotWidth * 0.64 / Double(max(1, slot.bars.count))
            for (position, bar) in slot.bars.enumerated() where bar.value != 0 && (bar.value > 0 || !stacked) {
                let tall = Double(bar.value.magnitude) * scale
                let x =
                    stacked ? left + Self.slotWidth * 0.18 : left + Self.slotWidth * 0.18 + Double(position) * barWidth
                let y = stacked ? base - tall : (bar.value > 0 ? zero - tall : zero)
                if stacked { base -= tall }
                let paint =
                    bar.cssClass.map { "class=\"\($0)\"" }
                    ?? "style=\"fill: \((bar.colour ?? "var(--c-gray)").htmlEscaped)\""
                var rect = "<rect \(paint) x=\(Self.number(x)) y=\(Self.number(y)) width=\(Self.number(barWidth)) "
                rect += "height=\(Self.number(tall))><title>\(bar.title.htmlEscaped)</title></rect>"
                if let link = bar.link {
                    rect = "<a href=\"\(link.htmlEscaped)\" tabindex=\"-1\">" + rect + "</a>"
                }
                svg += rect
            }
            svg +=
                "<text class=\"axis-label\" x=\(Self.number(left + Self.slotWidth / 2)) y=\(Self.number(Self.height - 6)) "
            svg += "text-anchor=\"middle\">\(slot.label.htmlEscaped)</text>"
        }
        if let line {
            let y = zero - Double(line.value) * scale
            svg +=
                "<line class=\"average-line\" x1=\"0\" y1=\(Self.number(y)) x2=\"\(Int(width))\" y2=\(Self.number(y))>"
            svg += "<title>\(line.title.htmlEscaped)</title></line>"
        }
        svg += "</svg>"
        return HTML.raw(svg)
    }

    /// A coordinate as an attribute, quoted, to a tenth of a unit.
    private static func number(_ value: Double) -> String { "\"" + Tenths.text(value) + "\"" }
}
