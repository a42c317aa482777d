/// What a user decided about one card of the review deck.
public struct ReviewDecision: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        /// Mark cleared, category unchanged.
        case clear
        /// Move to another category (nil: uncategorised) and mark cleared.
        case recategorize(Int64?)
    }

    public var transactionID: Int64
    public var action: Action

    public init(transactionID: Int64, action: Action) {
        self.transactionID = transactionID
        self.action = action
    }
}

/// The review deck (PRODUCT §2): uncleared transactions one card at a time. Right clears; left
/// opens the category picker, where another category recategorises and clears, the same
/// category only clears, and cancel leaves the card untouched. The last step can be undone
/// until the deck is finished; then the decisions are applied as one batch.
public struct ReviewDeck: Sendable {
    public enum State: Hashable, Sendable {
        case fetching
        /// Nothing uncleared to review.
        case fetchEmpty
        case fetchFailed(String)
        case swiping
        /// The deck is finished and its decisions are being applied.
        case applying
        case done
    }

    /// How an applied decision ended.
    public enum Outcome: Hashable, Sendable {
        case applied, unchanged
        case failed(String)
    }

    public private(set) var state: State = .fetching
    public private(set) var cards: [Transaction] = []
    /// The index of the card on top while swiping.
    public private(set) var position = 0
    /// One entry per card passed: its decision, or nil when the user cancelled the picker.
    private var steps: [ReviewDecision?] = []
    public private(set) var outcomes: [Int64: Outcome] = [:]
    public let limit: Int

    public init(limit: Int) {
        self.limit = max(1, limit)
    }

    public var current: Transaction? { state == .swiping ? cards[position] : nil }
    public var decisions: [ReviewDecision] { steps.compactMap { $0 } }
    public var canUndo: Bool { state == .swiping && !steps.isEmpty }

    /// The cards arrived; at most `limit` of them are kept.
    public mutating func loaded(_ cards: [Transaction]) {
        guard state == .fetching else { return }
        self.cards = Array(cards.prefix(limit))
        state = self.cards.isEmpty ? .fetchEmpty : .swiping
    }

    public mutating func failedToLoad(_ message: String) {
        guard state == .fetching else { return }
        state = .fetchFailed(message)
    }

    /// Loading again after a failure.
    public mutating func retryLoading() {
        guard case .fetchFailed = state else { return }
        state = .fetching
    }

    /// Right: clear the card on top.
    public mutating func swipeRight() {
        guard let card = current else { return }
        pass(ReviewDecision(transactionID: card.id, action: .clear))
    }

    /// Left, then the picker's answer: a category (nil for Uncategorized), or cancel.
    public mutating func swipeLeft(choosing choice: PickerChoice) {
        guard let card = current else { return }
        switch choice {
        case .cancel:
            pass(nil)
        case .category(let id) where id == card.categoryID:
            pass(ReviewDecision(transactionID: card.id, action: .clear))
        case .category(let id):
            pass(ReviewDecision(transactionID: card.id, action: .recategorize(id)))
        }
    }

    public enum PickerChoice: Hashable, Sendable {
        case cancel
        case category(Int64?)
    }

    /// Takes back the last step: its card is on top again. Nothing to undo at the first card.
    public mutating func undo() {
        guard canUndo else { return }
        steps.removeLast()
        position -= 1
    }

    private mutating func pass(_ decision: ReviewDecision?) {
        steps.append(decision)
        position += 1
        if position == cards.count {
            state = decisions.isEmpty ? .done : .applying
        }
    }

    /// The batch's answer for some decisions; once every decision has one, the deck is done.
    public mutating func record(_ outcomes: [Int64: Outcome]) {
        guard state == .applying else { return }
        self.outcomes.merge(outcomes) { _, new in new }
        if decisions.allSatisfy({ self.outcomes[$0.transactionID] != nil }) { state = .done }
    }

    /// Decisions that failed, to send again; the deck goes back to applying them.
    public mutating func retryFailed() -> [ReviewDecision] {
        let failed = decisions.filter {
            if case .failed = outcomes[$0.transactionID] { return true }
            return false
        }
        guard state == .done, !failed.isEmpty else { return [] }
        for decision in failed { outcomes[decision.transactionID] = nil }
        state = .applying
        return failed
    }
}
