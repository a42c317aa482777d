import Foundation

/// What the person decided about a recurring payment Billfold found.
public enum RecurringState: String, Codable, Sendable, CaseIterable {
    /// Found, not yet looked at: shown, and counted in the monthly total, until dismissed.
    case found
    case confirmed
    /// Not a recurring payment to the person: kept so it is not offered again.
    case dismissed
}

/// A recurring payment as Billfold keeps it: what was found in the history (or typed in by
/// hand) and what the person decided.
public struct KeptRecurring: Hashable, Sendable {
    public var id: Int64
    public var payment: RecurringPayment
    public var state: RecurringState
    /// Added by the person, not found: its name is theirs, and it stays when the history no
    /// longer shows it.
    public var byHand: Bool
    /// When it was first kept and last changed, in epoch seconds.
    public var createdAt: Int64
    public var updatedAt: Int64

    public init(
        id: Int64, payment: RecurringPayment, state: RecurringState, byHand: Bool, createdAt: Int64 = 0,
        updatedAt: Int64 = 0
    ) {
        self.id = id
        self.payment = payment
        self.state = state
        self.byHand = byHand
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Whether a booking (its payee key and amount) is one of this payment's: the same payee,
    /// currency and direction, for an amount near the usual one. A payment typed by hand as
    /// "Netflix" takes what the bank calls "NETFLIX.COM 866-579" too.
    public func takes(key: String, money: Money) -> Bool {
        guard key == payment.key || (byHand && Self.extends(key, payment.key)) else { return false }
        return payment.isNear(money)
    }

    /// Whether `key` is `prefix` followed by nothing or by a word's end: "netflix.com 866" extends
    /// "netflix", "netflixer" and "amazonfresh" ("amazon") do not.
    public static func extends(_ key: String, _ prefix: String) -> Bool {
        guard !prefix.isEmpty, key.hasPrefix(prefix) else { return false }
        guard let next = key.dropFirst(prefix.count).first else { return true }
        return !(next.isLetter || next.isNumber)
    }

    /// Seen at least once and now past its day by more than its rhythm allows (a dismissed one is
    /// never missed: it is not the person's).
    public func isMissed(on today: Day) -> Bool {
        payment.count > 0 && state != .dismissed && payment.isMissed(on: today)
    }

    /// Found, not yet decided on, and first seen within its last three steps.
    public func isNew(on today: Day) -> Bool { !byHand && state == .found && payment.isNew(on: today) }

    /// Of `kept`, the payment a booking belongs to: the one whose usual amount is nearest.
    public static func owner(key: String, money: Money, among kept: [KeptRecurring]) -> KeptRecurring? {
        kept.filter { $0.takes(key: key, money: money) }.min {
            abs($0.payment.usual.minorUnits - money.minorUnits) < abs($1.payment.usual.minorUnits - money.minorUnits)
        }
    }
}

extension RecurringPayment {
    /// A payment the person adds by hand: named as they typed it, for the amount they gave, next
    /// due on `next`; seen in no booking yet.
    public static func byHand(payee: String, money: Money, rhythm: Rhythm, next: Day) -> RecurringPayment {
        let before = rhythm.previous(before: next)
        // A name the cleaner takes whole ("O2", "1&1") is kept folded as typed.
        let cleaned = SuggestionLearner.payeeKey(payee)
        return RecurringPayment(
            payee: payee, key: cleaned.isEmpty ? String(RuleText.folded(payee)) : cleaned, rhythm: rhythm,
            usual: money, latest: money,
            before: nil, firstSeen: before, lastSeen: before, count: 0, billingDay: next.day)
    }

    /// Whether `money` is in this payment's currency and direction, within a quarter of the usual amount.
    func isNear(_ money: Money) -> Bool {
        guard money.currency == usual.currency, money.isIncome == usual.isIncome else { return false }
        let size = Double(usual.minorUnits.magnitude)
        return abs(Double(money.minorUnits.magnitude) - size) <= size * RecurringFinder.similarShare
    }

    /// The payment after one more booking of it, on `day` for `money`: seen later, and a price
    /// change noted when the amount moved by more than 1 % from the usual one.
    public func seen(_ money: Money, on day: Day) -> RecurringPayment {
        var next = self
        next.count += 1
        guard day >= lastSeen || count == 0 else { return next }
        next.lastSeen = day
        if count == 0 { next.firstSeen = day }
        next.latest = money
        let moved = abs(money.minorUnits - usual.minorUnits) * 100 > abs(usual.minorUnits)
        next.before = moved ? usual : nil
        if moved { next.usual = money }
        return next
    }
}

/// Puts what a search of the history found together with what is kept: a payment found again
/// keeps its id and the person's decision; one found for the first time is new; one kept but not
/// found again is left to the caller.
public enum RecurringMerge {
    public struct Outcome: Sendable {
        /// Kept payments found again, with what was found now.
        public var updated: [(kept: KeptRecurring, found: RecurringPayment)] = []
        public var added: [RecurringPayment] = []
        /// Kept payments that were not found again.
        public var missing: [KeptRecurring] = []
    }

    public static func merge(found: [RecurringPayment], kept: [KeptRecurring]) -> Outcome {
        var outcome = Outcome()
        var open = kept
        // The found ones with the most bookings choose first: a payee's main payment gets its
        // kept one, a second subscription the other.
        for payment in found.sorted(by: { $0.count > $1.count }) {
            let candidates = open.indices.filter {
                open[$0].takes(key: payment.key, money: payment.usual)
                    || (open[$0].payment.key == payment.key && payment.isNear(open[$0].payment.usual))
            }
            // The same payee first (one typed by hand only takes what has no exact match), then
            // the nearest amount.
            func rank(_ index: Int) -> (Int, Int64) {
                (
                    open[index].payment.key == payment.key ? 0 : 1,
                    abs(open[index].payment.usual.minorUnits - payment.usual.minorUnits)
                )
            }
            guard let best = candidates.min(by: { rank($0) < rank($1) })
            else {
                outcome.added.append(payment)
                continue
            }
            outcome.updated.append((open[best], payment))
            open.remove(at: best)
        }
        outcome.missing = open
        return outcome
    }

    /// What a kept payment becomes when found again: the history's figures; the person's name
    /// for one they typed.
    public static func refreshed(_ kept: KeptRecurring, with found: RecurringPayment) -> RecurringPayment {
        var payment = found
        if kept.byHand {
            payment.payee = kept.payment.payee
            payment.key = kept.payment.key
        }
        return payment
    }
}

/// The kept payments as a person reads them: those that count (found or confirmed), by when the
/// next one is due, and what the ones going out cost a month, per currency; dismissed ones apart.
public struct RecurringOverview: Sendable {
    public var counted: [KeptRecurring]
    public var dismissed: [KeptRecurring]
    /// The monthly cost of the counted payments going out, as a positive figure per currency.
    public var monthlyCost: [Money]

    public init(_ kept: [KeptRecurring]) {
        counted = kept.filter { $0.state != .dismissed }.sorted {
            ($0.payment.nextExpected, $0.payment.payee, $0.id) < ($1.payment.nextExpected, $1.payment.payee, $1.id)
        }
        dismissed = kept.filter { $0.state == .dismissed }.sorted {
            ($0.payment.payee, $0.id) < ($1.payment.payee, $1.id)
        }
        var sums: [Currency: Int64] = [:]
        for kept in counted where !kept.payment.usual.isIncome {
            let cost = kept.payment.perMonth
            let (sum, overflow) = sums[cost.currency, default: 0].addingReportingOverflow(-cost.minorUnits)
            // Beyond what any figure can hold a sum stays at the most it can show.
            sums[cost.currency] = overflow ? .max : sum
        }
        monthlyCost = sums.map { Money(minorUnits: $0.value, currency: $0.key) }.sorted {
            $0.currency.code < $1.currency.code
        }
    }
}
