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

        /// What the source of an imported booking states.
        public var isBooking: Bool { self == .amount || self == .bookedAt || self == .account }
    }

    public var field: Field
    /// Stored as text: a category id, a status, or the notes; nil for "none".
    public var oldValue: String?
    public var newValue: String?
    public var changedAt: Int64

    public init(field: Field, oldValue: String?, newValue: String?, changedAt: Int64) {
        self.field = field
        self.oldValue = oldValue
        self.newValue = newValue
        self.changedAt = changedAt
    }

    /// The edits a change makes to a transaction: only fields whose value really changes.
    public static func edits(from old: Transaction, applying change: TransactionChange, at time: Int64)
        -> [TransactionEdit]
    {
        var edits: [TransactionEdit] = []
        // A field the change sets to a new value, written as text the history keeps.
        func note<Value: Equatable>(_ field: Field, _ new: Value?, _ old: Value, _ text: (Value) -> String?) {
            guard let new, new != old else { return }
            edits.append(TransactionEdit(field: field, oldValue: text(old), newValue: text(new), changedAt: time))
        }
        note(.category, change.categoryID, old.categoryID) { $0.map(String.init) }
        note(.status, change.status, old.status) { $0.rawValue }
        note(.notes, change.notes, old.notes) { $0.isEmpty ? nil : $0 }
        note(.payee, change.payee, old.payee) { $0 }
        note(.amount, change.money, old.money) { "\($0.decimalString) \($0.currency.code)" }
        note(.bookedAt, change.bookedAt, old.bookedAt) { $0.iso8601 }
        note(.account, change.accountID, old.accountID) { String($0) }
        return edits
    }
}
