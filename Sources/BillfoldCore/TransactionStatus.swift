/// Where a transaction stands in the user's review.
public enum TransactionStatus: String, Sendable, Codable, CaseIterable {
    /// Reviewed and accepted by the user.
    case cleared
    /// Not yet reviewed; the review deck shows these.
    case uncleared
    /// Announced by the bank but not yet booked.
    case pending

    public init(parsing text: String) throws(BillfoldError) {
        guard let status = TransactionStatus(rawValue: text.lowercased()) else {
            throw BillfoldError(
                .invalidStatus, Phrase("error.status.unknown", ["text": text]),
                fields: ["status": Phrase("error.status.choices")])
        }
        self = status
    }

    /// The word shown to a person, in the current words' language.
    public var label: String {
        switch self {
        case .cleared: tr("status.cleared")
        case .uncleared: tr("status.uncleared")
        case .pending: tr("status.pending")
        }
    }
}
