import BillfoldCore
import FluentKit
import SQLKit

/// What recurring payments are found in: a person's counted bookings (a split's parts, not the
/// split; no transfers, which are neither spending nor income), as `RecurringFinder` reads them.
public struct RecurringHistory: Sendable {
    let sql: any SQLDatabase
    let userID: Int64
    /// The ledger's reader, whose rows come straight from the driver: a million of them are read.
    let ledger: TransactionRepository

    public init(database: any Database, userID: Int64) {
        self.sql = database.sql
        self.userID = userID
        self.ledger = TransactionRepository(database: database, userID: userID)
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
            RecurringFinder.Booking(
                bankText: original_name, payee: payee,
                money: Money(minorUnits: amount_minor, currency: Currency(stored: currency)),
                day: RecurringHistory.day(booked_at, offset: booked_offset))
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

    /// Whether the person has any transaction with an id in `after..<through` (through the
    /// primary key: only the rows written since are read).
    public func hasRows(after: Int64, through: Int64) async throws -> Bool {
        struct Found: Decodable { var id: Int64 }
        return try await sql.raw(
            """
            SELECT id FROM transactions WHERE id > \(bind: after) AND id <= \(bind: through)
            AND user_id = \(bind: userID) LIMIT 1
            """
        ).first(decoding: Found.self) != nil
    }

    /// The person's bookings with ids in `after..<through`, a page at a time in id order, each
    /// page handed to `take`. In id order the table is read as it lies (as the rules' walk does).
    public func walk(after: Int64, through: Int64, take: ([RecurringFinder.Booking]) throws -> Void) async throws {
        var last = after
        while last < through {
            let rows = try await ledger.engine.rows(
                """
                SELECT id, original_name, payee, amount_minor, currency, booked_at, booked_offset FROM transactions
                WHERE user_id = \(bind: userID) AND kind IS NULL AND transfer_id IS NULL AND id > \(bind: last)
                ORDER BY id LIMIT 5000
                """)
            guard let end = rows.last else { return }
            var page: [RecurringFinder.Booking] = []
            page.reserveCapacity(rows.count)
            for row in rows {
                let id = try row.integer("id")
                let minor = try row.integer("amount_minor")
                guard id <= through, minor != 0 else { continue }
                page.append(
                    RecurringFinder.Booking(
                        bankText: try row.text("original_name"), payee: try row.text("payee"),
                        money: Money(minorUnits: minor, currency: Currency(stored: try row.text("currency"))),
                        day: Self.day(try row.integer("booked_at"), offset: try row.integer("booked_offset"))))
            }
            try take(page)
            last = try end.integer("id")
        }
    }

    /// The day as written where it was booked, as the list shows it.
    static func day(_ bookedAt: Int64, offset: Int64) -> Day {
        let local = bookedAt + offset
        return Day(daysSince1970: local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
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

    /// The person's bookings on the days `first...last` (as booked where they were written);
    /// only those of `payees` when given, through the payee index.
    public func between(_ first: Day, _ last: Day, payees: [String]? = nil) async throws -> [Dated] {
        // A day written anywhere lies within 14 hours of the same UTC day.
        let from = first.daysSince1970 * 86_400 - 14 * 3_600
        let to = (last.daysSince1970 + 1) * 86_400 + 14 * 3_600
        var statement: SQLQueryString = """
            SELECT id, original_name, payee, amount_minor, currency, booked_at, booked_offset, category_id
            FROM transactions WHERE user_id = \(bind: userID) AND booked_at >= \(bind: from)
            AND booked_at < \(bind: to) AND kind IS NULL AND transfer_id IS NULL
            """
        if let payees {
            guard !payees.isEmpty else { return [] }
            statement += " AND payee IN (\(binds: payees))"
        }
        statement += " ORDER BY booked_at, id"
        return try await ledger.engine.rows(statement).compactMap { row in
            let minor = try row.integer("amount_minor")
            let day = Self.day(try row.integer("booked_at"), offset: try row.integer("booked_offset"))
            guard minor != 0, day >= first, day <= last else { return nil }
            let booking = RecurringFinder.Booking(
                bankText: try row.text("original_name"), payee: try row.text("payee"),
                money: Money(minorUnits: minor, currency: Currency(stored: try row.text("currency"))), day: day)
            return Dated(id: try row.integer("id"), categoryID: try row.integerOrNil("category_id"), booking: booking)
        }
    }
}
