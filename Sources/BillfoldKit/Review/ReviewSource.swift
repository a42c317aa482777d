import BillfoldAPI
import BillfoldCore
import Foundation

/// A month's cards as a source gives them.
public struct ReviewCards: Sendable, Equatable {
    /// The month the cards are from.
    public var month: Month
    /// The month's oldest uncleared transactions, oldest first, as many as the deck takes.
    public var cards: [Transaction]
    /// Uncleared in that month, the cards included.
    public var remaining: Int
    /// Names of the cards' accounts, for sources that name them with the transactions.
    public var accountNames: [Int64: String]
    /// The category suggested for a card (by id), learned from the person's own decisions; for
    /// sources that suggest (Billfold's native API).
    public var suggestions: [Int64: Int64] = [:]

    /// `accountNames` is left empty by sources whose account names come separately (`accountNames()`).
    public init(month: Month, cards: [Transaction], remaining: Int, accountNames: [Int64: String] = [:]) {
        self.month = month
        self.cards = cards
        self.remaining = remaining
        self.accountNames = accountNames
    }
}

/// Where the review deck's transactions come from and its decisions go: Billfold's native API,
/// a Lunch Money v1 server (Lunch Money itself or Billfold's `/v1`), or a local file. The deck
/// and its view model are the same for all three.
public protocol ReviewSource: Sendable {
    /// The person's preferences (locale and zone for formatting, deck size).
    func preferences() async throws(ClientError) -> Preferences
    /// The categories, for the picker and the card's category line.
    func categories() async throws(ClientError) -> CategoryTree
    /// Account names by id, for the card's account line.
    func accountNames() async throws(ClientError) -> [Int64: String]
    /// A month's oldest uncleared transactions, at most `limit`; the current month when nil.
    func cards(month: Month?, limit: Int) async throws(ClientError) -> ReviewCards
    /// Applies one decision; `key` makes a repeat of the same call apply nothing twice.
    func apply(_ decision: ReviewDecision, key: String) async throws(ClientError) -> ReviewDeck.Outcome
    /// The oldest month of the twelve before the current one with uncleared transactions.
    func lookback() async throws(ClientError) -> (month: Month, count: Int)?
    /// The decision as a change for the offline queue, sent later with the same `key`; nil for a
    /// source whose changes cannot wait in the queue (the queue speaks the native API).
    func queuedChange(for decision: ReviewDecision, key: String, summary: String) -> QueuedChange?
}

extension ReviewSource {
    /// None: a source's decisions cannot wait in the offline queue unless it says how.
    public func queuedChange(for decision: ReviewDecision, key: String, summary: String) -> QueuedChange? { nil }
}

/// The review deck over Billfold's native API.
public struct NativeReviewSource: ReviewSource {
    /// The server the deck is read from and its decisions are sent to.
    public let client: BillfoldClient

    /// Reads and sends through `client`.
    public init(client: BillfoldClient) { self.client = client }

    /// The signed-in person's preferences, from `GET /api/v1/me`.
    public func preferences() async throws(ClientError) -> Preferences { try await client.me().preferences }

    /// The person's categories, from `GET /api/v1/categories`.
    public func categories() async throws(ClientError) -> CategoryTree { try await client.categoryTree() }

    /// The person's account names by id, from `GET /api/v1/accounts`.
    public func accountNames() async throws(ClientError) -> [Int64: String] {
        Dictionary(try await client.accounts().map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    /// A month's deck from `GET /api/v1/review/deck` (the current month when nil), at most `limit` cards.
    public func cards(month: Month?, limit: Int) async throws(ClientError) -> ReviewCards {
        let deck = try await client.reviewDeck(month: month)
        do {
            var cards = ReviewCards(
                month: try Month(parsing: deck.month), cards: try deck.cards.prefix(limit).map { try $0.transaction() },
                remaining: deck.remaining)
            for card in deck.cards {
                if let suggestion = card.suggestion { cards.suggestions[card.id] = suggestion.categoryId }
            }
            return cards
        } catch {
            throw ClientError(.unreadableAnswer, message: tr("kit.review.cardUnreadable"))
        }
    }

    /// Sends one decision to `POST /api/v1/review/batches`, with `key` as its Idempotency-Key.
    public func apply(_ decision: ReviewDecision, key: String) async throws(ClientError) -> ReviewDeck.Outcome {
        let answer = try await client.applyReview([decision], key: key)
        guard let item = answer.items.first else {
            throw ClientError(.unreadableAnswer, message: tr("kit.review.emptyAnswer"))
        }
        switch item.outcome.kind {
        case .applied: return .applied
        case .unchanged: return .unchanged
        case .failed, nil: return .failed(item.error?.message ?? tr("kit.review.notApplied"))
        }
    }

    /// The oldest month with uncleared transactions, and how many, from `GET /api/v1/review/lookback`.
    public func lookback() async throws(ClientError) -> (month: Month, count: Int)? {
        guard let found = try await client.lookback(), let month = try? Month(parsing: found.month) else {
            return nil
        }
        return (month, found.count)
    }

    /// The decision as a `POST /api/v1/review/batches` for the offline queue, keyed by `key`; nil when `key`
    /// is not a UUID.
    public func queuedChange(for decision: ReviewDecision, key: String, summary: String) -> QueuedChange? {
        guard let id = UUID(uuidString: key) else { return nil }
        return try? QueuedChange(
            NativeAPI.reviewBatch, body: ReviewBatchRequest(decisions: [ReviewBatchRequest.Decision(decision)]),
            summary: summary, id: id)
    }
}
