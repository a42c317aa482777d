import BillfoldCore
import Foundation
import Vapor

/// How many bank files this instance reads at once: one per person, and `total` in all. A file of
/// 50 MB takes about a gigabyte while it is read and planned, so without this a few uploads sent
/// at once could take all the server's memory. A file beyond a slot waits for one (a preview asked
/// for again while the last one is still read, say) and is refused with 429 after `longestWait`.
/// A waiting file is already received (50 MB at most), so each person has one waiting at most:
/// another is refused at once.
actor ImportSlots {
    let total: Int
    let longestWait: Duration
    /// The people reading a file now: one each.
    private var busy: Set<Int64> = []
    private var waiting: Set<Int64> = []
    var inUse: Int { busy.count }

    init(total: Int, longestWait: Duration = .seconds(60)) {
        self.total = total
        self.longestWait = longestWait
    }

    private func take(_ user: Int64) -> Bool {
        guard busy.count < total else { return false }
        return busy.insert(user).inserted
    }

    private func give(_ user: Int64) { busy.remove(user) }

    /// Runs `work` in a slot for `user`, waiting up to `longestWait` for one.
    func reading<T: Sendable>(for user: Int64, _ work: @Sendable () async throws -> T) async throws -> T {
        let busy = TooManyAttempts(
            retryAfterSeconds: 10, problem: BillfoldError(.rateLimited, Phrase("error.service.imports.busy")))
        if !take(user) {
            guard waiting.insert(user).inserted else { throw busy }
            defer { waiting.remove(user) }
            let clock = ContinuousClock()
            let deadline = clock.now.advanced(by: longestWait)
            while !take(user) {
                guard clock.now < deadline else { throw busy }
                // Polled: a slot is held for seconds, so a tenth of a second's delay costs nothing.
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        defer { give(user) }
        return try await work()
    }
}

extension Application {
    private struct ImportSlotsKey: StorageKey { typealias Value = ImportSlots }

    /// Set by `configure`: as many as the machine has cores, at least two.
    var importSlots: ImportSlots {
        get { storage[ImportSlotsKey.self]! }
        set { storage[ImportSlotsKey.self] = newValue }
    }
}
