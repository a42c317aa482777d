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

/// A personal access token as its owner sees it: never the secret, which is shown once.
public struct AccessToken: Hashable, Sendable, Identifiable {
    public let id: Int64
    public var label: String
    public var createdAt: Int64
    public var lastUsedAt: Int64?

    public init(id: Int64, label: String, createdAt: Int64, lastUsedAt: Int64?) {
        self.id = id
        self.label = label
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}
