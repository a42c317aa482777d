/// The review deck's phases and what moves it between them, as one table. `ReviewDeck` consults it
/// before every change, and the review page embeds it as JSON (`ReviewDeck.machine`) and runs its script
/// on it, so the Swift deck, the page and any client built on this module move by the same rules.
/// The raw values are the words the page's script uses.
extension ReviewDeck {
    /// Where the deck is, without what a phase carries (the message of a failed load).
    public enum Phase: String, Hashable, Codable, CaseIterable, Sendable {
        case fetching
        /// Nothing uncleared to review.
        case fetchEmpty
        case fetchFailed
        case swiping
        /// The deck is finished and its decisions are being applied.
        case applying
        case done
    }

    /// What can happen to the deck. An event the table has no step for in the current phase is
    /// ignored: a late answer, a second click, a key pressed while the deck is applying.
    public enum Event: String, Hashable, Codable, CaseIterable, Sendable {
        /// The cards arrived, at least one.
        case loaded
        /// The answer held no cards.
        case loadedEmpty
        case failedToLoad
        /// The user asked to load again after a failure.
        case retryLoading
        /// A month opened afresh, whatever the deck was doing: the offer of more to review, another
        /// month, the browser's back and forward buttons.
        case reload
        /// Right: the card on top is cleared.
        case swipeRight
        /// Left, then a category from the picker.
        case pick
        /// Skip: the card is passed untouched.
        case skip
        /// The last step taken back.
        case undo
        /// The last card was passed and there are decisions to apply.
        case lastCardPassed
        /// The last card was passed and every card was left untouched: nothing to apply.
        case lastCardPassedUntouched
        /// Outcomes arrived and some decisions still wait for theirs.
        case record
        /// Outcomes arrived and every decision has one.
        case allRecorded
        /// Failed decisions are sent again.
        case retryFailed
    }

    /// One step of the table: `event` in phase `from` leads to phase `to`.
    public struct Transition: Hashable, Codable, Sendable {
        public var from: Phase
        public var event: Event
        public var to: Phase

        public init(from: Phase, on event: Event, to: Phase) {
            self.from = from
            self.event = event
            self.to = to
        }
    }

    /// Every step the deck can take; at most one per phase and event. A swipe stays in `swiping` and
    /// the last one is followed by `lastCardPassed…`, so the page can let the card fly off first.
    public static let transitions: [Transition] =
        [
            Transition(from: .fetching, on: .loaded, to: .swiping),
            Transition(from: .fetching, on: .loadedEmpty, to: .fetchEmpty),
            Transition(from: .fetching, on: .failedToLoad, to: .fetchFailed),
            Transition(from: .fetchFailed, on: .retryLoading, to: .fetching),
            Transition(from: .swiping, on: .swipeRight, to: .swiping),
            Transition(from: .swiping, on: .pick, to: .swiping),
            Transition(from: .swiping, on: .skip, to: .swiping),
            Transition(from: .swiping, on: .undo, to: .swiping),
            Transition(from: .swiping, on: .lastCardPassed, to: .applying),
            Transition(from: .swiping, on: .lastCardPassedUntouched, to: .done),
            Transition(from: .applying, on: .record, to: .applying),
            Transition(from: .applying, on: .allRecorded, to: .done),
            Transition(from: .done, on: .retryFailed, to: .applying),
        ] + Phase.allCases.map { Transition(from: $0, on: .reload, to: .fetching) }

    /// The phase `event` leads to from `phase`, or nil when the table has no such step.
    public static func phase(after event: Event, from phase: Phase) -> Phase? {
        transitions.first { $0.from == phase && $0.event == event }?.to
    }

    /// The table as the review page embeds it: `{"initial": "fetching", "transitions": [{"from", "event",
    /// "to"}, …]}`.
    public struct Machine: Hashable, Codable, Sendable {
        public var initial: Phase
        public var transitions: [Transition]
    }

    /// The deck's machine: where a new deck starts, and the table.
    public static let machine = Machine(initial: ReviewDeck(limit: 1).phase, transitions: transitions)
}
