import BillfoldCore

/// An import as `/api/v1/imports` lists it.
public struct ImportDTO: Codable, Sendable, Equatable {
    public var id: Int64
    public var fileName: String
    public var format: String
    public var createdAt: String
    public var added: Int
    public var skipped: Int
    public var pending: Int
    public var unreadable: Int
    public var undoneAt: String?

    public init(_ record: ImportRecord) {
        id = record.id
        fileName = record.fileName
        format = record.format
        createdAt = Timestamp.utc(record.createdAt)
        added = record.added
        skipped = record.skipped
        pending = record.pending
        unreadable = record.unreadable
        undoneAt = record.undoneAt.map(Timestamp.utc)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(fileName, forKey: .fileName)
        try c.encode(format, forKey: .format)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(added, forKey: .added)
        try c.encode(skipped, forKey: .skipped)
        try c.encode(pending, forKey: .pending)
        try c.encode(unreadable, forKey: .unreadable)
        try c.encode(undoneAt, forKey: .undoneAt)
    }
}

public struct ImportListResponse: Codable, Sendable {
    public var imports: [ImportDTO]
    public init(imports: [ImportDTO]) { self.imports = imports }
}

/// What `DELETE /api/v1/imports/{id}` removed.
public struct ImportUndoResponse: Codable, Sendable, Equatable {
    public var removed: Int
    public init(removed: Int) { self.removed = removed }
}

/// A row that could not be read: where and why.
public struct UnreadableDTO: Codable, Sendable, Equatable {
    public var place: String
    public var reason: String
    public init(place: String, reason: String) {
        self.place = place
        self.reason = reason
    }
}

/// One account's part of an import.
public struct ImportAccountDTO: Codable, Sendable, Equatable {
    public var name: String
    public var isNew: Bool
    public var currency: String
    public var new: Int
    public var already: Int
    /// What the new bookings add up to (decimal, in `currency`); nil where it would not fit.
    public var total: String?
    public init(name: String, isNew: Bool, currency: String, new: Int, already: Int, total: String? = nil) {
        self.name = name
        self.isNew = isNew
        self.currency = currency
        self.total = total
        self.new = new
        self.already = already
    }
}

/// A row as it will be booked (a dry run shows the first ones).
public struct ImportRowDTO: Codable, Sendable, Equatable {
    public var account: String
    public var place: String
    public var day: String
    public var amount: String
    public var currency: String
    public var payee: String
    public var notes: String
    public var alreadyImported: Bool
    /// The bank's own text, kept as the original name (`payee` is the clean payee it is booked as).
    public var originalName: String?
    /// The category the person's rules give it, and its name.
    public var categoryId: Int64?
    public var categoryName: String?
    /// The rules that matched it, in order.
    public var ruleIds: [Int64]?
    public init(
        account: String, place: String, day: String, amount: String, currency: String, payee: String, notes: String,
        alreadyImported: Bool, originalName: String? = nil, categoryId: Int64? = nil, categoryName: String? = nil,
        ruleIds: [Int64]? = nil
    ) {
        self.originalName = originalName
        self.categoryId = categoryId
        self.categoryName = categoryName
        self.ruleIds = ruleIds
        self.account = account
        self.place = place
        self.day = day
        self.amount = amount
        self.currency = currency
        self.payee = payee
        self.notes = notes
        self.alreadyImported = alreadyImported
    }
}

/// The answer of `POST /api/v1/imports`: what was (or, with `dryRun`, would be) imported.
public struct ImportResultResponse: Codable, Sendable, Equatable {
    /// The import's id; nil for a dry run.
    public var id: Int64?
    public var dryRun: Bool
    public var format: String
    /// "312 new, 48 already imported, 2 unreadable: line 17: …".
    public var summary: String
    public var added: Int
    public var skipped: Int
    public var pending: Int
    public var accounts: [ImportAccountDTO]
    public var unreadable: [UnreadableDTO]
    /// The CSV mapping as used (detected where not given): column names or numbers and formats.
    public var mapping: [String: String]?
    /// The CSV header.
    public var header: [String]?
    /// The first rows as they will be booked (dry run only).
    public var preview: [ImportRowDTO]
    /// A dry run of a file that names no account, sent without `account`: the name it took from
    /// the file's name, to send as `account` when importing.
    public var suggestedAccount: String?
    /// Of the new bookings, how many the person's rules change (dry run only).
    public var changedByRules: Int?

    public init(
        id: Int64?, dryRun: Bool, format: String, summary: String, added: Int, skipped: Int, pending: Int,
        accounts: [ImportAccountDTO], unreadable: [UnreadableDTO], mapping: [String: String]?, header: [String]?,
        preview: [ImportRowDTO], suggestedAccount: String? = nil, changedByRules: Int? = nil
    ) {
        self.changedByRules = changedByRules
        self.suggestedAccount = suggestedAccount
        self.id = id
        self.dryRun = dryRun
        self.format = format
        self.summary = summary
        self.added = added
        self.skipped = skipped
        self.pending = pending
        self.accounts = accounts
        self.unreadable = unreadable
        self.mapping = mapping
        self.header = header
        self.preview = preview
    }
}
