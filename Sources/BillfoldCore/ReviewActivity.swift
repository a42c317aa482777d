/// One applied review decision, for the activity log, with its transaction as it is now.
public struct ReviewActivity: Sendable, Equatable {
    public var id: Int64
    public var transactionID: Int64
    public var batchID: Int64
    /// What was done, which is not always what was asked: recategorising to the same category
    /// only clears.
    public var action: ReviewActionKind
    public var oldCategoryID: Int64?
    public var newCategoryID: Int64?
    public var decidedAt: Int64
    public var transaction: Transaction?

    public init(
        id: Int64 = 0, transactionID: Int64, batchID: Int64, action: ReviewActionKind, oldCategoryID: Int64?,
        newCategoryID: Int64?, decidedAt: Int64, transaction: Transaction? = nil
    ) {
        self.id = id
        self.transactionID = transactionID
        self.batchID = batchID
        self.action = action
        self.oldCategoryID = oldCategoryID
        self.newCategoryID = newCategoryID
        self.decidedAt = decidedAt
        self.transaction = transaction
    }
}

/// Where a Lunch Money pull stands, for the settings page to follow.
public struct LunchMoneyPullStatus: Codable, Sendable, Equatable {
    public var running: Bool
    public var message: String
    public var failed: Bool

    public init(running: Bool, message: String, failed: Bool) {
        self.running = running
        self.message = message
        self.failed = failed
    }
}
