import BillfoldCore
import Foundation
import SQLKit

/// A person's own exchange rates: from a day on, one unit of a currency is worth so much of
/// another (points, or a currency no published source has).
public struct PersonalRatesRepository: Sendable {
    let sql: any SQLDatabase
    let userID: Int64

    public init(database: any SQLDatabase, userID: Int64) {
        self.sql = database
        self.userID = userID
    }

    public struct Stored: Sendable, Equatable {
        public var id: Int64
        public var rate: PersonalRate
    }

    public func all() async throws -> [Stored] {
        struct Row: Decodable {
            var id: Int64
            var currency: String
            var quote: String
            var day: Int64
            var rate: String
        }
        return try await sql.raw(
            """
            SELECT id, currency, quote, day, rate FROM personal_rates WHERE user_id = \(bind: userID)
            ORDER BY currency, day
            """
        ).all(decoding: Row.self).compactMap { row in
            guard let rate = ExchangeRate.parse(row.rate) else { return nil }
            return Stored(
                id: row.id,
                rate: PersonalRate(
                    day: Day(number: Int(row.day)), currency: row.currency,
                    quote: row.quote, rate: rate))
        }
    }

    /// Sets the rate of a currency from a day on (the same day's is replaced), and gives it back
    /// with its id.
    public func set(_ rate: PersonalRate, now: Int64) async throws -> Stored {
        struct Made: Decodable { var id: Int64 }
        let made = try await sql.raw(
            """
            INSERT INTO personal_rates (user_id, currency, quote, day, rate, created_at)
            VALUES (\(bind: userID), \(bind: rate.currency), \(bind: rate.quote), \(bind: Int64(rate.day.number)),
              \(bind: RatesRepository.text(rate.rate)), \(bind: now))
            ON CONFLICT (user_id, currency, day) DO UPDATE SET quote = excluded.quote, rate = excluded.rate
            RETURNING id
            """
        ).first(decoding: Made.self)
        guard let made else { throw BillfoldError.notFound(.rate) }
        return Stored(id: made.id, rate: rate)
    }

    /// Deletes one of the person's rates; false when it is not theirs or not there.
    public func delete(_ id: Int64) async throws -> Bool {
        struct Gone: Decodable { var id: Int64 }
        return try await !sql.raw(
            "DELETE FROM personal_rates WHERE id = \(bind: id) AND user_id = \(bind: userID) RETURNING id"
        ).all(decoding: Gone.self).isEmpty
    }
}
