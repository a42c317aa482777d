import BillfoldCore

/// An account as `GET /api/v1/accounts` lists it, with what its transactions add up to.
public struct AccountDTO: Codable, Sendable, Equatable {
    public var id: Int64
    /// The name the user sees.
    public var name: String
    public var currency: String
    /// What it held before its first transaction here (decimal, in its currency).
    public var openingBalance: String
    /// The opening balance plus every transaction in its currency, transfers included.
    public var balance: String
    /// Sums of transactions in other currencies, never added to the balance.
    public var otherCurrencies: [MoneyDTO]
    public var transactionCount: Int
    /// The last day with a transaction (YYYY-MM-DD), null before the first.
    public var lastActivity: String?
    /// Archived accounts keep their transactions and are not offered for new ones.
    public var archived: Bool

    public init(
        id: Int64, name: String, currency: String, openingBalance: String = "0", balance: String = "0",
        otherCurrencies: [MoneyDTO] = [], transactionCount: Int = 0, lastActivity: String? = nil,
        archived: Bool = false
    ) {
        self.id = id
        self.name = name
        self.currency = currency
        self.openingBalance = openingBalance
        self.balance = balance
        self.otherCurrencies = otherCurrencies
        self.transactionCount = transactionCount
        self.lastActivity = lastActivity
        self.archived = archived
    }

    public init(_ summary: AccountSummary) {
        let account = summary.account
        self.init(
            id: account.id, name: account.displayName, currency: account.currency.code,
            openingBalance: account.opening.decimalString, balance: summary.balance.decimalString,
            otherCurrencies: summary.otherCurrencies.map(MoneyDTO.init), transactionCount: summary.transactionCount,
            lastActivity: summary.lastActivity?.description, archived: account.isArchived)
    }

    public func encode(to encoder: any Encoder) throws {
        // Explicit null: "no activity yet" is not "field missing".
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(currency, forKey: .currency)
        try c.encode(openingBalance, forKey: .openingBalance)
        try c.encode(balance, forKey: .balance)
        try c.encode(otherCurrencies, forKey: .otherCurrencies)
        try c.encode(transactionCount, forKey: .transactionCount)
        try c.encode(lastActivity, forKey: .lastActivity)
        try c.encode(archived, forKey: .archived)
    }
}

/// An amount with its currency.
public struct MoneyDTO: Codable, Sendable, Equatable {
    public var amount: String
    public var currency: String

    public init(amount: String, currency: String) {
        self.amount = amount
        self.currency = currency
    }

    public init(_ money: Money) { self.init(amount: money.decimalString, currency: money.currency.code) }
}

/// `GET /api/v1/accounts`: the signed-in person's accounts, by name, archived ones included.
public struct AccountListResponse: Codable, Sendable, Equatable {
    public var accounts: [AccountDTO]

    public init(accounts: [AccountDTO]) { self.accounts = accounts }
}

/// `POST /api/v1/accounts`: open an account by hand.
public struct CreateAccountRequest: Codable, Sendable {
    public var name: String
    public var currency: String
    /// Decimal, dot as the decimal mark; 0 when missing.
    public var openingBalance: String?

    public init(name: String, currency: String, openingBalance: String? = nil) {
        self.name = name
        self.currency = currency
        self.openingBalance = openingBalance
    }
}

/// `PATCH /api/v1/accounts/{id}`: only the keys present change.
public struct UpdateAccountRequest: Codable, Sendable {
    public var name: String?
    public var openingBalance: String?
    public var archived: Bool?

    public init(name: String? = nil, openingBalance: String? = nil, archived: Bool? = nil) {
        self.name = name
        self.openingBalance = openingBalance
        self.archived = archived
    }
}

/// `POST /api/v1/transfers`: money moved from one of the person's accounts to another.
public struct CreateTransferRequest: Codable, Sendable {
    public var fromAccountId: Int64
    public var toAccountId: Int64
    /// What left the first account (positive, in its currency).
    public var amount: String
    /// What arrived, in the second account's currency; needed only when the currencies differ.
    public var receivedAmount: String?
    /// ISO 8601; now when missing.
    public var bookedAt: String?
    public var notes: String?

    public init(
        fromAccountId: Int64, toAccountId: Int64, amount: String, receivedAmount: String? = nil,
        bookedAt: String? = nil, notes: String? = nil
    ) {
        self.fromAccountId = fromAccountId
        self.toAccountId = toAccountId
        self.amount = amount
        self.receivedAmount = receivedAmount
        self.bookedAt = bookedAt
        self.notes = notes
    }
}

/// A recorded transfer: its two sides.
public struct TransferResponse: Codable, Sendable, Equatable {
    public var out: TransactionDTO
    public var into: TransactionDTO

    public init(out: TransactionDTO, into: TransactionDTO) {
        self.out = out
        self.into = into
    }
}
