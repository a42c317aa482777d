import BillfoldCore

// `/api/v1/recurring`: the person's recurring payments, as found in their history or added by
// hand, with what they decided about each.

/// A recurring payment. Amounts are decimal strings in the payment's currency, negative for
/// money going out, as on transactions.
public struct RecurringDTO: Codable, Sendable, Equatable {
    public var id: Int64
    public var payee: String
    /// `weekly`, `monthly`, `quarterly` or `yearly`.
    public var rhythm: String
    public var currency: String
    /// What it usually comes to; after a price change, the new price.
    public var amount: String
    public var latestAmount: String
    /// The amount before the latest, when the price changed between them.
    public var previousAmount: String?
    public var perMonth: String
    public var perYear: String
    /// `YYYY-MM-DD`.
    public var nextExpected: String
    /// nil for one added by hand and not seen since.
    public var lastSeen: String?
    public var firstSeen: String?
    /// How many transactions it was seen in.
    public var seenCount: Int
    /// `found`, `confirmed` or `dismissed`.
    public var state: String
    public var addedByHand: Bool
    /// Past its expected day by more than its rhythm allows.
    public var missed: Bool
    /// First seen within its last three steps.
    public var new: Bool

    public init(_ kept: KeptRecurring, today: Day) {
        let payment = kept.payment
        let seen = payment.count > 0
        id = kept.id
        payee = payment.payee
        rhythm = payment.rhythm.rawValue
        currency = payment.usual.currency.code
        amount = payment.usual.decimalString
        latestAmount = payment.latest.decimalString
        previousAmount = payment.before?.decimalString
        perMonth = payment.perMonth.decimalString
        perYear = payment.perYear.decimalString
        nextExpected = payment.nextExpected.description
        lastSeen = seen ? payment.lastSeen.description : nil
        firstSeen = seen ? payment.firstSeen.description : nil
        seenCount = payment.count
        state = kept.state.rawValue
        addedByHand = kept.byHand
        missed = kept.isMissed(on: today)
        new = kept.isNew(on: today)
    }
}

/// A sum in one currency.
public struct CurrencyAmountDTO: Codable, Sendable, Equatable {
    public var currency: String
    public var amount: String

    public init(currency: String, amount: String) {
        self.currency = currency
        self.amount = amount
    }

    public init(_ money: Money) {
        self.init(currency: money.currency.code, amount: money.decimalString)
    }
}

public struct RecurringListResponse: Codable, Sendable, Equatable {
    /// Every payment, dismissed ones last.
    public var recurring: [RecurringDTO]
    /// What the payments going out that are not dismissed cost a month, per currency.
    public var monthlyCost: [CurrencyAmountDTO]

    public init(recurring: [RecurringDTO], monthlyCost: [CurrencyAmountDTO]) {
        self.recurring = recurring
        self.monthlyCost = monthlyCost
    }
}

/// A recurring payment added by hand. `amount` is a plain figure (`9.99`): money going out
/// unless `income` is true.
public struct RecurringRequest: Codable, Sendable, Equatable {
    public var payee: String
    public var amount: String
    /// The person's primary currency when left out.
    public var currency: String?
    public var rhythm: String
    /// When the next one is due, `YYYY-MM-DD`.
    public var nextDate: String
    public var income: Bool?

    public init(
        payee: String, amount: String, currency: String? = nil, rhythm: String, nextDate: String, income: Bool? = nil
    ) {
        self.payee = payee
        self.amount = amount
        self.currency = currency
        self.rhythm = rhythm
        self.nextDate = nextDate
        self.income = income
    }
}

/// The person's decision on a payment: `confirmed`, `dismissed`, or `found` to undecide.
public struct RecurringDecision: Codable, Sendable, Equatable {
    public var state: String

    public init(state: String) { self.state = state }
}
