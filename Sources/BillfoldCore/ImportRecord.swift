/// One import of a bank file, as the Imports list shows it: what came in, what was already
/// there, and whether it was undone.
public struct ImportRecord: Hashable, Sendable, Identifiable {
    public let id: Int64
    public var fileName: String
    /// `csv`, `ofx`, `qif` or `camt`.
    public var format: String
    public var createdAt: Int64
    /// Transactions it added (the ones Undo removes).
    public var added: Int
    /// Bookings that were already in Billfold from an earlier import.
    public var skipped: Int
    /// Bookings the bank marked as not booked yet, left out.
    public var pending: Int
    /// Rows that could not be read and were left out at the person's choice.
    public var unreadable: Int
    /// When it was undone; its transactions are gone then.
    public var undoneAt: Int64?

    public init(
        id: Int64, fileName: String, format: String, createdAt: Int64, added: Int, skipped: Int, pending: Int,
        unreadable: Int, undoneAt: Int64?
    ) {
        self.id = id
        self.fileName = fileName
        self.format = format
        self.createdAt = createdAt
        self.added = added
        self.skipped = skipped
        self.pending = pending
        self.unreadable = unreadable
        self.undoneAt = undoneAt
    }
}
