import BillfoldCore

/// One part in `POST /api/v1/transactions/{id}/split`: its amount (Billfold's sign, in the
/// parent's currency) and what differs from the parent.
public struct SplitPartRequest: Codable, Sendable {
    public var amount: String
    public var payee: String?
    public var notes: String?
    public var categoryId: Int64?

    public init(amount: String, payee: String? = nil, notes: String? = nil, categoryId: Int64? = nil) {
        self.amount = amount
        self.payee = payee
        self.notes = notes
        self.categoryId = categoryId
    }
}

/// The body of `POST /api/v1/transactions/{id}/split`.
public struct SplitRequest: Codable, Sendable {
    public var parts: [SplitPartRequest]

    public init(parts: [SplitPartRequest]) { self.parts = parts }
}

/// What a split answers: the parent (now a split, not counted) and its parts.
public struct SplitResponse: Codable, Sendable {
    public var parent: TransactionDTO
    public var parts: [TransactionDTO]

    public init(parent: TransactionDTO, parts: [TransactionDTO]) {
        self.parent = parent
        self.parts = parts
    }
}

/// A list of transactions without paging: a split's parts, a group's members.
public struct TransactionsDTO: Codable, Sendable {
    public var transactions: [TransactionDTO]

    public init(transactions: [TransactionDTO]) { self.transactions = transactions }
}

/// The body of `POST /api/v1/transaction-groups`.
public struct GroupRequest: Codable, Sendable {
    public var transactionIds: [Int64]
    public var payee: String
    public var notes: String?
    public var categoryId: Int64?
    /// ISO 8601; the latest member's booking when left out.
    public var bookedAt: String?

    public init(transactionIds: [Int64], payee: String, notes: String? = nil, categoryId: Int64? = nil) {
        self.transactionIds = transactionIds
        self.payee = payee
        self.notes = notes
        self.categoryId = categoryId
    }
}

/// What ungrouping answers: the members, now ordinary transactions again.
public struct UngroupResponse: Codable, Sendable {
    public var transactionIds: [Int64]

    public init(transactionIds: [Int64]) { self.transactionIds = transactionIds }
}

/// A tag as the native API shows it.
public struct TagDTO: Codable, Sendable, Equatable {
    public var id: Int64
    public var name: String
    public var description: String
    public var archived: Bool

    public init(_ tag: Tag) {
        id = tag.id
        name = tag.name
        description = tag.description
        archived = tag.archived
    }
}

public struct TagsDTO: Codable, Sendable {
    public var tags: [TagDTO]

    public init(tags: [TagDTO]) { self.tags = tags }
}

/// The body of `POST /api/v1/tags` and `PATCH /api/v1/tags/{id}` (there every field is optional).
public struct TagRequest: Codable, Sendable {
    public var name: String?
    public var description: String?
    public var archived: Bool?

    public init(name: String? = nil, description: String? = nil, archived: Bool? = nil) {
        self.name = name
        self.description = description
        self.archived = archived
    }
}

/// The body of `PUT /api/v1/transactions/{id}/tags`: exactly the tags it is to carry.
public struct TransactionTagsRequest: Codable, Sendable {
    public var tagIds: [Int64]

    public init(tagIds: [Int64]) { self.tagIds = tagIds }
}
