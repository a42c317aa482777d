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
        if let category = change.categoryID, category != old.categoryID {
            edits.append(
                TransactionEdit(
                    field: .category, oldValue: old.categoryID.map(String.init), newValue: category.map(String.init),
                    changedAt: time))
        }
        if let status = change.status, status != old.status {
            edits.append(
                TransactionEdit(
                    field: .status, oldValue: old.status.rawValue, newValue: status.rawValue, changedAt: time))
        }
        if let notes = change.notes, notes != old.notes {
            edits.append(
                TransactionEdit(
                    field: .notes, oldValue: old.notes.isEmpty ? nil : old.notes, newValue: notes.isEmpty ? nil : notes,
                    changedAt: time))
        }
        if let payee = change.payee, payee != old.payee {
            edits.append(TransactionEdit(field: .payee, oldValue: old.payee, newValue: payee, changedAt: time))
        }
        if let money = change.money, money != old.money {
            edits.append(
                TransactionEdit(
                    field: .amount, oldValue: "\(old.money.decimalString) \(old.money.currency.code)",
                    newValue: "\(money.decimalString) \(money.currency.code)", changedAt: time))
        }
        if let bookedAt = change.bookedAt, bookedAt != old.bookedAt {
            edits.append(
                TransactionEdit(
                    field: .bookedAt, oldValue: old.bookedAt.iso8601, newValue: bookedAt.iso8601, changedAt: time))
        }
        if let account = change.accountID, account != old.accountID {
            edits.append(
                TransactionEdit(
                    field: .account, oldValue: String(old.accountID), newValue: String(account), changedAt: time))
        }
        return edits
    }
}
