import BillfoldAPI
import BillfoldCore
import BillfoldStore
import FluentKit
import Foundation

/// A person's recurring payments: found in their history and kept up to date as transactions
/// come in (from any way in: whatever is new since the last look is looked at, on the next
/// read), confirmed, dismissed or added by hand.
struct RecurringService: Sendable {
    let database: any Database
    let user: User
    let clock: WallClock
    /// SQLite's turn for writers: a look that writes waits for it like any request that writes.
    let gate: WriteGate?

    var repository: RecurringRepository { RecurringRepository(database: database, userID: user.id) }
    var history: RecurringHistory { RecurringHistory(database: database, userID: user.id) }

    /// Today where the person lives: what "missed" and "next" are measured from.
    var today: Day { Day(clock.now, in: user.preferences.zone) }

    /// The kept payments, dismissed ones too, brought up to date first. `lookingThroughAll`
    /// false leaves a history never looked through alone (Home does not wait seconds for a
    /// million rows; the Recurring page does it once).
    func all(lookingThroughAll: Bool = true) async throws -> [KeptRecurring] {
        try await catchUp(lookingThroughAll: lookingThroughAll)
        return try await repository.all()
    }

    func get(_ id: Int64) async throws -> KeptRecurring {
        guard let kept = try await repository.find(id) else { throw BillfoldError.notFound(.recurringPayment) }
        return kept
    }

    /// Looks at the transactions written since the last look: all the history the first time,
    /// else only the payees of the new ones.
    func catchUp(lookingThroughAll: Bool = true) async throws {
        let scanned = try await repository.scannedUpTo()
        if scanned == nil && !lookingThroughAll { return }
        let through = try await history.newestID()
        if let scanned {
            // Another person's rows move the newest id too: only the person's own start a write.
            guard through > scanned, try await history.hasRows(after: scanned, through: through) else { return }
        }
        try await writeTransaction(on: database, gate: gate) { db in
            let repository = RecurringRepository(database: db, userID: user.id)
            guard try await repository.claimScan(upTo: through, now: clock.seconds) else { return }
            let history = RecurringHistory(database: db, userID: user.id)
            if let scanned {
                try await lookAtNew(after: scanned, through: through, history, repository)
            } else {
                try await lookThroughAll(through: through, history, repository)
            }
        }
    }

    /// Looks through the whole history again: what is no longer found and was never decided on
    /// goes; what the person confirmed or dismissed stays.
    func lookAgain() async throws {
        try await writeTransaction(on: database, gate: gate) { db in
            let repository = RecurringRepository(database: db, userID: user.id)
            let history = RecurringHistory(database: db, userID: user.id)
            let through = try await history.newestID()
            try await repository.forgetScan()
            _ = try await repository.claimScan(upTo: through, now: clock.seconds)
            try await lookThroughAll(through: through, history, repository)
        }
    }

    private func lookThroughAll(through: Int64, _ history: RecurringHistory, _ repository: RecurringRepository)
        async throws
    {
        let kept = try await repository.all()
        let typed = kept.filter(\.byHand)
        var collector = RecurringFinder.Collector()
        var typedBookings: [Int64: [RecurringFinder.Booking]] = [:]
        var keys: [String: String] = [:]
        try await history.walk(after: 0, through: through) { page in
            for booking in page {
                collector.add(booking)
                guard !typed.isEmpty else { continue }
                let key = keys[booking.bankText] ?? SuggestionLearner.payeeKey(booking.bankText)
                keys[booking.bankText] = key
                if let owner = KeptRecurring.owner(key: key, money: booking.money, among: typed) {
                    typedBookings[owner.id, default: []].append(booking)
                }
            }
        }
        let outcome = RecurringMerge.merge(found: collector.payments(), kept: kept)
        try await write(outcome, repository)
        var gone: [Int64] = []
        for missing in outcome.missing {
            if missing.byHand {
                // Its bookings counted afresh, from none.
                var payment = missing.payment
                payment.count = 0
                for booking in (typedBookings[missing.id] ?? []).sorted(by: { $0.day < $1.day }) {
                    payment = payment.seen(booking.money, on: booking.day)
                }
                if payment != missing.payment {
                    try await repository.update(missing.id, to: payment, now: clock.seconds)
                }
            } else if missing.state == .found {
                gone.append(missing.id)
            }
        }
        try await repository.delete(gone)
    }

    private func lookAtNew(
        after scanned: Int64, through: Int64, _ history: RecurringHistory, _ repository: RecurringRepository
    ) async throws {
        var new: [RecurringFinder.Booking] = []
        try await history.walk(after: scanned, through: through) { new += $0 }
        guard !new.isEmpty else { return }
        let found = RecurringFinder.find(try await history.bookings(payees: Array(Set(new.map(\.payee)))))
        let newKeys = Set(new.map { SuggestionLearner.payeeKey($0.bankText) })
        let kept = try await repository.all().filter { kept in
            newKeys.contains(kept.payment.key) || found.contains { $0.key == kept.payment.key }
                || (kept.byHand
                    && (newKeys.contains { KeptRecurring.extends($0, kept.payment.key) }
                        || found.contains { KeptRecurring.extends($0.key, kept.payment.key) }))
        }
        let outcome = RecurringMerge.merge(found: found, kept: kept)
        try await write(outcome, repository)
        // What was kept but not found again (typed by hand, or off its rhythm) still sees its
        // new bookings.
        let oldestFirst = new.sorted { $0.day < $1.day }
        for missing in outcome.missing {
            var payment = missing.payment
            for booking in oldestFirst
            where missing.takes(key: SuggestionLearner.payeeKey(booking.bankText), money: booking.money) {
                payment = payment.seen(booking.money, on: booking.day)
            }
            if payment != missing.payment { try await repository.update(missing.id, to: payment, now: clock.seconds) }
        }
    }

    private func write(_ outcome: RecurringMerge.Outcome, _ repository: RecurringRepository) async throws {
        let now = clock.seconds
        for (kept, found) in outcome.updated {
            let payment = RecurringMerge.refreshed(kept, with: found)
            if payment != kept.payment { try await repository.update(kept.id, to: payment, now: now) }
        }
        for payment in outcome.added { _ = try await repository.add(payment, state: .found, byHand: false, now: now) }
    }

    /// The person's decision on a payment.
    func decide(_ id: Int64, _ state: RecurringState) async throws -> KeptRecurring {
        guard try await repository.setState(id, state, now: clock.seconds) else {
            throw BillfoldError.notFound(.recurringPayment)
        }
        return try await get(id)
    }

    /// A payment the person adds: confirmed, as they typed it.
    func add(_ request: RecurringRequest) async throws -> KeptRecurring {
        let payee = try TransactionRules.payee(request.payee)
        let currency =
            try request.currency.map { code throws(BillfoldError) in try Currency(code: code) }
            ?? user.preferences.currency
        let typed = try Money(parsing: request.amount, currency: currency).checkedLimit()
        guard typed.minorUnits != 0 else {
            throw BillfoldError.validation("amount", Phrase("error.service.recurring.amountZero"))
        }
        // Typed as a plain figure, a payment is money going out, as people say it; income in.
        let size = typed.size
        let money = (request.income ?? false) ? size : Money(minorUnits: -size.minorUnits, currency: currency)
        guard let rhythm = Rhythm(rawValue: request.rhythm) else {
            throw BillfoldError.validation("rhythm", Phrase("error.service.recurring.rhythmUnknown"))
        }
        let next = try Day(parsing: request.nextDate, field: "nextDate")
        let payment = RecurringPayment.byHand(payee: payee, money: money, rhythm: rhythm, next: next)
        let id = try await repository.add(payment, state: .confirmed, byHand: true, now: clock.seconds)
        return try await get(id)
    }

    /// Forgets a payment added by hand; one found is dismissed instead, so it is not found again.
    func delete(_ id: Int64) async throws {
        let kept = try await get(id)
        if kept.byHand {
            try await repository.delete([id])
        } else {
            _ = try await repository.setState(id, .dismissed, now: clock.seconds)
        }
    }
}
