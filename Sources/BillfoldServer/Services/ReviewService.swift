import BillfoldCore
import BillfoldStore
import FluentKit
import Foundation

/// The review deck for one user: a month's cards, the look-back offer, applying batches of
/// decisions exactly once, and the activity log. The API and the web page share it.
struct ReviewService: Sendable {
    let database: any Database
    let user: User
    /// SQLite's turn-taking for the per-decision transactions (see `RequestTransaction`).
    var gate: WriteGate?
    /// The moment the request is answered at; decides the current month.
    var now: Date

    private var repository: ReviewRepository { ReviewRepository(database: database, userID: user.id) }
    var zone: TimeZone { user.preferences.zone }

    /// The month the user is in now, in their time zone.
    var currentMonth: Month { Month(now, in: zone) }

    /// The month a request names (`2026-03`), or the current one when it names none.
    func month(named text: String?) throws -> Month {
        guard let text else { return currentMonth }
        return try Month(parsing: text)
    }

    /// One page of the review deck's decisions (`GET /api/v1/activity`), newest first, before the
    /// entry with id `before`; `hasMore` says whether older entries follow.
    func activity(before: Int64?, limit: Int) async throws -> (entries: [ReviewActivity], hasMore: Bool) {
        let entries = try await repository.activity(before: before, limit: limit + 1)
        return (Array(entries.prefix(limit)), entries.count > limit)
    }

    /// A page of the Activity page's log (every clear and recategorisation, wherever it was
    /// made): newest first, before or after a place, whether older and newer entries are there,
    /// and each day's whole count.
    struct ActivityWindow: Sendable {
        var entries: [ActivityEntry]
        var hasOlder: Bool
        var hasNewer: Bool
        /// Entries per day in the user's zone, for the days on the page, whatever the page holds;
        /// counted up to `ActivityWindow.countCap`, which a larger count says it passed.
        var perDay: [Day: Int]

        static let countCap = 10_000
    }

    func activity(before: ActivityEntry.Place?, after: ActivityEntry.Place?, limit: Int) async throws
        -> ActivityWindow
    {
        let log = ActivityLog(database: database, userID: user.id)
        var window: ActivityWindow
        if let after {
            let found = try await log.entries(after: after, limit: limit)
            let entries = Array(found.prefix(limit).reversed())
            var older = false
            if let last = entries.last { older = try await log.has(false, than: last.oldest) }
            window = ActivityWindow(entries: entries, hasOlder: older, hasNewer: found.count > limit, perDay: [:])
        } else {
            let found = try await log.entries(before: before, limit: limit)
            let entries = Array(found.prefix(limit))
            var newer = false
            if before != nil, let first = entries.first { newer = try await log.has(true, than: first.newest) }
            window = ActivityWindow(entries: entries, hasOlder: found.count > limit, hasNewer: newer, perDay: [:])
        }
        var days: [Day] = []
        for entry in window.entries {
            let day = Day(Date(timeIntervalSince1970: TimeInterval(entry.changedAt)), in: zone)
            if days.last != day { days.append(day) }
        }
        let start = { (day: Day) in Int64(day.start(in: zone).timeIntervalSince1970) }
        guard let newest = days.first, let oldest = days.last else { return window }
        // One read for the page's days; a day of a big rule run is counted on its own, up to the cap.
        if let times = try await log.times(
            from: start(oldest), to: start(newest.adding(days: 1)), lines: ActivityWindow.countCap)
        {
            for time in times {
                window.perDay[Day(Date(timeIntervalSince1970: TimeInterval(time)), in: zone), default: 0] += 1
            }
        } else {
            for day in days {
                window.perDay[day] = try await log.count(
                    from: start(day), to: start(day.adding(days: 1)), cap: ActivityWindow.countCap)
            }
        }
        return window
    }

    func deck(_ month: Month) async throws -> (cards: [Transaction], remaining: Int) {
        let range = month.range(in: zone)
        async let cards = repository.uncleared(in: range, limit: user.preferences.deckSize)
        async let remaining = repository.unclearedCount(in: range)
        return (try await cards, try await remaining)
    }

    /// The months the picker offers, newest first, with how many uncleared transactions each
    /// holds: every month with some, and always the current month and `shown`.
    func months(showing shown: Month) async throws -> [(month: Month, count: Int)] {
        var months = try await repository.unclearedMonths(in: zone)
        for month in Set([currentMonth, shown]) where !months.contains(where: { $0.month == month }) {
            months.append((month, 0))
        }
        return months.sorted { $0.month > $1.month }
    }

    /// The oldest of the twelve months before the current one with uncleared transactions.
    func lookback() async throws -> (month: Month, count: Int)? {
        guard let oldest = try await repository.oldestUncleared(in: currentMonth.twelveMonthsBefore(in: zone))
        else { return nil }
        let month = Month(Date(timeIntervalSince1970: TimeInterval(oldest)), in: zone)
        return (month, try await repository.unclearedCount(in: month.range(in: zone)))
    }

    static let maxBatch = Preferences.deckSizes.upperBound

    /// One sent decision: nil when the action was not one Billfold knows.
    typealias SentDecision = (transactionID: Int64, decision: ReviewDecision?)

    /// How one decision of a batch ended.
    struct ItemResult: Sendable {
        var transactionID: Int64
        var outcome: ReviewOutcomeKind
        var problem: BillfoldError?
    }

    /// Applies a batch once per key. The same key with the same request (`requestHash`) answers
    /// the first answer again, byte for byte; with another request it is refused. Each decision is
    /// applied in its own database transaction with its activity line, so one failing item stops
    /// no other. `answer` writes the results in the caller's wire format; that text is what a
    /// retry gets back.
    func apply(
        _ decisions: [SentDecision], key: String?, requestHash: String,
        answer: ([ItemResult]) throws -> String
    ) async throws -> String {
        guard let key = key?.trimmingCharacters(in: .whitespaces), !key.isEmpty, key.count <= 200 else {
            throw BillfoldError.validation(
                "Idempotency-Key", Phrase("error.service.review.idempotencyKeyMissing"))
        }
        guard !decisions.isEmpty, decisions.count <= Self.maxBatch else {
            throw BillfoldError.validation(
                "decisions", Phrase("error.service.review.batchSize", ["max": String(Self.maxBatch)]))
        }
        switch try await repository.claim(key: key, requestHash: requestHash, now: Int64(now.timeIntervalSince1970)) {
        case .replay(let response):
            return response
        case .mismatch:
            throw BillfoldError(
                .idempotencyKeyReused, Phrase("error.service.review.keyReused"))
        case .inProgress:
            throw BillfoldError(
                .conflict, Phrase("error.service.review.batchInProgress"))
        case .new(let batchID):
            var results: [ItemResult] = []
            for sent in decisions {
                results.append(await apply(sent, batchID: batchID))
            }
            let response = try answer(results)
            try await repository.complete(batchID: batchID, response: response)
            BillfoldMetrics.reviewBatchApplied()
            return response
        }
    }

    private func apply(_ sent: SentDecision, batchID: Int64) async -> ItemResult {
        do {
            guard let decision = sent.decision else {
                throw BillfoldError.validation(
                    "action", Phrase("error.service.review.unknownAction"))
            }
            let userID = user.id
            let outcome = try await writeTransaction(on: database, gate: gate) { db in
                try await Self.apply(decision, batchID: batchID, userID: userID, at: now, on: db)
            }
            BillfoldMetrics.reviewDecisions(outcome)
            return ItemResult(transactionID: sent.transactionID, outcome: outcome)
        } catch {
            BillfoldMetrics.reviewDecisions(.failed)
            return ItemResult(transactionID: sent.transactionID, outcome: .failed, problem: Problem.of(error))
        }
    }

    private static func apply(
        _ decision: ReviewDecision, batchID: Int64, userID: Int64, at time: Date, on db: any Database
    )
        async throws -> ReviewOutcomeKind
    {
        let transactions = TransactionRepository(database: db, userID: userID)
        guard let old = try await transactions.find(decision.transactionID) else {
            throw BillfoldError.notFound(.transaction)
        }
        var change = TransactionChange(status: .cleared)
        if case .recategorize(let id) = decision.action, id != old.categoryID {
            if let id { _ = try await CategoryRepository(database: db, userID: userID).assignable(id) }
            change.categoryID = .some(id)
        }
        guard change.categoryID != nil || old.status != .cleared else { return .unchanged }
        let clock = WallClock.fixed(time)
        let now = clock.seconds
        _ = try await TransactionEditor(database: db, userID: userID, clock: clock).apply(
            decision.transactionID, change, from: .deck)
        // What was done, which is not always what was asked: recategorize to the same category only clears.
        let action: ReviewActionKind = change.categoryID == nil ? .clear : .recategorize
        try await ReviewRepository(database: db, userID: userID).record(
            ReviewActivity(
                transactionID: old.id, batchID: batchID, action: action,
                oldCategoryID: old.categoryID, newCategoryID: change.categoryID ?? old.categoryID, decidedAt: now))
        return .applied
    }
}
