import BillfoldCore
import Foundation
import Observation

/// The review deck screen: Core's `ReviewDeck` driven against a `ReviewSource`, with what a
/// screen needs around it (the month's name, the categories for the picker, per-decision
/// progress while applying, the look-back offer). Any UI (SwiftUI, the terminal) switches on
/// `screen` and calls the actions; it keeps no state of its own but the picker's filter text.
@MainActor @Observable
public final class ReviewViewModel {
    /// What to show.
    public enum Screen: Equatable, Sendable {
        case loading
        /// The month has nothing uncleared.
        case empty
        /// The cards could not be loaded; `retry()` loads again.
        case failed(ClientError)
        /// A card is on top (`card`).
        case swiping
        /// The decisions are being sent; `items` shows each one's progress.
        case applying
        /// Every decision has an answer; `items` says which failed (`retryFailed()`).
        case done
    }

    /// One decision's progress while applying.
    public struct Item: Equatable, Sendable, Identifiable {
        /// Where a decision is: waiting to be sent, applied, already so, waiting in the queue, or failed with why.
        public enum Progress: Equatable, Sendable {
            case pending
            case applied
            case unchanged
            /// The server could not be reached; the decision waits in the offline queue.
            case queued
            case failed(String)
        }

        /// The transaction the decision is for.
        public var id: Int64 { decision.transactionID }
        /// What the person decided for the card: clear it, or move it to a category.
        public var decision: ReviewDecision
        /// The card's payee, for the progress list.
        public var payee: String
        /// How far the decision has got.
        public var progress: Progress
        /// Sent with the decision; kept when no answer came (it may have been applied), new after
        /// the server refused it (nothing was applied).
        var key: String
    }

    /// Where the cards come from and the decisions go.
    public let source: any ReviewSource
    /// Where decisions wait when the server cannot be reached (native API only).
    public let queue: OfflineQueue?
    /// Core's deck: the cards, which one is on top, and the decisions so far.
    public private(set) var deck: ReviewDeck
    /// The month the cards are from; nil until loaded.
    public private(set) var month: Month?
    /// The categories, for the picker and the card's category line.
    public private(set) var categories = CategoryTree([])
    /// Account names by id, for the card's account line.
    public private(set) var accountNames: [Int64: String] = [:]
    /// The person's language, time zone and deck size.
    public private(set) var preferences = Preferences.standard
    /// Uncleared in the month, the cards included, when the deck was loaded.
    public private(set) var remaining = 0
    /// The category suggested for each card that has one (by transaction id).
    public private(set) var suggestions: [Int64: Int64] = [:]
    /// Each decision with its progress, once the last card is decided.
    public private(set) var items: [Item] = []
    /// How many steps of an earlier, unfinished visit to this month's deck were taken again on
    /// load (from `drafts`), for the screen to say so; 0 for a fresh deck.
    public private(set) var resumedSteps = 0
    /// Where the steps of an unfinished deck are kept as they are taken; nil keeps them nowhere.
    public let drafts: ReviewDraftStore?
    /// "You have uncleared transactions from March 2026": the month and how many.
    public private(set) var lookbackOffer: (month: Month, count: Int)?
    private var loadFailure: ClientError?

    /// `queue` keeps decisions that got no answer while the server could not be reached (native API
    /// only); `drafts` keeps each step as it is taken, so leaving the deck early loses none.
    public init(source: any ReviewSource, queue: OfflineQueue? = nil, drafts: ReviewDraftStore? = nil) {
        self.source = source
        self.queue = queue
        self.drafts = drafts
        self.deck = ReviewDeck(limit: Preferences.standard.deckSize)
    }

    /// What to show now, from the deck's phase.
    public var screen: Screen {
        switch deck.phase {
        case .fetching: .loading
        case .fetchEmpty: .empty
        case .fetchFailed: .failed(loadFailure ?? ClientError(.offline, message: tr("kit.review.loadFailed")))
        case .swiping: .swiping
        case .applying: .applying
        case .done: .done
        }
    }

    /// The card on top while swiping.
    public var card: Transaction? { deck.current }
    /// "3 of 12".
    public var position: (current: Int, total: Int) { (deck.position + 1, deck.cards.count) }
    /// There is a step to take back.
    public var canUndo: Bool { deck.canUndo }

    /// The month's name in the person's language, e.g. "November 2026".
    public var monthName: String {
        guard let month else { return "" }
        return month.name(locale: preferences.format.locale, timeZone: preferences.zone)
    }

    /// The category a card shows: its name, "Uncategorized", or "Unknown category (id N)" when
    /// the id is not among the categories (deleted meanwhile, say).
    public func categoryName(of transaction: Transaction) -> String {
        categories.name(of: transaction.categoryID)
    }

    /// The account a card is in.
    public func accountName(of transaction: Transaction) -> String {
        accountNames[transaction.accountID] ?? tr("kit.account.unnamed", ["id": String(transaction.accountID)])
    }

    /// Loads a month's deck (the current month when nil), with the categories and preferences.
    public func load(month: Month? = nil) async {
        deck.reload()
        items = []
        lookbackOffer = nil
        loadFailure = nil
        resumedSteps = 0
        do {
            preferences = try await source.preferences()
            deck = ReviewDeck(limit: preferences.deckSize)
            categories = try await source.categories()
            accountNames = try await source.accountNames()
            let loaded = try await source.cards(month: month, limit: preferences.deckSize)
            self.month = loaded.month
            remaining = loaded.remaining
            suggestions = loaded.suggestions
            accountNames.merge(loaded.accountNames) { _, named in named }
            deck.loaded(loaded.cards)
            if let draft = drafts?.draft(for: loaded.month) {
                resumedSteps = deck.resume(draft)
                startApplyingIfFinished()
            }
        } catch {
            loadFailure = error
            deck.failedToLoad(error.message)
        }
    }

    /// After a failed load: the same month again.
    public func retry() async {
        await load(month: month)
    }

    /// The category suggested for an uncategorised card, learned from the person's decisions;
    /// clearing the card takes it.
    public func suggestion(for transaction: Transaction) -> (id: Int64, name: String)? {
        guard transaction.categoryID == nil, let id = suggestions[transaction.id] else { return nil }
        return (id, categories.name(of: id))
    }

    /// Right: clear the card on top; one with a suggestion is put in the suggested category too
    /// (accepting it is the person's decision, as if picked).
    public func clear() {
        if let card, let suggested = suggestion(for: card) {
            deck.swipeLeft(choosing: .category(suggested.id))
        } else {
            deck.swipeRight()
        }
        startApplyingIfFinished()
        keepDraft()
    }

    /// Left, then the picker's answer: a category (nil for Uncategorized).
    public func choose(category id: Int64?) {
        deck.swipeLeft(choosing: .category(id))
        startApplyingIfFinished()
        keepDraft()
    }

    /// Left, then Esc: back to the same card, nothing decided.
    public func cancelPicker() {
        deck.swipeLeft(choosing: .cancel)
    }

    /// Passes the card on top untouched: it stays uncleared for another time.
    public func skip() {
        deck.skip()
        startApplyingIfFinished()
        keepDraft()
    }

    /// Takes back the last step, a skip as much as a decision; its card is on top again.
    public func undo() {
        deck.undo()
        keepDraft()
    }

    /// Writes the steps so far where they outlive this screen; a deck whose every decision has
    /// its answer (or that had none) leaves nothing behind: a refused decision's card is still
    /// uncleared and comes round again, one without an answer waits in the offline queue. A
    /// draft that cannot be written costs only the resume, never the deck.
    private func keepDraft() {
        guard let drafts, let month else { return }
        try? drafts.keep(deck.phase == .done ? ReviewDeck.Draft(steps: []) : deck.draft, for: month)
    }

    private func startApplyingIfFinished() {
        guard deck.phase == .applying, items.isEmpty else { return }
        let payees = Dictionary(deck.cards.map { ($0.id, $0.payee) }, uniquingKeysWith: { first, _ in first })
        items = deck.decisions.map {
            Item(decision: $0, payee: payees[$0.transactionID] ?? "", progress: .pending, key: UUID().uuidString)
        }
    }

    /// Sends each pending decision as its own request, in order, so the progress is real;
    /// `progress` is called after each answer (a UI without observation redraws there).
    public func apply(progress: () -> Void = {}) async {
        guard deck.phase == .applying else { return }
        for index in items.indices where items[index].progress == .pending {
            let item = items[index]
            let outcome: ReviewDeck.Outcome
            do {
                outcome = try await source.apply(item.decision, key: item.key)
            } catch {
                if await keepForLater(item, after: error) {
                    items[index].progress = .queued
                    // The deck is finished with it; the queue sends it when the server is back.
                    deck.record([item.id: .applied])
                    progress()
                    continue
                }
                // No answer, so it may have been applied: a retry sends the same key.
                items[index].progress = .failed(error.message)
                deck.record([item.id: .failed(error.message)])
                progress()
                continue
            }
            switch outcome {
            case .applied: items[index].progress = .applied
            case .unchanged: items[index].progress = .unchanged
            case .failed(let reason):
                items[index].progress = .failed(reason)
                // Refused, so nothing was applied: a retry is a new request.
                items[index].key = UUID().uuidString
            }
            deck.record([item.id: outcome])
            progress()
        }
        keepDraft()
    }

    /// Puts a decision that got no answer into the offline queue, with the key it was sent with.
    private func keepForLater(_ item: Item, after error: ClientError) async -> Bool {
        guard let queue else { return false }
        let summary =
            switch item.decision.action {
            case .clear: tr("kit.review.clearSummary", ["payee": item.payee])
            case .recategorize(let id):
                tr("kit.review.moveSummary", ["payee": item.payee, "category": categories.name(of: id)])
            }
        guard let change = source.queuedChange(for: item.decision, key: item.key, summary: summary) else {
            return false
        }
        return (try? await queue.keep(change, after: error)) == true
    }

    /// How many decisions wait in the offline queue.
    public var queuedCount: Int { items.filter { $0.progress == .queued }.count }

    /// Sends the failed decisions again.
    public func retryFailed(progress: () -> Void = {}) async {
        let again = Set(deck.retryFailed().map(\.transactionID))
        guard !again.isEmpty else { return }
        for index in items.indices where again.contains(items[index].id) { items[index].progress = .pending }
        await apply(progress: progress)
    }

    /// Looks for an older month with uncleared transactions, to offer when this one is done.
    public func findLookback() async {
        lookbackOffer = try? await source.lookback()
        if let offer = lookbackOffer, offer.month == month { lookbackOffer = nil }
    }

    /// How many decisions failed.
    public var failedCount: Int {
        items.filter { if case .failed = $0.progress { true } else { false } }.count
    }
}
