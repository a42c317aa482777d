import Foundation

/// When and how soon a failed request is sent again: only transient failures (offline, timed out,
/// 502/503/504, 429), only requests that are safe to repeat (reads, and writes carrying an
/// Idempotency-Key), with exponential backoff and full jitter, and never sooner than a 429's
/// `Retry-After`.
public struct RetryPolicy: Sendable {
    /// Attempts in all, the first included.
    public var attempts: Int
    /// The wait before the second attempt; each later one doubles it, up to `maximumDelay`.
    public var baseDelay: TimeInterval
    /// The longest wait between attempts; a `Retry-After` over four times this gives up instead.
    public var maximumDelay: TimeInterval

    /// `attempts` counts the first one (at least one is always made); the wait starts at `baseDelay` and doubles
    /// after each attempt, up to `maximumDelay`.
    public init(attempts: Int = 4, baseDelay: TimeInterval = 0.5, maximumDelay: TimeInterval = 8) {
        self.attempts = max(1, attempts)
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
    }

    /// No retries at all.
    public static let never = RetryPolicy(attempts: 1)

    /// The wait before attempt `attempt + 1` after `error`, or nil to give up.
    public func delay(after error: ClientError, attempt: Int, safeToRepeat: Bool) -> TimeInterval? {
        guard safeToRepeat, error.isTransient, attempt < attempts else { return nil }
        let ceiling = min(maximumDelay, baseDelay * pow(2, Double(attempt - 1)))
        let jittered = Double.random(in: 0...ceiling)
        if case .rateLimited(let retryAfter?) = error.kind {
            // The server said how long; waiting longer than the policy allows is giving up.
            return retryAfter <= maximumDelay * 4 ? max(retryAfter, jittered) : nil
        }
        return jittered
    }
}
