import Foundation

/// What rules change on a transaction, as it was before a run and after: kept for each
/// transaction a run changed, so the whole run can be undone, and shown in its preview.
public struct RuleOutcome: Hashable, Sendable, Codable {
    public var payee: String
    public var notes: String
    public var status: TransactionStatus
    public var categoryID: Int64?
    public var categorySource: CategorySource?
    public var tagIDs: [Int64]

    public init(_ subject: RuleSubject) {
        payee = subject.payee
        notes = subject.notes
        status = subject.status
        categoryID = subject.categoryID
        categorySource = subject.categoryID == nil ? nil : subject.categorySource
        tagIDs = subject.tagIDs.sorted()
    }

    /// The change that turns `self` into `other`, field by field (tags apart).
    public func change(to other: RuleOutcome) -> TransactionChange {
        var change = TransactionChange()
        if other.payee != payee { change.payee = other.payee }
        if other.notes != notes { change.notes = other.notes }
        if other.status != status { change.status = other.status }
        if other.categoryID != categoryID || other.categorySource != categorySource {
            change.categoryID = .some(other.categoryID)
            change.categorySource = other.categorySource
        }
        return change
    }

    /// The change that undoes `self` (after a run) back to `before`, for the fields that still
    /// hold what the run wrote in `now`: a field the person changed since is theirs, left alone
    /// (a category they chose again, the same one, too: it is theirs now).
    public func undo(to before: RuleOutcome, now: RuleOutcome) -> TransactionChange {
        var change = TransactionChange()
        if payee != before.payee, now.payee == payee { change.payee = before.payee }
        if notes != before.notes, now.notes == notes { change.notes = before.notes }
        if status != before.status, now.status == status { change.status = before.status }
        if categoryID != before.categoryID, now.categoryID == categoryID, now.categorySource == categorySource {
            change.categoryID = .some(before.categoryID)
            change.categorySource = before.categorySource
        }
        return change
    }
}
