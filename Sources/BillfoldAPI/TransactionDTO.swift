import BillfoldCore

/// A transaction as the native API shows it. Amounts are decimal strings so no client parses
/// money through a binary float; the sign convention is Billfold's (expenses negative).
public struct TransactionDTO: Codable, Sendable, Equatable {
    public var id: Int64
    /// ISO 8601 with the offset the transaction was booked with.
    public var bookedAt: String
    public var payee: String
    public var originalName: String
    public var notes: String
    public var amount: String
    public var currency: String
    public var status: TransactionStatus
    public var categoryId: Int64?
    /// How it got its category: "person", "rule", "suggestion", "import" or "lunchmoney"; null
    /// while it has none.
    public var categorySource: CategorySource?
    public var accountId: Int64
    public var externalId: String?
    public var createdAt: String
    public var updatedAt: String
    /// For one side of a transfer, the other side's id (it never counts as spending or income).
    public var transferId: Int64?
    /// "split" for a split parent, "group" for a group row: shown, never counted in totals.
    public var kind: String?
    /// For a part of a split, the transaction it was split from.
    public var parentId: Int64?
    /// For a member of a group, the group's row.
    public var groupId: Int64?
    /// For an uncategorised transaction, the category learned from the person's own decisions,
    /// where sure enough to show (the review deck and a single transaction carry it).
    public var suggestion: SuggestionDTO?

    public init(_ t: Transaction) {
        id = t.id
        bookedAt = t.bookedAt.iso8601
        payee = t.payee
        originalName = t.originalName
        notes = t.notes
        amount = t.money.decimalString
        currency = t.money.currency.code
        status = t.status
        categoryId = t.categoryID
        categorySource = t.categorySource
        accountId = t.accountID
        externalId = t.externalID
        createdAt = Timestamp.utc(t.createdAt)
        updatedAt = Timestamp.utc(t.updatedAt)
        transferId = t.transferID
        kind = t.kind?.rawValue
        parentId = t.parentID
        groupId = t.groupID
    }

    public func encode(to encoder: Encoder) throws {
        // Explicit nulls: clients can tell "no category" from "field missing".
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(bookedAt, forKey: .bookedAt)
        try c.encode(payee, forKey: .payee)
        try c.encode(originalName, forKey: .originalName)
        try c.encode(notes, forKey: .notes)
        try c.encode(amount, forKey: .amount)
        try c.encode(currency, forKey: .currency)
        try c.encode(status, forKey: .status)
        try c.encode(categoryId, forKey: .categoryId)
        try c.encode(categorySource, forKey: .categorySource)
        try c.encode(accountId, forKey: .accountId)
        try c.encode(externalId, forKey: .externalId)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(updatedAt, forKey: .updatedAt)
        try c.encode(transferId, forKey: .transferId)
        try c.encode(kind, forKey: .kind)
        try c.encode(parentId, forKey: .parentId)
        try c.encode(groupId, forKey: .groupId)
        try c.encodeIfPresent(suggestion, forKey: .suggestion)
    }
}

/// A suggested category: `confidence` from 0 to 1 (only those from `Suggestion.shownFrom` are sent).
public struct SuggestionDTO: Codable, Sendable, Equatable {
    public var categoryId: Int64
    public var confidence: Double

    public init(_ suggestion: Suggestion) {
        categoryId = suggestion.categoryID
        // Two decimals: what a person or an app can use, without a float's noise.
        confidence = (suggestion.confidence * 100).rounded() / 100
    }
}

/// One currency's sum over a whole filter.
public struct TotalDTO: Codable, Sendable, Equatable {
    public var currency: String
    public var amount: String
    public var count: Int

    public init(currency: String, amount: String, count: Int) {
        self.currency = currency
        self.amount = amount
        self.count = count
    }

    public init(_ total: CurrencyTotal) {
        currency = total.money.currency.code
        amount = total.money.decimalString
        count = total.count
    }
}

/// `GET /api/v1/transactions`: one page, where the next starts, and totals of the whole filter.
public struct TransactionListResponse: Codable, Sendable, Equatable {
    public var transactions: [TransactionDTO]
    public var nextCursor: String?
    public var totals: [TotalDTO]
    /// The totals as one, in the person's primary currency; only when some are in another.
    public var convertedTotal: ConvertedTotalDTO?

    public init(
        transactions: [TransactionDTO], nextCursor: String?, totals: [TotalDTO],
        convertedTotal: ConvertedTotalDTO? = nil
    ) {
        self.transactions = transactions
        self.nextCursor = nextCursor
        self.totals = totals
        self.convertedTotal = convertedTotal
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(transactions, forKey: .transactions)
        try c.encode(nextCursor, forKey: .nextCursor)
        try c.encode(totals, forKey: .totals)
        try c.encodeIfPresent(convertedTotal, forKey: .convertedTotal)
    }
}

/// Money in many currencies as one total in the person's primary currency: each amount at the
/// rate of its own day (the nearest earlier day's when its day has none), rounded once.
public struct ConvertedTotalDTO: Codable, Sendable, Equatable {
    public var currency: String
    public var amount: String
    /// Currencies without any rate, left out of the total (never counted one for one).
    public var missingCurrencies: [String]
    /// Some amount took an earlier day's rate than its own.
    public var usedEarlierRates: Bool
    /// The oldest rate day taken, YYYY-MM-DD.
    public var oldestRate: String?

    public init(_ total: ConvertedTotal) {
        currency = total.money.currency.code
        amount = total.money.decimalString
        missingCurrencies = total.missing.map(\.code)
        usedEarlierRates = total.usedEarlierRates
        oldestRate = total.oldestRate?.description
    }
}

/// `POST /api/v1/transactions`: a transaction entered by hand.
public struct CreateTransactionRequest: Codable, Sendable {
    public var bookedAt: String
    public var payee: String
    public var amount: String
    public var currency: String
    public var categoryId: Int64?
    public var notes: String?
    public var status: String?
    public var accountId: Int64?

    public init(
        bookedAt: String, payee: String, amount: String, currency: String,
        categoryId: Int64? = nil, notes: String? = nil, status: String? = nil,
        accountId: Int64? = nil
    ) {
        self.bookedAt = bookedAt
        self.payee = payee
        self.amount = amount
        self.currency = currency
        self.categoryId = categoryId
        self.notes = notes
        self.status = status
        self.accountId = accountId
    }
}

/// `PATCH /api/v1/transactions/{id}`: only the keys present change; `"categoryId": null`
/// makes the transaction uncategorised.
public struct UpdateTransactionRequest: Codable, Sendable {
    public var categoryId: Int64??
    public var notes: String?
    public var status: String?
    public var payee: String?
    /// A decimal string such as "-12.50", in `currency` or the transaction's own.
    public var amount: String?
    public var currency: String?
    /// ISO 8601 with an offset.
    public var bookedAt: String?
    public var accountId: Int64?
    /// Needed to change the amount, currency, time or account of an imported transaction.
    public var overrideImported: Bool?

    enum CodingKeys: String, CodingKey {
        case categoryId, notes, status, payee, amount, currency, bookedAt, accountId, overrideImported
    }

    public init(
        categoryId: Int64?? = nil, notes: String? = nil, status: String? = nil, payee: String? = nil,
        amount: String? = nil, currency: String? = nil, bookedAt: String? = nil, accountId: Int64? = nil,
        overrideImported: Bool? = nil
    ) {
        self.categoryId = categoryId
        self.notes = notes
        self.status = status
        self.payee = payee
        self.amount = amount
        self.currency = currency
        self.bookedAt = bookedAt
        self.accountId = accountId
        self.overrideImported = overrideImported
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if c.contains(.categoryId) {
            categoryId = .some(
                try c.decodeNil(forKey: .categoryId) ? nil : try c.decode(Int64.self, forKey: .categoryId))
        }
        notes = try c.decodeIfPresent(String.self, forKey: .notes)
        status = try c.decodeIfPresent(String.self, forKey: .status)
        payee = try c.decodeIfPresent(String.self, forKey: .payee)
        amount = try c.decodeIfPresent(String.self, forKey: .amount)
        currency = try c.decodeIfPresent(String.self, forKey: .currency)
        bookedAt = try c.decodeIfPresent(String.self, forKey: .bookedAt)
        accountId = try c.decodeIfPresent(Int64.self, forKey: .accountId)
        overrideImported = try c.decodeIfPresent(Bool.self, forKey: .overrideImported)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if let categoryId { try c.encode(categoryId, forKey: .categoryId) }
        try c.encodeIfPresent(notes, forKey: .notes)
        try c.encodeIfPresent(status, forKey: .status)
        try c.encodeIfPresent(payee, forKey: .payee)
        try c.encodeIfPresent(amount, forKey: .amount)
        try c.encodeIfPresent(currency, forKey: .currency)
        try c.encodeIfPresent(bookedAt, forKey: .bookedAt)
        try c.encodeIfPresent(accountId, forKey: .accountId)
        try c.encodeIfPresent(overrideImported, forKey: .overrideImported)
    }
}

/// One change a person made to a transaction, as `GET /api/v1/transactions/{id}/history` lists it.
public struct TransactionEditDTO: Codable, Sendable, Equatable {
    /// `category`, `status`, `notes`, `payee`, `amount` ("-12.50 EUR"), `bookedAt`, `account`
    /// (an account id) or `categorySource` (who set the category: `person`, `rule`, …).
    public var field: String
    /// A category id, a status or the text; null for none.
    public var oldValue: String?
    public var newValue: String?
    /// ISO 8601, UTC.
    public var changedAt: String
    /// Where it was changed (`deck`, `page`, `list`, `app`, `assistant`, `api`, `v1`,
    /// `lunchmoney`, `rule`, `rule-undone`, `category-deleted`); null when not known.
    public var source: String?

    public init(_ edit: TransactionEdit) {
        field = edit.field.rawValue
        oldValue = edit.oldValue
        newValue = edit.newValue
        changedAt = Timestamp.utc(edit.changedAt)
        source = edit.source?.rawValue
    }

    private enum CodingKeys: String, CodingKey { case field, oldValue, newValue, changedAt, source }

    /// Both values always there, null for none.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(field, forKey: .field)
        try c.encode(oldValue, forKey: .oldValue)
        try c.encode(newValue, forKey: .newValue)
        try c.encode(changedAt, forKey: .changedAt)
        try c.encode(source, forKey: .source)
    }

    /// The edit as Core knows it; nil for a field this version does not know.
    public var edit: TransactionEdit? {
        TransactionEdit.Field(rawValue: field).map {
            TransactionEdit(
                field: $0, oldValue: oldValue, newValue: newValue,
                changedAt: Timestamp.epochSeconds(changedAt) ?? 0, source: source.flatMap(ChangeSource.init(rawValue:)))
        }
    }
}

/// `GET /api/v1/transactions/{id}/history`: newest first.
public struct TransactionHistoryResponse: Codable, Sendable, Equatable {
    public var edits: [TransactionEditDTO]

    public init(edits: [TransactionEditDTO]) { self.edits = edits }
}

/// What `DELETE /api/v1/transactions/{id}` and `POST /api/v1/transactions/bulk-delete` answer.
public struct DeletionDTO: Codable, Sendable, Equatable {
    /// For `POST /api/v1/deletions/{id}/restore`.
    public var deletionId: Int64
    public var deleted: Int
    /// ISO 8601, UTC: until then the delete can be undone.
    public var undoUntil: String

    public init(deletionId: Int64, deleted: Int, undoUntil: String) {
        self.deletionId = deletionId
        self.deleted = deleted
        self.undoUntil = undoUntil
    }
}

/// The body of `POST /api/v1/transactions/bulk-delete`.
public struct DeleteTransactionsRequest: Codable, Sendable {
    public var ids: [Int64]

    public init(ids: [Int64]) { self.ids = ids }
}

/// What `POST /api/v1/deletions/{id}/restore` answers: the transactions back in place.
public struct RestoredDTO: Codable, Sendable, Equatable {
    public var restored: [Int64]

    public init(restored: [Int64]) { self.restored = restored }
}
