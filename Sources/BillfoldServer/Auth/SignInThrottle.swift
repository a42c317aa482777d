import BillfoldCore
import BillfoldStore
import Foundation
import Vapor

/// The limit on password guessing, counted in the database so that every instance sees all
/// attempts: at most `limit` failed attempts per client address in a sliding window, and
/// `accountFactor` times that per account. An account's own count is higher so that one address
/// guessing cannot lock its owner out (it is stopped by its own count first), while guesses spread
/// over many addresses are still bounded. Past a limit the answer is 429 with `Retry-After` until
/// the oldest attempt leaves the window.
struct SignInThrottle {
    let attempts: SignInAttemptRepository
    let limit: Int
    let window: Int64
    static let accountFactor = 10

    init(request: Request) {
        let configuration = request.application.billfoldConfiguration
        attempts = SignInAttemptRepository(database: request.store)
        limit = configuration.signInLimit
        window = configuration.signInWindowSeconds
    }

    static func keys(email: String, address: String) -> [String] {
        [accountKey(email), "address:" + counted(address)]
    }

    /// The key an account's attempts are counted under.
    static func accountKey(_ email: String) -> String {
        "account:" + email.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// An address as attempts are counted: an IPv6 address by its /64, which one host holds
    /// whole (counted one by one, it could guess from endless addresses and reach the account's
    /// limit, locking its owner out).
    static func counted(_ address: String) -> String {
        guard let bytes = AddressRanges.bytes(address), bytes.count == 16 else { return address }
        let groups = stride(from: 0, to: 8, by: 2).map {
            String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16)
        }
        return groups.joined(separator: ":") + "::/64"
    }

    /// Counts this attempt under each key first, then refuses it with `TooManyAttempts` when a
    /// key is over its limit. Counting first means a burst of requests sent at once cannot all
    /// pass before any is recorded. A refused attempt is taken back out, so waiting is enough.
    func attempt(_ keys: [String]) async throws {
        let now = Timestamp.now()
        try await attempts.record(keys, at: now, forgetBefore: now - window)
        for key in keys {
            let recent = try await attempts.recent(key, since: now - window)
            guard recent.count > limit * (key.hasPrefix("account:") ? Self.accountFactor : 1) else { continue }
            try await attempts.forget(keys, at: now)
            let wait = max(1, (recent.oldest ?? now) + window - now)
            let minutes = (wait + 59) / 60
            throw TooManyAttempts(
                retryAfterSeconds: Int(wait),
                problem: BillfoldError(.rateLimited, Phrase("error.auth.tooManySignInAttempts", count: Int(minutes))))
        }
    }

    /// After a good password the account starts afresh, and the address does not count it.
    func succeeded(_ keys: [String]) async throws {
        if let account = keys.first { try await attempts.clear(account) }
        // A good password is no guess: the address does not count it either.
        try await attempts.forget(Array(keys.dropFirst()), at: nil)
    }
}
