import BillfoldCore
import BillfoldStore
import Foundation
import Vapor

/// The limit on password guessing, counted in the database so that every instance sees all
/// attempts, in a sliding window (`BILLFOLD_SIGNIN_LIMIT` = L, 15 minutes):
/// - an account from one client address (the pair): L wrong passwords;
/// - one address, whatever the accounts: 10 × L;
/// - one account, from all addresses together: 10 × L.
/// The pair is stopped first, so one address guessing is refused long before it reaches the
/// account's or the address's count. A place the account signed in from before (in the last 90
/// days) is known, and counts only as its pair: failures elsewhere, or by other people behind the
/// same address, never lock the owner out of a place they use. Past a limit the answer is 429
/// with `Retry-After` until the oldest failure leaves the window.
struct SignInThrottle {
    let application: Application
    let limit: Int
    let window: Int64
    static let widerFactor = 10
    /// How long a place an account signed in from stays known.
    static let knownSeconds: Int64 = 90 * 24 * 3600

    /// The keys one attempt is counted under.
    struct Keys {
        var account: String
        var address: String
        var pair: String
        var known: String
    }

    /// An attempt counted, until its password is checked.
    struct Attempt {
        var keys: Keys
        var ids: [Int64]
    }

    init(request: Request) { self.init(application: request.application) }

    init(application: Application) {
        self.application = application
        let configuration = application.billfoldConfiguration
        limit = configuration.signInLimit
        window = configuration.signInWindowSeconds
    }

    static func keys(email: String, address: String) -> Keys {
        // No address is longer than 254 characters: a longer one is cut, so the keys always fit
        // the database's index (PostgreSQL refuses an index row of about 2.7 kB).
        let account = accountKey(String(email.prefix(254)))
        let place = counted(address)
        let pair = account + "|" + place
        return Keys(account: account, address: "address:" + place, pair: "pair:" + pair, known: "known:" + pair)
    }

    /// The key an account's attempts are counted under; its pairs' keys start with "pair:" and it.
    static func accountKey(_ email: String) -> String {
        "account:" + email.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// An address as attempts are counted: an IPv6 address by its /64, which one host holds
    /// whole (counted one by one, it could guess from endless addresses).
    static func counted(_ address: String) -> String {
        guard let bytes = AddressRanges.bytes(address), bytes.count == 16 else { return address }
        let groups = stride(from: 0, to: 8, by: 2).map {
            String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16)
        }
        return groups.joined(separator: ":") + "::/64"
    }

    /// Counts this attempt before its password is checked, so a burst sent at once cannot all
    /// pass before any is counted; refuses it with `TooManyAttempts` when a limit is reached.
    /// When a limit is reached only with attempts still being checked (many devices signing in at
    /// once), it waits for them a few seconds first.
    func attempt(_ keys: Keys) async throws -> Attempt {
        for _ in 0..<Self.busyTries {
            let now = application.wallClock.seconds
            let decision = try await application.writeTransaction { database in
                let attempts = SignInAttemptRepository(database: database)
                let known = try await attempts.remembered(keys.known, since: now - Self.knownSeconds)
                var limits = [SignInAttemptRepository.Limit(key: keys.pair, limit: limit)]
                if !known {
                    limits.append(.init(key: keys.address, limit: limit * Self.widerFactor))
                    limits.append(.init(key: keys.account, limit: limit * Self.widerFactor))
                }
                return try await attempts.reserve(
                    limits, at: now, window: window, forgetKnownBefore: now - Self.knownSeconds)
            }
            switch decision {
            case .counted(let ids): return Attempt(keys: keys, ids: ids)
            case .refused(let until):
                let wait = max(1, until - now)
                throw TooManyAttempts(
                    retryAfterSeconds: Int(wait),
                    problem: BillfoldError(
                        .rateLimited, Phrase("error.auth.tooManySignInAttempts", count: Int((wait + 59) / 60))))
            case .busy: try await Task.sleep(for: .milliseconds(250))
            }
        }
        throw TooManyAttempts(
            retryAfterSeconds: 1, problem: BillfoldError(.rateLimited, Phrase("error.auth.signInBusy")))
    }

    /// How often an attempt looks again for a free place while others are checked (250 ms apart).
    static let busyTries = 20

    /// A wrong password: it counts until it leaves the window.
    func failed(_ attempt: Attempt) async throws {
        try await application.writeTransaction { try await SignInAttemptRepository(database: $0).settle(attempt.ids) }
    }

    /// The password could not be checked (the database failed meanwhile): the attempt is taken
    /// back, neither a guess nor a success.
    func abandon(_ attempt: Attempt) async {
        try? await application.writeTransaction {
            try await SignInAttemptRepository(database: $0).takeBack(attempt.ids)
        }
    }

    /// Checks a password under the limit: `check` answers whether it was right (a wrong one
    /// counts); anything it throws takes the attempt back and is thrown on.
    func checking<T>(_ keys: Keys, _ check: () async throws -> (T, right: Bool)) async throws -> T {
        let attempt = try await attempt(keys)
        let outcome: (T, right: Bool)
        do {
            outcome = try await check()
        } catch {
            await abandon(attempt)
            throw error
        }
        if outcome.right { try await succeeded(attempt) } else { try await failed(attempt) }
        return outcome.0
    }

    /// A good password is no guess: the attempt is taken back, the place's wrong passwords are
    /// forgotten and the place is known from now on.
    func succeeded(_ attempt: Attempt) async throws {
        try await application.writeTransaction {
            let attempts = SignInAttemptRepository(database: $0)
            try await attempts.takeBack(attempt.ids)
            try await attempts.clearFailures(attempt.keys.pair)
            try await attempts.remember(attempt.keys.known, at: application.wallClock.seconds)
        }
    }
}

extension Request {
    /// The person with this email and password, under the sign-in limit (the sign-in page and
    /// the apps' sign-in alike); nil for a wrong pair, which counts as a guess.
    func signInUnderLimit(email: String, password: String) async throws -> User? {
        let keys = SignInThrottle.keys(email: email, address: clientAddress)
        return try await SignInThrottle(request: self).checking(keys) {
            let user = try await AccountService(database: store, clock: application.wallClock).signIn(
                email: email, password: password)
            return (user, right: user != nil)
        }
    }
}
