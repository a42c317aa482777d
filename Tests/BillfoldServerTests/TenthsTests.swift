import BillfoldCore
import Foundation
import Testing

@testable import BillfoldServer

@Suite("Chart numbers to a tenth")
struct TenthsTests {
    /// The charts' coordinates are written as C's `%.1f` wrote them before: the same text for
    /// every kind of number a chart meets, ties and the numbers just beside them included.
    @Test("written as %.1f writes them")
    func sameAsPrintf() {
        var generator = SplitMix64(seed: 1)
        var values: [Double] = [
            0, -0.0, 0.05, -0.05, 0.25, 0.35, -0.04, 2.5e-7, 1e-310, 99.95, 1_000_000.25, 399_999_999_999_999.94,
            460_000_000_000_000.625, 950_000_000_000_000, -1e300, .infinity, -.infinity, .nan,
        ]
        for k in -4000...4000 {
            let tie = Double(k) / 20
            values += [tie, tie.nextUp, tie.nextDown, Double(k) / 10]
        }
        for _ in 0..<20000 {
            values.append(Double.random(in: -1000...1000, using: &generator))
            values.append(
                Double.random(in: -1...1, using: &generator)
                    * pow(10, Double(Int.random(in: -8...16, using: &generator))))
        }
        for value in values {
            #expect(Tenths.text(value) == String(format: "%.1f", value), "\(value)")
        }
    }
}
