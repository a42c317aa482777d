import BillfoldCore
import Foundation
import SQLKit

/// The exchange rates: the published ones everyone shares, and when each source last changed.
public struct RatesRepository: Sendable {
    let sql: any SQLDatabase

    public init(database: any SQLDatabase) {
        self.sql = database
    }

    /// How many rates one statement writes.
    static let chunk = 1000

    /// Adds the rates, a day already held taking the new rate, and marks `source` as changed.
    /// Returns how many rows were written. Run it in one database transaction: a file is all in,
    /// or nothing.
    @discardableResult
    public func save(_ rates: [ExchangeRate], source: String, now: Int64) async throws -> Int {
        // The last of a day's rates in the file wins, as it would row by row.
        var unique: [String: ExchangeRate] = [:]
        for rate in rates { unique["\(rate.base) \(rate.currency) \(rate.day.number)"] = rate }
        let ordered = unique.values.sorted { ($0.base, $0.currency, $0.day) < ($1.base, $1.currency, $1.day) }
        for start in stride(from: 0, to: ordered.count, by: Self.chunk) {
            var insert = sql.insert(into: "exchange_rates").columns("base", "currency", "day", "rate", "source")
            for rate in ordered[start..<min(start + Self.chunk, ordered.count)] {
                insert = insert.values(
                    SQLBind(rate.base), SQLBind(rate.currency), SQLBind(Int64(rate.day.number)),
                    SQLBind(Self.text(rate.rate)), SQLBind(source))
            }
            try await insert.onConflict(with: ["base", "currency", "day"]) {
                $0.set(excludedValueOf: "rate").set(excludedValueOf: "source")
            }.run()
        }
        try await sql.insert(into: "rate_sources").columns("name", "changed_at", "rates", "version", "last_error")
            .values(
                SQLBind(source), SQLBind(now), SQLBind(Int64(ordered.count)), SQLLiteral.numeric("1"), SQLLiteral.null
            )
            .onConflict(with: ["name"]) {
                $0.set(excludedValueOf: "changed_at").set(excludedValueOf: "rates").set(excludedValueOf: "last_error")
                    .set(SQLIdentifier("version"), to: SQLRaw("rate_sources.version + 1"))
            }.run()
        return ordered.count
    }

    /// Every published rate (of `currencies` only, when given).
    public func all(currencies: [String]? = nil) async throws -> [ExchangeRate] {
        struct Row: Decodable {
            var base: String
            var currency: String
            var day: Int64
            var rate: String
        }
        var statement: SQLQueryString = "SELECT base, currency, day, rate FROM exchange_rates"
        if let currencies {
            guard !currencies.isEmpty else { return [] }
            statement += " WHERE currency IN (\(binds: currencies))"
        }
        return try await sql.raw(statement + " ORDER BY day").all(decoding: Row.self).compactMap { row in
            guard let rate = ExchangeRate.parse(row.rate) else { return nil }
            return ExchangeRate(
                day: Day(number: Int(row.day)), base: row.base,
                currency: row.currency, rate: rate)
        }
    }

    /// A source's state: when its rates last changed (0: never), how many its last change
    /// wrote, the last failure to fetch it, and when a fetch was last tried.
    public struct Source: Sendable, Equatable {
        public var name: String
        public var changedAt: Int64
        public var rates: Int
        public var lastError: String?
        public var attemptedAt: Int64?
    }

    public func sources() async throws -> [Source] {
        struct Row: Decodable {
            var name: String
            var changed_at: Int64
            var rates: Int64
            var last_error: String?
            var attempted_at: Int64?
        }
        return try await sql.raw(
            "SELECT name, changed_at, rates, last_error, attempted_at FROM rate_sources ORDER BY name"
        ).all(decoding: Row.self).map {
            Source(
                name: $0.name, changedAt: $0.changed_at, rates: Int($0.rates), lastError: $0.last_error,
                attemptedAt: $0.attempted_at)
        }
    }

    /// Claims `source`'s next fetch when none was tried in the last `every` seconds: true for the
    /// one caller (of every instance on the database) that is to fetch now.
    public func claimFetch(_ source: String, now: Int64, every: Int64) async throws -> Bool {
        try await sql.raw(
            """
            INSERT INTO rate_sources (name, changed_at, rates, version, last_error, attempted_at)
            VALUES (\(bind: source), 0, 0, 0, NULL, NULL) ON CONFLICT (name) DO NOTHING
            """
        ).run()
        struct Claimed: Decodable { var name: String }
        return try await !sql.raw(
            """
            UPDATE rate_sources SET attempted_at = \(bind: now) WHERE name = \(bind: source)
            AND (attempted_at IS NULL OR attempted_at <= \(bind: now - every)) RETURNING name
            """
        ).all(decoding: Claimed.self).isEmpty
    }

    /// Notes why `source` could not be fetched (its rates stay as they were), and has it tried
    /// again at `retryAt` rather than a whole interval later (`every`, as the claim was made).
    public func fetchFailed(_ source: String, reason: String, retryAt: Int64, every: Int64) async throws {
        try await sql.raw(
            """
            UPDATE rate_sources SET last_error = \(bind: String(reason.prefix(500))),
            attempted_at = \(bind: retryAt - every) WHERE name = \(bind: source)
            """
        ).run()
    }

    /// What changes whenever any published rate does: a server compares it with the one its
    /// rates in memory were read at (one small row per source, not the rates).
    public func stamp() async throws -> String {
        struct Row: Decodable {
            var name: String
            var version: Int64
        }
        return try await sql.raw("SELECT name, version FROM rate_sources ORDER BY name").all(decoding: Row.self)
            .map { "\($0.name):\($0.version)" }.joined(separator: ",")
    }

    /// A rate as exact decimal text ("1.1252"), as the source wrote it.
    static func text(_ rate: Decimal) -> String {
        NSDecimalNumber(decimal: rate).description(withLocale: Locale(identifier: "en_US_POSIX"))
    }
}
