/// One booked movement of money (or points) on one of the user's accounts.
public struct Transaction: Hashable, Sendable, Identifiable {
    public var id: Int64
    public var accountID: Int64
    public var bookedAt: BookingTime
    /// Who the money went to or came from, as the user calls them.
    public var payee: String
    /// The name as the bank or import file wrote it, kept untouched.
    public var originalName: String
    /// The user's notes; the import's description lands here.
    public var notes: String
    public var money: Money
    public var status: TransactionStatus
    public var categoryID: Int64?
    /// How it got its category; nil while it has none.
    public var categorySource: CategorySource?
    /// The id the source gave it (PAYBACK reference, bank id): re-imports skip what they find.
    public var externalID: String?
    public var createdAt: Int64
    public var updatedAt: Int64
    /// The bank file import that brought it, if one did.
    public var importID: Int64?
    /// For one side of a transfer between two of the person's accounts, the other side's id.
    /// Transfers count in balances, never as spending or income.
    public var transferID: Int64?
    /// A split parent or a group row: shown, never counted in sums (its parts or members are).
    public var kind: TransactionKind?
    /// For a part of a split, the transaction it was split from.
    public var parentID: Int64?
    /// For a member of a group, the group's own row.
    public var groupID: Int64?
    /// For a row from Lunch Money, that row's own `external_id` (its `externalID` is Billfold's
    /// key for it, "lunchmoney:" and its Lunch Money id), given back on `/v1` as Lunch Money would.
    public var sourceExternalID: String?

    public init(
        id: Int64, accountID: Int64, bookedAt: BookingTime, payee: String, originalName: String,
        notes: String, money: Money, status: TransactionStatus, categoryID: Int64?,
        externalID: String?, createdAt: Int64, updatedAt: Int64, importID: Int64? = nil
    ) {
        self.importID = importID
        self.id = id
        self.accountID = accountID
        self.bookedAt = bookedAt
        self.payee = payee
        self.originalName = originalName
        self.notes = notes
        self.money = money
        self.status = status
        self.categoryID = categoryID
        self.categorySource = categoryID == nil ? nil : .person
        self.externalID = externalID
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// What a new transaction needs before it has an id, from a form, an API call or an import.
public struct NewTransaction: Hashable, Sendable {
    public var accountID: Int64?
    public var bookedAt: BookingTime
    public var payee: String
    public var originalName: String
    public var notes: String
    public var money: Money
    public var status: TransactionStatus
    public var categoryID: Int64?
    /// How it got its category: the person's unless said otherwise (`storedCategorySource`).
    public var categorySource: CategorySource?
    public var externalID: String?
    /// How a bank file's booking is recognised when the file, or a statement overlapping it,
    /// is imported again (unique per account): the bank's id or a fingerprint.
    public var importKey: String?
    /// For a row from Lunch Money, that row's own `external_id`.
    public var sourceExternalID: String?
    /// The tags it comes in with (the person's rules add them), written beside the row.
    public var tagIDs: [Int64] = []

    public init(
        accountID: Int64? = nil, bookedAt: BookingTime, payee: String, originalName: String? = nil,
        notes: String = "", money: Money, status: TransactionStatus = .uncleared,
        categoryID: Int64? = nil, categorySource: CategorySource? = nil, externalID: String? = nil,
        importKey: String? = nil
    ) {
        self.importKey = importKey
        self.categorySource = categorySource
        self.accountID = accountID
        self.bookedAt = bookedAt
        self.payee = payee
        self.originalName = originalName ?? payee
        self.notes = notes
        self.money = money
        self.status = status
        self.categoryID = categoryID
        self.externalID = externalID
    }

    /// How the row is written as having got its category: none without one, the person's when
    /// the writer did not say.
    public var storedCategorySource: CategorySource? {
        categoryID == nil ? nil : categorySource ?? .person
    }

    /// Trims text and enforces the limits every entry point shares.
    public func validated() throws(BillfoldError) -> NewTransaction {
        var copy = self
        try TextRules.check(payee, field: "payee")
        try TextRules.check(originalName, field: "originalName")
        try TextRules.check(notes, field: "notes")
        for text in [externalID, sourceExternalID].compactMap(\.self) {
            try TextRules.check(text, field: "externalId")
            if text.count > TransactionRules.maxExternalID {
                throw .validation(
                    "externalId",
                    Phrase("error.core.externalIDTooLong", ["max": String(TransactionRules.maxExternalID)]))
            }
        }
        _ = try money.checkedLimit()
        copy.payee = try TransactionRules.payee(payee)
        copy.originalName = originalName.trimmingCharacters(in: .whitespacesAndNewlines)
        if copy.originalName.isEmpty { copy.originalName = copy.payee }
        copy.notes = try TransactionRules.notes(notes)
        return copy
    }
}

/// The limits on what a user types into a transaction.
public enum TransactionRules {
    public static let maxPayee = 200
    public static let maxNotes = 2000
    public static let maxExternalID = 200

    public static func payee(_ raw: String) throws(BillfoldError) -> String {
        try TextRules.check(raw, field: "payee")
        let payee = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !payee.isEmpty else { throw .validation("payee", Phrase("error.core.payeeMissing")) }
        guard TextRules.length(payee) <= maxPayee else {
            throw .validation("payee", Phrase("error.core.payeeTooLong", ["max": String(maxPayee)]))
        }
        return payee
    }

    /// Text a bank file gives, cut to `limit` characters where it is longer: a payee of a thousand
    /// characters is kept as its first 200 rather than refusing the file, and the row stays editable.
    public static func cut(_ text: String, to limit: Int) -> String {
        TextRules.prefix(text, length: limit)
    }

    public static func notes(_ raw: String) throws(BillfoldError) -> String {
        try TextRules.check(raw, field: "notes")
        let notes = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard TextRules.length(notes) <= maxNotes else {
            throw .validation("notes", Phrase("error.core.notesTooLong", ["max": String(maxNotes)]))
        }
        return notes
    }
}

/// A change to the fields a user may edit on an existing transaction. Nil leaves a field alone;
/// `categoryID: .some(nil)` makes the transaction uncategorised.
public struct TransactionChange: Hashable, Sendable {
    public var categoryID: Int64??
    public var notes: String?
    public var status: TransactionStatus?
    public var payee: String?
    /// A corrected amount, in the currency it is to be in.
    public var money: Money?
    public var bookedAt: BookingTime?
    /// Moves the transaction to another of the user's accounts.
    public var accountID: Int64?
    /// The person confirms correcting what a bank file, PAYBACK or Lunch Money said.
    public var overridesSource: Bool
    /// Who sets the category, when it changes: the person unless said otherwise.
    public var categorySource: CategorySource?

    public init(
        categoryID: Int64?? = nil, notes: String? = nil, status: TransactionStatus? = nil, payee: String? = nil,
        money: Money? = nil, bookedAt: BookingTime? = nil, accountID: Int64? = nil, overridesSource: Bool = false
    ) {
        self.categoryID = categoryID
        self.notes = notes
        self.status = status
        self.payee = payee
        self.money = money
        self.bookedAt = bookedAt
        self.accountID = accountID
        self.overridesSource = overridesSource
    }

    public var isEmpty: Bool {
        categoryID == nil && notes == nil && status == nil && payee == nil && money == nil && bookedAt == nil
            && accountID == nil
    }

}

extension Transaction {
    /// Whether it came from a bank file, PAYBACK or Lunch Money rather than by hand: its amount,
    /// time and account are the source's, changed only when the person says so.
    public var isImported: Bool { externalID != nil || importID != nil }

    /// Brought by a file that gives only the day (a bank statement, booked at that day's noon where
    /// the person lives): the day is all there is to show, not an invented "12:00 PM".
    public var isDayOnly: Bool {
        let local = bookedAt.epochSeconds + Int64(bookedAt.offsetSeconds)
        return isImported && ((local % 86_400) + 86_400) % 86_400 == 12 * 3_600
    }

    /// Whether its amount counts in sums and balances: a split parent's parts and a group's
    /// members count instead.
    public var counts: Bool { kind == nil }

    /// Whether its amount is tied to others': a split's parent and parts add up, a group's row is
    /// its members' sum. Such an amount changes only after unsplitting or ungrouping.
    public var amountIsTied: Bool { kind != nil || parentID != nil || groupID != nil }

    /// The transaction as it is after `change`, stamped with the time of the change.
    public func applying(_ change: TransactionChange, at time: Int64) -> Transaction {
        var changed = self
        if let categoryID = change.categoryID, categoryID != self.categoryID {
            changed.categoryID = categoryID
            changed.categorySource = categoryID == nil ? nil : change.categorySource ?? .person
        }
        if let notes = change.notes { changed.notes = notes }
        if let status = change.status { changed.status = status }
        if let payee = change.payee { changed.payee = payee }
        if let money = change.money { changed.money = money }
        if let bookedAt = change.bookedAt { changed.bookedAt = bookedAt }
        if let accountID = change.accountID { changed.accountID = accountID }
        changed.updatedAt = time
        return changed
    }
}

extension Transaction {
    /// The bank's own text, where it says more than the payee shown (PayPal's merchant and
    /// reference behind a payee named "PayPal", a renamed payee's original): nil when it is empty
    /// or only the payee again, whatever its case and spacing. The review deck shows it on the
    /// card so two payments to one payee can be told apart.
    public var bankTextBesidePayee: String? {
        func folded(_ text: String) -> String {
            text.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
        }
        let bank = folded(originalName)
        return bank.isEmpty || bank == folded(payee) ? nil : originalName.trimmingCharacters(in: .whitespaces)
    }
}
