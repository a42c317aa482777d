/// One change to a transaction's category or status, as the Activity page lists it: the history
/// lines one change wrote for one transaction, with where it was made.
public struct ActivityEntry: Sendable, Equatable {
    /// A place in the log, whose order is time, then line: an entry's oldest or newest line.
    public struct Place: Sendable, Hashable, Comparable {
        public var changedAt: Int64
        public var line: Int64

        public init(changedAt: Int64, line: Int64) {
            self.changedAt = changedAt
            self.line = line
        }

        /// As a page's address carries it: `1764432000-5123`.
        public init?(parameter: String) {
            let parts = parameter.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, let at = Int64(parts[0]), let line = Int64(parts[1]), line > 0 else { return nil }
            self.init(changedAt: at, line: line)
        }

        public var parameter: String { "\(changedAt)-\(line)" }

        public static func < (a: Place, b: Place) -> Bool { (a.changedAt, a.line) < (b.changedAt, b.line) }
    }

    /// A value before and after.
    public struct Move<Value: Sendable & Equatable>: Sendable, Equatable {
        public var old: Value?
        public var new: Value?

        public init(old: Value?, new: Value?) {
            self.old = old
            self.new = new
        }
    }

    public var transactionID: Int64
    public var changedAt: Int64
    /// Its first and last history line: the cursors of the pages before and after it.
    public var firstLine: Int64
    public var lastLine: Int64
    /// Nil for changes made before sources were kept.
    public var source: ChangeSource?
    public var category: Move<Int64>?
    public var status: Move<TransactionStatus>?
    /// The transaction as it is now.
    public var transaction: Transaction?

    public init(
        transactionID: Int64, changedAt: Int64, line: Int64, source: ChangeSource?, transaction: Transaction? = nil
    ) {
        self.transactionID = transactionID
        self.changedAt = changedAt
        self.firstLine = line
        self.lastLine = line
        self.source = source
        self.transaction = transaction
    }

    /// The place of its oldest line: the page after it starts below this.
    public var oldest: Place { Place(changedAt: changedAt, line: firstLine) }
    /// The place of its newest line: the page before it starts above this.
    public var newest: Place { Place(changedAt: changedAt, line: lastLine) }

    /// Adds one history line (`field` as `TransactionEdit.Field` names it); false when the line
    /// is another change's: another transaction, time or source, or a field this one has already.
    public mutating func take(
        field: String, old: String?, new: String?, line: Int64, transactionID: Int64, changedAt: Int64,
        source: ChangeSource?
    ) -> Bool {
        guard transactionID == self.transactionID, changedAt == self.changedAt, source == self.source else {
            return false
        }
        switch TransactionEdit.Field(rawValue: field) {
        case .category where category == nil:
            category = Move(old: old.flatMap { Int64($0) }, new: new.flatMap { Int64($0) })
        case .status where status == nil:
            status = Move(
                old: old.flatMap(TransactionStatus.init(rawValue:)), new: new.flatMap(TransactionStatus.init(rawValue:))
            )
        default:
            return false
        }
        firstLine = min(firstLine, line)
        lastLine = max(lastLine, line)
        return true
    }
}
