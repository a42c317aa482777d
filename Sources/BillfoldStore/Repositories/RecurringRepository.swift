import BillfoldCore
import FluentKit
import Foundation
import SQLKit

/// One person's recurring payments as kept, and how far their history has been looked through.
public struct RecurringRepository: Sendable {
    let sql: any SQLDatabase
    let userID: Int64

    public init(database: any Database, userID: Int64) {
        self.sql = database.sql
        self.userID = userID
    }

    struct Row: Decodable {
        var id: Int64
        var payee: String
        var payee_key: String
        var currency: String
        var rhythm: String
        var usual_minor: Int64
        var latest_minor: Int64
        var before_minor: Int64?
        var first_seen: Int64
        var last_seen: Int64
        var seen_count: Int64
        var billing_day: Int64
        var state: String
        var by_hand: Bool
        var created_at: Int64
        var updated_at: Int64

        var kept: KeptRecurring {
            let currency = Currency(stored: currency)
            let payment = RecurringPayment(
                payee: payee, key: payee_key, rhythm: Rhythm(rawValue: rhythm) ?? .monthly,
                usual: Money(minorUnits: usual_minor, currency: currency),
                latest: Money(minorUnits: latest_minor, currency: currency),
                before: before_minor.map { Money(minorUnits: $0, currency: currency) },
                firstSeen: Day(daysSince1970: first_seen), lastSeen: Day(daysSince1970: last_seen),
                count: Int(seen_count), billingDay: Int(billing_day))
            return KeptRecurring(
                id: id, payment: payment, state: RecurringState(rawValue: state) ?? .found, byHand: by_hand,
                createdAt: created_at, updatedAt: updated_at)
        }
    }

    private static let columns: SQLQueryString = """
        SELECT id, payee, payee_key, currency, rhythm, usual_minor, latest_minor, before_minor, first_seen,
          last_seen, seen_count, billing_day, state, by_hand, created_at, updated_at FROM recurring_payments
        """

    /// Every payment kept, dismissed ones too, by payee.
    public func all() async throws -> [KeptRecurring] {
        try await sql.raw(Self.columns + " WHERE user_id = \(bind: userID) ORDER BY payee_key, id")
            .all(decoding: Row.self).map(\.kept)
    }

    public func find(_ id: Int64) async throws -> KeptRecurring? {
        try await sql.raw(Self.columns + " WHERE user_id = \(bind: userID) AND id = \(bind: id)")
            .first(decoding: Row.self)?.kept
    }

    /// Keeps a payment; its id.
    public func add(_ payment: RecurringPayment, state: RecurringState, byHand: Bool, now: Int64) async throws
        -> Int64
    {
        struct Made: Decodable { var id: Int64 }
        let made = try await sql.raw(
            """
            INSERT INTO recurring_payments (user_id, payee, payee_key, currency, rhythm, usual_minor, latest_minor,
              before_minor, first_seen, last_seen, seen_count, billing_day, state, by_hand, created_at, updated_at)
            VALUES (\(bind: userID), \(bind: payment.payee), \(bind: payment.key), \(bind: payment.usual.currency.code),
              \(bind: payment.rhythm.rawValue), \(bind: payment.usual.minorUnits), \(bind: payment.latest.minorUnits),
              \(bind: payment.before?.minorUnits), \(bind: payment.firstSeen.daysSince1970),
              \(bind: payment.lastSeen.daysSince1970), \(bind: Int64(payment.count)), \(bind: Int64(payment.billingDay)),
              \(bind: state.rawValue), \(bind: byHand), \(bind: now), \(bind: now))
            RETURNING id
            """
        ).first(decoding: Made.self)
        guard let made else { throw BillfoldError(.internalError, Phrase("error.store.recurringNotMade")) }
        return made.id
    }

    /// Writes what is now known of a kept payment (from the history); the person's decision stays.
    public func update(_ id: Int64, to payment: RecurringPayment, now: Int64) async throws {
        try await sql.raw(
            """
            UPDATE recurring_payments SET payee = \(bind: payment.payee), payee_key = \(bind: payment.key),
              rhythm = \(bind: payment.rhythm.rawValue), usual_minor = \(bind: payment.usual.minorUnits),
              latest_minor = \(bind: payment.latest.minorUnits), before_minor = \(bind: payment.before?.minorUnits),
              first_seen = \(bind: payment.firstSeen.daysSince1970), last_seen = \(bind: payment.lastSeen.daysSince1970),
              seen_count = \(bind: Int64(payment.count)), billing_day = \(bind: Int64(payment.billingDay)),
              updated_at = \(bind: now)
            WHERE user_id = \(bind: userID) AND id = \(bind: id)
            """
        ).run()
    }

    /// Records the person's decision; false when they have no such payment.
    public func setState(_ id: Int64, _ state: RecurringState, now: Int64) async throws -> Bool {
        struct Done: Decodable { var id: Int64 }
        return try await sql.raw(
            """
            UPDATE recurring_payments SET state = \(bind: state.rawValue), updated_at = \(bind: now)
            WHERE user_id = \(bind: userID) AND id = \(bind: id) RETURNING id
            """
        ).first(decoding: Done.self) != nil
    }

    /// Forgets payments; false when none of them was the person's.
    @discardableResult
    public func delete(_ ids: [Int64]) async throws -> Bool {
        guard !ids.isEmpty else { return false }
        struct Done: Decodable { var id: Int64 }
        return try await !sql.raw(
            "DELETE FROM recurring_payments WHERE user_id = \(bind: userID) AND id IN (\(binds: ids)) RETURNING id"
        ).all(decoding: Done.self).isEmpty
    }

    // MARK: How far the history has been looked through

    /// The last transaction id the history was looked through up to, or nil when never.
    public func scannedUpTo() async throws -> Int64? {
        struct Scan: Decodable { var last_transaction_id: Int64 }
        return try await sql.raw(
            "SELECT last_transaction_id FROM recurring_scans WHERE user_id = \(bind: userID)"
        ).first(decoding: Scan.self)?.last_transaction_id
    }

    /// Marks the history looked through up to `id`, unless a look that went as far or further
    /// did so first (two pages opened at once look once): false then.
    public func claimScan(upTo id: Int64, now: Int64) async throws -> Bool {
        struct Claimed: Decodable { var user_id: Int64 }
        return try await sql.raw(
            """
            INSERT INTO recurring_scans (user_id, last_transaction_id, scanned_at)
            VALUES (\(bind: userID), \(bind: id), \(bind: now))
            ON CONFLICT (user_id) DO UPDATE SET last_transaction_id = \(bind: id), scanned_at = \(bind: now)
            WHERE recurring_scans.last_transaction_id < \(bind: id)
            RETURNING user_id
            """
        ).first(decoding: Claimed.self) != nil
    }

    /// Forgets how far the history was looked through, so the next look reads all of it.
    public func forgetScan() async throws {
        try await sql.raw("DELETE FROM recurring_scans WHERE user_id = \(bind: userID)").run()
    }
}
