import Foundation

/// A number to a tenth, written exactly as C's `%.1f` writes it (the tenth nearest the number's
/// exact binary value, a tie to the even tenth, `-0.0` for a small negative), without going
/// through Foundation's `String(format:)`: a report's chart writes a few hundred of them, and
/// the format call was a twentieth of drawing the Reports page.
enum Tenths {
    static func text(_ value: Double) -> String {
        // Ten times the number, plus a half, must be exact in a Double (below 2^52): a chart's
        // numbers always are; anything larger goes to the C library.
        guard value.isFinite, value.magnitude < 4e14 else { return String(format: "%.1f", value) }
        // The whole tenths below 10 × value, made exact by comparing with `tenTimes(_:minus:)`.
        var tenths = (value * 10).rounded(.down)
        while tenTimes(value, minus: tenths) < 0 { tenths -= 1 }
        while tenTimes(value, minus: tenths + 1) >= 0 { tenths += 1 }
        let half = tenTimes(value, minus: tenths + 0.5)
        if half > 0 || (half == 0 && tenths.truncatingRemainder(dividingBy: 2) != 0) { tenths += 1 }
        let whole = Int64(tenths)
        let sign = whole < 0 || (whole == 0 && value.sign == .minus) ? "-" : ""
        return "\(sign)\(whole.magnitude / 10).\(whole.magnitude % 10)"
    }

    /// 10 × value − minus, rounded once (a fused multiply-add), so its sign is the exact one.
    private static func tenTimes(_ value: Double, minus: Double) -> Double { (-minus).addingProduct(value, 10) }
}
