/// What a user decided about one card of the review deck.
public struct ReviewDecision: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        /// Mark cleared, category unchanged.
        case clear
        /// Move to another category (nil: uncategorised) and mark cleared.
        case recategorize(Int64?)

        /// The action's name on the wire; the category travels beside it.
        public var kind: ReviewActionKind {
            switch self {
            case .clear: .clear
            case .recategorize: .recategorize
            }
        }
    }

    public var transactionID: Int64
    public var action: Action

    public init(transactionID: Int64, action: Action) {
        self.transactionID = transactionID
        self.action = action
    }
}

/// The names of a decision's actions, as the native API (openapi.json), the activity log and the review
/// page spell them. The raw values are the contract: a case may be renamed, its raw value may not.
public enum ReviewActionKind: String, Hashable, Codable, CaseIterable, Sendable {
    case clear, recategorize
}

/// The names of how an applied decision ended, as the batch answer spells them. The raw values are the
/// contract: a case may be renamed, its raw value may not.
public enum ReviewOutcomeKind: String, Hashable, Codable, CaseIterable, Sendable {
    /// The transaction changed.
    case applied
    /// It was already so (already cleared, or a retry of a decision that went through).
    case unchanged
    case failed
}

/// The review deck (PRODUCT §2): uncleared transactions one card at a time. Right clears; left
/// opens the category picker, where another category recategorises and clears, the same
/// category only clears, and cancel goes back to the same card. Skip passes a card untouched. The last step can be undone
/// until the deck is finished; then the decisions are applied as one batch.
///
/// The deck moves between phases only through `transitions` (ReviewDeckMachine.swift), the table the
/// review page's script runs on as well, so the two cannot disagree about what may happen when.
public struct ReviewDeck: Sendable, Equatable {
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

        /// The outcome's name on the wire; a failure's message travels beside it.
        public var kind: ReviewOutcomeKind {
            switch self {
            case .applied: .applied
            case .unchanged: .unchanged
            case .failed: .failed
            }
        }
    }

    /// Where the deck is. Only `go(_:)` changes it, by the table.
    public private(set) var phase: Phase = .fetching
    /// Why the last load failed; part of the state while the phase is `fetchFailed`.
    private var failure = ""
    public private(set) var cards: [Transaction] = []
    /// The index of the card on top while swiping.
    public private(set) var position = 0
    /// One entry per card passed: its decision, or nil when the user skipped the card.
    private var steps: [ReviewDecision?] = []
    public private(set) var outcomes: [Int64: Outcome] = [:]
    public let limit: Int

    public init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// The phase with what it carries.
    public var state: State {
        switch phase {
        case .fetching: .fetching
        case .fetchEmpty: .fetchEmpty
        case .fetchFailed: .fetchFailed(failure)
        case .swiping: .swiping
        case .applying: .applying
        case .done: .done
        }
    }

    public var current: Transaction? { phase == .swiping ? cards[position] : nil }
    public var decisions: [ReviewDecision] { steps.compactMap { $0 } }
    public var canUndo: Bool { !steps.isEmpty && can(.undo) }

    /// Whether the table lets `event` happen now.
    public func can(_ event: Event) -> Bool { Self.phase(after: event, from: phase) != nil }

    /// Moves to the phase the table names for `event`; false, and nothing changes, when the table has
    /// no such step from here. Every method below goes through it before it changes anything else.
    @discardableResult
    private mutating func go(_ event: Event) -> Bool {
        guard let next = Self.phase(after: event, from: phase) else { return false }
        phase = next
        return true
    }

    /// The cards arrived; at most `limit` of them are kept.
    public mutating func loaded(_ cards: [Transaction]) {
        let kept = Array(cards.prefix(limit))
        guard go(kept.isEmpty ? .loadedEmpty : .loaded) else { return }
        self.cards = kept
    }

    public mutating func failedToLoad(_ message: String) {
        guard go(.failedToLoad) else { return }
        failure = message
    }

    /// Loading again after a failure.
    public mutating func retryLoading() {
        go(.retryLoading)
    }

    /// Opens a month afresh, whatever the deck was doing (another month, more of this one, the
    /// browser's back button): cards, decisions and outcomes go, the new cards come through
    /// `loaded(_:)`. Decisions already sent are not taken back; their answers no longer reach this deck.
    public mutating func reload() {
        guard go(.reload) else { return }
        cards = []
        position = 0
        steps = []
        outcomes = [:]
        failure = ""
    }

    /// Right: clear the card on top.
    public mutating func swipeRight() {
        guard let card = current else { return }
        pass(ReviewDecision(transactionID: card.id, action: .clear), as: .swipeRight)
    }

    /// Left, then the picker's answer: a category (nil for Uncategorized), or cancel, which leaves
    /// the same card on top with nothing decided.
    public mutating func swipeLeft(choosing choice: PickerChoice) {
        guard let card = current else { return }
        switch choice {
        case .cancel:
            return
        case .category(let id) where id == card.categoryID:
            pass(ReviewDecision(transactionID: card.id, action: .clear), as: .pick)
        case .category(let id):
            pass(ReviewDecision(transactionID: card.id, action: .recategorize(id)), as: .pick)
        }
    }

    public enum PickerChoice: Hashable, Sendable {
        case cancel
        case category(Int64?)
    }

    /// Passes the card on top untouched: it stays uncleared for another time.
    public mutating func skip() {
        guard current != nil else { return }
        pass(nil, as: .skip)
    }

    /// Takes back the last step: its card is on top again. Nothing to undo at the first card.
    public mutating func undo() {
        guard !steps.isEmpty, go(.undo) else { return }
        steps.removeLast()
        position -= 1
    }

    /// A swipe is its own event, and so is the end of the deck it may bring: the page lets the last
    /// card fly off before the summary takes over.
    private mutating func pass(_ decision: ReviewDecision?, as event: Event) {
        guard go(event) else { return }
        steps.append(decision)
        position += 1
        if position == cards.count {
            go(decisions.isEmpty ? .lastCardPassedUntouched : .lastCardPassed)
        }
    }

    /// The steps taken so far, to keep where they survive the screen (a file, the browser's
    /// storage) until the deck is finished.
    public var draft: Draft {
        Draft(
            steps: zip(cards, steps).map { card, step in
                switch step?.action {
                case nil: Draft.Step(transactionId: card.id, action: .skip)
                case .clear: Draft.Step(transactionId: card.id, action: .clear)
                case .recategorize(let id): Draft.Step(transactionId: card.id, action: .recategorize, categoryId: id)
                }
            })
    }

    /// Takes again the steps of a deck left unfinished, as far as they are for the cards in the
    /// order they are on top now; the number of steps taken again. Steps for cards no longer in
    /// the deck (applied before the screen closed, or cleared elsewhere) are passed over first, so
    /// the decisions still unsent are not lost behind them. The deck must be swiping at its first card.
    @discardableResult
    public mutating func resume(_ draft: Draft) -> Int {
        guard phase == .swiping, position == 0 else { return 0 }
        let here = Set(cards.map(\.id))
        var taken = 0
        for step in draft.steps where here.contains(step.transactionId) {
            guard let card = current, card.id == step.transactionId else { break }
            switch step.action {
            case .skip: skip()
            case .clear: swipeRight()
            case .recategorize: swipeLeft(choosing: .category(step.categoryId))
            }
            taken += 1
        }
        return taken
    }

    /// The steps of an unfinished deck in the form they are kept in: JSON, the same for the
    /// review page's script (`{"steps": [{"transactionId": 7, "action": "skip"}, …]}`) and for
    /// BillfoldKit's `ReviewDraftStore`.
    public struct Draft: Hashable, Codable, Sendable {
        public enum Action: String, Hashable, Codable, Sendable {
            case clear, recategorize, skip
        }

        public struct Step: Hashable, Codable, Sendable {
            public var transactionId: Int64
            public var action: Action
            /// The category moved to (recategorize only); nil is Uncategorized.
            public var categoryId: Int64?

            public init(transactionId: Int64, action: Action, categoryId: Int64? = nil) {
                self.transactionId = transactionId
                self.action = action
                self.categoryId = categoryId
            }
        }

        public var steps: [Step]

        public init(steps: [Step]) { self.steps = steps }
    }

    /// The batch's answer for some decisions; once every decision has one, the deck is done.
    public mutating func record(_ outcomes: [Int64: Outcome]) {
        let merged = self.outcomes.merging(outcomes) { _, new in new }
        let complete = decisions.allSatisfy { merged[$0.transactionID] != nil }
        guard go(complete ? .allRecorded : .record) else { return }
        self.outcomes = merged
    }

    /// Decisions that failed, to send again; the deck goes back to applying them.
    public mutating func retryFailed() -> [ReviewDecision] {
        let failed = decisions.filter { outcomes[$0.transactionID]?.kind == .failed }
        guard !failed.isEmpty, go(.retryFailed) else { return [] }
        for decision in failed { outcomes[decision.transactionID] = nil }
        return failed
    }
}
