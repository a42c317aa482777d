import BillfoldCore
import Foundation
import Vapor

/// Chaos for client developers, as the original apps' mock backend did ("delays 1–2 seconds and
/// randomly fails"): every JSON API request waits a random time in `delay` and then fails with
/// the normal 503 answer with probability `failureRate`, before anything is read or written.
/// Off unless configured; `billfold serve` warns when it is on. Pages, health and metrics are
/// never touched.
public struct ChaosSettings: Sendable, Equatable {
    /// Seconds.
    public var delay: ClosedRange<Double>
    public var failureRate: Double

    public init(delay: ClosedRange<Double>, failureRate: Double) {
        self.delay = delay
        self.failureRate = failureRate
    }

    /// Reads `1s-2s`, `500ms-1.5s` or `2s` (a bare number is seconds).
    static func delay(parsing text: String, setting: String) throws(BillfoldError) -> ClosedRange<Double> {
        func seconds(_ part: Substring) -> Double? {
            let part = part.trimmingCharacters(in: .whitespaces).lowercased()
            if part.hasSuffix("ms") { return Double(part.dropLast(2)).map { $0 / 1000 } }
            if part.hasSuffix("s") { return Double(part.dropLast()) }
            return Double(part)
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let low = seconds(parts[0]), let high = seconds(parts[parts.count - 1]),
            low >= 0, high >= low, high <= 60
        else {
            throw Configuration.invalid(setting, Phrase("error.app.config.notAChaosDelay", ["value": text]))
        }
        return low...high
    }

    static func rate(parsing text: String, setting: String) throws(BillfoldError) -> Double {
        guard let rate = Double(text.trimmingCharacters(in: .whitespaces)), (0...1).contains(rate) else {
            throw Configuration.invalid(setting, Phrase("error.app.config.notAChaosRate", ["value": text]))
        }
        return rate
    }
}

struct ChaosMiddleware: AsyncMiddleware {
    let settings: ChaosSettings

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let wait = Double.random(in: settings.delay)
        if wait > 0 { try await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000)) }
        if Double.random(in: 0..<1) < settings.failureRate {
            throw BillfoldError(
                .unavailable, Phrase("error.app.chaosFailure"))
        }
        return try await next.respond(to: request)
    }
}
