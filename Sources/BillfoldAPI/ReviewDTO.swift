import BillfoldCore

/// `GET /api/v1/review/deck`: a month's oldest uncleared transactions, at most the deck size.
public struct ReviewDeckResponse: Codable, Sendable {
    public var month: String
    public var cards: [TransactionDTO]
    /// All still uncleared in that month, the cards included.
    public var remaining: Int

    public init(month: String, cards: [TransactionDTO], remaining: Int) {
        self.month = month
        self.cards = cards
        self.remaining = remaining
    }
}

/// `GET /api/v1/review/lookback`: the oldest month of the last twelve with uncleared transactions.
/// Every month with uncleared transactions, newest first, with how many each holds; the current
/// month is always there, with 0 when it has none.
public struct ReviewMonthsResponse: Codable, Sendable, Equatable {
    public var months: [LookbackResponse]
    /// Uncleared transactions in every month.
    public var total: Int

    public init(months: [LookbackResponse], total: Int) {
        self.months = months
        self.total = total
    }
}

/// A month and how many uncleared transactions it holds.
public struct LookbackResponse: Codable, Sendable, Equatable {
    public var month: String
    public var count: Int

    public init(month: String, count: Int) {
        self.month = month
        self.count = count
    }
}

/// `POST /api/v1/review/batches`.
public struct ReviewBatchRequest: Codable, Sendable {
    public var decisions: [Decision]

    public init(decisions: [Decision]) { self.decisions = decisions }

    /// `{"transactionId", "action": "clear" | "recategorize", "categoryId"?}`; for recategorize a
    /// `"categoryId": null` means uncategorised.
    public struct Decision: Codable, Sendable, Equatable {
        public var transactionId: Int64
        /// As sent: an action Billfold does not know still decodes, so the batch can answer that one
        /// decision as failed (field "action") and apply the others; `decision` is nil for it.
        public var action: WireName<ReviewActionKind>
        public var categoryId: Int64??

        enum CodingKeys: String, CodingKey { case transactionId, action, categoryId }

        public init(transactionId: Int64, action: WireName<ReviewActionKind>, categoryId: Int64?? = nil) {
            self.transactionId = transactionId
            self.action = action
            self.categoryId = categoryId
        }

        public init(_ decision: ReviewDecision) {
            transactionId = decision.transactionID
            action = .known(decision.action.kind)
            if case .recategorize(let id) = decision.action { categoryId = .some(id) }
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            transactionId = try c.decode(Int64.self, forKey: .transactionId)
            action = try c.decode(WireName<ReviewActionKind>.self, forKey: .action)
            if c.contains(.categoryId) {
                categoryId = .some(
                    try c.decodeNil(forKey: .categoryId) ? nil : try c.decode(Int64.self, forKey: .categoryId))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(transactionId, forKey: .transactionId)
            try c.encode(action, forKey: .action)
            if let categoryId { try c.encode(categoryId, forKey: .categoryId) }
        }

        /// The decision as the domain knows it; nil for an action Billfold does not know, and for
        /// recategorize without a categoryId.
        public var decision: ReviewDecision? {
            switch action {
            case .known(.clear): ReviewDecision(transactionID: transactionId, action: .clear)
            case .known(.recategorize):
                categoryId.map { ReviewDecision(transactionID: transactionId, action: .recategorize($0)) }
            case .unknown: nil
            }
        }
    }
}

/// The answer to a batch: one item per decision, in the order sent.
public struct ReviewBatchResponse: Codable, Sendable, Equatable {
    public var items: [Item]

    public init(items: [Item]) { self.items = items }

    public struct Item: Codable, Sendable, Equatable {
        public var transactionId: Int64
        /// "applied", "unchanged" or "failed"; as sent, so a client reads a newer server's answer too.
        public var outcome: WireName<ReviewOutcomeKind>
        public var error: ErrorResponse.Body?

        public init(transactionId: Int64, outcome: WireName<ReviewOutcomeKind>, error: ErrorResponse.Body? = nil) {
            self.transactionId = transactionId
            self.outcome = outcome
            self.error = error
        }
    }
}

/// `GET /api/v1/activity`: applied decisions, newest first.
public struct ActivityResponse: Codable, Sendable {
    public var items: [Entry]
    public var nextCursor: String?

    public init(items: [Entry], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }

    private enum CodingKeys: String, CodingKey { case items, nextCursor }

    /// `nextCursor` is always there, `null` on the last page, as the schema says.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(items, forKey: .items)
        try c.encode(nextCursor, forKey: .nextCursor)
    }

    public struct Entry: Codable, Sendable, Equatable {
        public var id: Int64
        public var transaction: TransactionDTO
        /// "clear" or "recategorize"; as sent, so a client reads a newer server's log too.
        public var action: WireName<ReviewActionKind>
        public var oldCategoryId: Int64?
        public var newCategoryId: Int64?
        public var batchId: Int64
        public var decidedAt: String

        public init(
            id: Int64, transaction: TransactionDTO, action: WireName<ReviewActionKind>, oldCategoryId: Int64?,
            newCategoryId: Int64?, batchId: Int64, decidedAt: String
        ) {
            self.id = id
            self.transaction = transaction
            self.action = action
            self.oldCategoryId = oldCategoryId
            self.newCategoryId = newCategoryId
            self.batchId = batchId
            self.decidedAt = decidedAt
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(transaction, forKey: .transaction)
            try c.encode(action, forKey: .action)
            try c.encode(oldCategoryId, forKey: .oldCategoryId)
            try c.encode(newCategoryId, forKey: .newCategoryId)
            try c.encode(batchId, forKey: .batchId)
            try c.encode(decidedAt, forKey: .decidedAt)
        }
    }
}

/// A word of the contract from a fixed set (an action, an outcome), as it came over the wire: `known`
/// when Billfold knows it, else kept as sent. Decoding never fails on a word from a newer peer or a
/// typo: the server answers such a decision as one failed item instead of refusing the whole batch, and
/// a client reads the rest of a newer server's answer. It encodes back to exactly the word it came as,
/// so answers and request hashes stay byte for byte the same.
public enum WireName<Known>: Hashable, Sendable, Codable, CustomStringConvertible
where Known: RawRepresentable & Hashable & Sendable, Known.RawValue == String {
    case known(Known)
    case unknown(String)

    public init(_ word: String) {
        if let known = Known(rawValue: word) {
            self = .known(known)
        } else {
            self = .unknown(word)
        }
    }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }

    /// The word as it is written on the wire.
    public var rawValue: String {
        switch self {
        case .known(let known): known.rawValue
        case .unknown(let word): word
        }
    }

    /// The name as Billfold knows it; nil for a word it does not know.
    public var kind: Known? {
        if case .known(let known) = self { known } else { nil }
    }

    public var description: String { rawValue }

    /// The same word is the same name, however it was made (`.unknown("clear")` is `.known(.clear)`).
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue == rhs.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
