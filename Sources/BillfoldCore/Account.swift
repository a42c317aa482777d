/// Where money is kept: a bank account, a card, a cash wallet. Every transaction is in one.
public struct Account: Hashable, Sendable, Identifiable {
    public let id: Int64
    /// The name its source uses, unique per user ("PAYBACK", "cash-eur").
    public var name: String
    /// The name the user sees.
    public var displayName: String
    public var currency: Currency
    public var createdAt: Int64

    public init(id: Int64, name: String, displayName: String, currency: Currency, createdAt: Int64) {
        self.id = id
        self.name = name
        self.displayName = displayName
        self.currency = currency
        self.createdAt = createdAt
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
