import Foundation

/// Where money is kept: a bank account, a card, a cash wallet. Every transaction is in one.
public struct Account: Hashable, Sendable, Identifiable {
    public let id: Int64
    /// The name its source uses, unique per user ("PAYBACK", "cash-eur").
    public var name: String
    /// The name the user sees.
    public var displayName: String
    public var currency: Currency
    public var createdAt: Int64
    /// What the account held before its first transaction here, in its currency.
    public var openingMinor: Int64
    /// When it was archived: kept with its transactions, no longer offered for new ones.
    public var archivedAt: Int64?

    public init(
        id: Int64, name: String, displayName: String, currency: Currency, createdAt: Int64, openingMinor: Int64 = 0,
        archivedAt: Int64? = nil
    ) {
        self.id = id
        self.name = name
        self.displayName = displayName
        self.currency = currency
        self.createdAt = createdAt
        self.openingMinor = openingMinor
        self.archivedAt = archivedAt
    }

    public var opening: Money { Money(minorUnits: openingMinor, currency: currency) }
    public var isArchived: Bool { archivedAt != nil }
}

/// An account with what its transactions add up to, for the Accounts page and API.
public struct AccountSummary: Hashable, Sendable, Identifiable {
    public var account: Account
    /// The opening balance plus every transaction in the account's currency, transfers included.
    public var balance: Money
    /// Sums of transactions in other currencies (a bank file can bring them); never added in.
    public var otherCurrencies: [Money]
    public var transactionCount: Int
    /// The last day with a transaction, nil before the first.
    public var lastActivity: Day?

    public init(account: Account, balance: Money, otherCurrencies: [Money], transactionCount: Int, lastActivity: Day?) {
        self.account = account
        self.balance = balance
        self.otherCurrencies = otherCurrencies
        self.transactionCount = transactionCount
        self.lastActivity = lastActivity
    }

    public var id: Int64 { account.id }
}

/// The checks every way of naming or opening an account shares (the web and the API).
public enum AccountRules {
    public static let maxName = 80

    /// The display name, trimmed, or a validation error naming the field.
    public static func checkedName(_ raw: String, field: String = "name") throws(BillfoldError) -> String {
        try TextRules.check(raw, field: field)
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw .validation(field, Phrase("error.core.accountNameMissing")) }
        guard TextRules.length(name) <= maxName else {
            throw .validation(field, Phrase("error.core.accountNameTooLong", ["max": String(maxName)]))
        }
        return name
    }

    /// What makes two account names the same name: case and Unicode spelling aside ("Cash (EUR)",
    /// "cash (eur)", a composed and a decomposed "ü"). The database holds one account per key and
    /// currency for a person, so every way in (a form, the API, an import, a cash transaction)
    /// finds the account it names instead of making a second.
    public static func nameKey(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping.lowercased()
    }
}

/// What an access token may do: read only, or read and write. A browser session may do both.
public enum TokenScope: String, Sendable, Codable, CaseIterable, Hashable {
    case read
    case readWrite = "read-write"

    /// A scope as stored or sent; one this version does not know may only read.
    public init(stored: String) { self = TokenScope(rawValue: stored) ?? .read }

    /// Whether a request with `method` (as on the wire) is one this scope may make: a read-only
    /// token may only ask (GET, HEAD), whatever the route, so no route can forget to refuse it.
    public func allows(method: String) -> Bool {
        switch self {
        case .readWrite: true
        case .read: method == "GET" || method == "HEAD"
        }
    }
}

/// A personal access token as its owner sees it: never the secret, which is shown once.
public struct AccessToken: Hashable, Sendable, Identifiable {
    public let id: Int64
    public var label: String
    public var createdAt: Int64
    public var lastUsedAt: Int64?
    public var scope: TokenScope
    /// Seconds since 1970 from which the token is refused; nil: it never expires.
    public var expiresAt: Int64?

    public init(
        id: Int64, label: String, createdAt: Int64, lastUsedAt: Int64?, scope: TokenScope = .readWrite,
        expiresAt: Int64? = nil
    ) {
        self.id = id
        self.label = label
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.scope = scope
        self.expiresAt = expiresAt
    }

    /// Expired at `now` (seconds since 1970).
    public func hasExpired(at now: Int64) -> Bool { expiresAt.map { $0 <= now } ?? false }
}

/// When a new token stops working, as a person writes it.
public enum TokenExpiry {
    /// `2027-01-31`: the token works through that day in `timeZone` and is refused from the next
    /// midnight; or an ISO 8601 time (`2027-01-31T18:00:00Z`) for that moment. Either must be
    /// later than `now`; empty means never.
    public static func parse(_ text: String, timeZone: TimeZone, now: Int64, field: String = "expiresAt")
        throws(BillfoldError) -> Int64?
    {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return nil }
        let moment: Int64
        if trimmed.count == 10 {
            moment = end(of: try Day(parsing: trimmed, field: field), in: timeZone)
        } else if let time = Timestamp.epochSeconds(trimmed) {
            moment = time
        } else {
            throw BillfoldError(
                .invalidDate, Phrase("error.core.notADate", ["text": trimmed]),
                fields: [field: Phrase("error.core.notADateField")])
        }
        guard moment > now else {
            throw BillfoldError.validation(field, Phrase("error.core.tokenExpiryPast"))
        }
        return moment
    }

    /// The first moment after `day` in `timeZone`: a token typed as working through that day
    /// ends then.
    public static func end(of day: Day, in timeZone: TimeZone) -> Int64 {
        Int64(day.adding(days: 1).start(in: timeZone).timeIntervalSince1970)
    }

    /// The last day a token works, when it ends at a midnight of `timeZone` (as a typed day makes
    /// it); nil when it ends at another moment.
    public static func lastDay(before expiresAt: Int64, in timeZone: TimeZone) -> Day? {
        let day = Day(Date(timeIntervalSince1970: TimeInterval(expiresAt - 1)), in: timeZone)
        return end(of: day, in: timeZone) == expiresAt ? day : nil
    }
}
