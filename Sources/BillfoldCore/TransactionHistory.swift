/// One field of a transaction changed by the user, as its history shows it.
public struct TransactionEdit: Hashable, Sendable {
    public enum Field: String, Sendable, CaseIterable {
        case category
        case status
        case notes
        case payee
        /// Stored as "-12.50 EUR".
        case amount
        /// Stored as ISO 8601 with the offset it was booked at.
        case bookedAt
        /// Stored as the account id.
        case account
        /// How it got its category (`CategorySource`), beside the category's own line.
        case categorySource

        /// The field's name in catalogue keys (`transactions.date`, `transactions.fieldInText.date`).
        public var catalogueName: String { self == .bookedAt ? "date" : rawValue }

        /// What the source of an imported booking states.
        public var isBooking: Bool { self == .amount || self == .bookedAt || self == .account }
    }

    public var field: Field
    /// Stored as text: a category id, a status, or the notes; nil for "none".
    public var oldValue: String?
    public var newValue: String?
    public var changedAt: Int64
    /// Where it was changed; nil for a change being worked out, or one made before this was kept.
    public var source: ChangeSource?

    public init(field: Field, oldValue: String?, newValue: String?, changedAt: Int64, source: ChangeSource? = nil) {
        self.field = field
        self.oldValue = oldValue
        self.newValue = newValue
        self.changedAt = changedAt
        self.source = source
    }

    /// The edits a change makes to a transaction: only fields whose value really changes.
    public static func edits(from old: Transaction, applying change: TransactionChange, at time: Int64)
        -> [TransactionEdit]
    {
        let new = old.applying(change, at: time)
        return Field.allCases.compactMap { field in
            let before = old.text(of: field)
            let after = new.text(of: field)
            guard before != after else { return nil }
            // Who set the category is news only when the category's own line does not tell it: not
            // for a first category the person chose, nor for none.
            if field == .categorySource, after == nil || (before == nil && new.categorySource == .person) {
                return nil
            }
            return TransactionEdit(field: field, oldValue: before, newValue: after, changedAt: time)
        }
    }
}

extension Transaction {
    /// A field's value as the history (and the Lunch Money sync) writes it.
    public func text(of field: TransactionEdit.Field) -> String? {
        switch field {
        case .category: categoryID.map(String.init)
        case .status: status.rawValue
        case .notes: notes.isEmpty ? nil : notes
        case .payee: payee
        case .amount: "\(money.decimalString) \(money.currency.code)"
        case .bookedAt: bookedAt.iso8601
        case .account: String(accountID)
        case .categorySource: categorySource?.rawValue
        }
    }
}

extension TransactionChange {
    /// Sets `field` to a value written as `Transaction.text(of:)` writes it: the inverse, so a
    /// value kept as text (a conflict's other side, say) can be applied again.
    public mutating func set(_ field: TransactionEdit.Field, text: String?) throws(BillfoldError) {
        func number(_ text: String?) throws(BillfoldError) -> Int64 {
            guard let text, let value = Int64(text) else {
                throw BillfoldError.validation(field.rawValue, Phrase("error.core.notAnID", ["text": text ?? ""]))
            }
            return value
        }
        switch field {
        case .category: categoryID = .some(text == nil ? nil : try number(text))
        case .status: status = try TransactionStatus(parsing: text ?? "")
        case .notes: notes = text ?? ""
        case .payee: payee = text ?? ""
        case .amount:
            let parts = (text ?? "").split(separator: " ").map(String.init)
            guard parts.count == 2 else {
                throw BillfoldError.validation("amount", Phrase("error.core.notAnAmount", ["text": text ?? ""]))
            }
            money = try Money(parsing: parts[0], currency: try Currency(code: parts[1]))
        case .bookedAt: bookedAt = try BookingTime(iso8601: text ?? "")
        case .account: accountID = try number(text)
        case .categorySource: categorySource = text.flatMap(CategorySource.init(rawValue:))
        }
    }
}
