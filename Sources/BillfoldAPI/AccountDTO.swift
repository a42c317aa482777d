import BillfoldCore

/// An account as `GET /api/v1/accounts` lists it.
public struct AccountDTO: Codable, Sendable, Equatable {
    public var id: Int64
    /// The name the user sees.
    public var name: String
    public var currency: String

    public init(id: Int64, name: String, currency: String) {
        self.id = id
        self.name = name
        self.currency = currency
    }

    public init(_ account: Account) {
        self.init(id: account.id, name: account.displayName, currency: account.currency.code)
    }
}

/// `GET /api/v1/accounts`: the signed-in person's accounts, by name.
public struct AccountListResponse: Codable, Sendable, Equatable {
    public var accounts: [AccountDTO]

    public init(accounts: [AccountDTO]) { self.accounts = accounts }
}
