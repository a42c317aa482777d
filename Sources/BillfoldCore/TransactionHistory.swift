/// One field of a transaction changed by the user, as its history shows it.
public struct TransactionEdit: Hashable, Sendable {
    public enum Field: String, Sendable, CaseIterable {
        case category
        case status
        case notes
        case payee
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
        return edits
    }
}
