import BillfoldCore
import Foundation

// `/api/v1/rates`: the exchange rates a person's totals are converted with.

/// A published source of rates (an imported file, the daily fetch) and its state.
public struct RateSourceDTO: Codable, Sendable, Equatable {
    public var name: String
    /// When its rates last changed, ISO 8601; absent when a fetch has brought none yet.
    public var changedAt: String?
    /// How many rates its last change wrote.
    public var rates: Int
    /// Why its last fetch failed, if it did, in the reader's words.
    public var lastError: String?

    public init(name: String, changedAt: String?, rates: Int, lastError: String?) {
        self.name = name
        self.changedAt = changedAt
        self.rates = rates
        self.lastError = lastError
    }
}

/// One of the person's own rates: from `day` on, 1 `currency` = `rate` `quote`.
public struct PersonalRateDTO: Codable, Sendable, Equatable {
    public var id: Int64
    public var currency: String
    public var quote: String
    /// YYYY-MM-DD.
    public var day: String
    public var rate: String

    public init(id: Int64, currency: String, quote: String, day: String, rate: String) {
        self.id = id
        self.currency = currency
        self.quote = quote
        self.day = day
        self.rate = rate
    }
}

public struct RatesResponse: Codable, Sendable, Equatable {
    /// What totals are converted into.
    public var primaryCurrency: String
    public var sources: [RateSourceDTO]
    public var personal: [PersonalRateDTO]

    public init(primaryCurrency: String, sources: [RateSourceDTO], personal: [PersonalRateDTO]) {
        self.primaryCurrency = primaryCurrency
        self.sources = sources
        self.personal = personal
    }
}

/// `POST /api/v1/rates`: sets the person's rate of a currency from a day on (that day's is
/// replaced). `quote` is the primary currency when left out; `day` today.
public struct PersonalRateRequest: Codable, Sendable, Equatable {
    public var currency: String
    public var quote: String?
    public var day: String?
    public var rate: String

    public init(currency: String, quote: String? = nil, day: String? = nil, rate: String) {
        self.currency = currency
        self.quote = quote
        self.day = day
        self.rate = rate
    }
}
