import BillfoldCore
import FluentKit
import SQLKit

/// What recurring payments are found in: a person's counted bookings (a split's parts, not the
/// split; no transfers, which are neither spending nor income), as `RecurringFinder` reads them.
public struct RecurringHistory: Sendable {
    let sql: any SQLDatabase
    let userID: Int64

    public init(database: any Database, userID: Int64) {
        self.sql = database.sql
        self.userID = userID
    }

    struct Row: Decodable {
        var id: Int64
        var original_name: String
        var payee: String
        var amount_minor: Int64
        var currency: String
        var booked_at: Int64
        var booked_offset: Int64
        var category_id: Int64?

        var booking: RecurringFinder.Booking {
            // The day as written where it was booked, as the list shows it.
            let local = booked_at + booked_offset
            let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
            return RecurringFinder.Booking(
                bankText: original_name, payee: payee,
                money: Money(minorUnits: amount_minor, currency: Currency(stored: currency)),
                day: Day(daysSince1970: days))
        }
    }

    private static let columns: SQLQueryString = """
        SELECT id, original_name, payee, amount_minor, currency, booked_at, booked_offset, category_id FROM transactions
        """
    private static let counted: SQLQueryString = " kind IS NULL AND transfer_id IS NULL AND amount_minor <> 0 "

    /// The newest transaction id of anyone's: where a look through the history stops, so rows
    /// written meanwhile are left for the next look.
    public func newestID() async throws -> Int64 {
        struct Newest: Decodable { var id: Int64? }
        return try await sql.raw("SELECT MAX(id) AS id FROM transactions").first(decoding: Newest.self)?.id ?? 0
    }

    /// The person's bookings with ids in `after..<through`, a page at a time in id order, each
    /// page handed to `take`.
    public func walk(after: Int64, through: Int64, take: ([RecurringFinder.Booking]) throws -> Void) async throws {
        var last = after
        while last < through {
            let rows = try await sql.raw(
                Self.columns
                    + """
                     WHERE id > \(bind: last) AND id <= \(bind: through) AND user_id = \(bind: userID) AND
                    """ + Self.counted + " ORDER BY id LIMIT 5000"
            ).all(decoding: Row.self)
            guard let end = rows.last else { return }
            try take(rows.map(\.booking))
            last = end.id
        }
    }

    /// Every booking of these payees (as the ledger names them), through the payee index.
    public func bookings(payees: [String]) async throws -> [RecurringFinder.Booking] {
        var found: [RecurringFinder.Booking] = []
        for chunk in payees.chunked(200) {
            found += try await sql.raw(
                Self.columns
                    + " WHERE user_id = \(bind: userID) AND payee IN (\(binds: Array(chunk))) AND " + Self.counted
            ).all(decoding: Row.self).map(\.booking)
        }
        return found
    }

    /// A booking with what a Lunch Money client is shown of it.
    public struct Dated: Sendable {
        public var id: Int64
        public var categoryID: Int64?
        public var booking: RecurringFinder.Booking
    }

    /// The person's bookings on the days `first...last` (as booked where they were written).
    public func between(_ first: Day, _ last: Day) async throws -> [Dated] {
        // A day written anywhere lies within 14 hours of the same UTC day.
        let from = first.daysSince1970 * 86_400 - 14 * 3_600
        let to = (last.daysSince1970 + 1) * 86_400 + 14 * 3_600
        return try await sql.raw(
            Self.columns
                + """
                 WHERE user_id = \(bind: userID) AND booked_at >= \(bind: from) AND booked_at < \(bind: to) AND
                """ + Self.counted + " ORDER BY booked_at, id"
        ).all(decoding: Row.self).compactMap { row in
            let booking = row.booking
            guard booking.day >= first, booking.day <= last else { return nil }
            return Dated(id: row.id, categoryID: row.category_id, booking: booking)
        }
    }
}
