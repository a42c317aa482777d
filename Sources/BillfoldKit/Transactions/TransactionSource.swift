import BillfoldAPI
import BillfoldCore
import Foundation

/// One page of a transaction list, and the totals of the whole filter, one per currency.
public struct TransactionPage: Sendable, Equatable {
    /// The page's transactions, newest first.
    public var transactions: [Transaction]
    /// Where the next page starts; nil on the last one.
    public var nextCursor: String?
    /// The totals of the whole filter, one per currency, not only of this page.
    public var totals: [CurrencyTotal]
    /// The suggested category of each uncategorised transaction of the page that has one sure
    /// enough to show, by transaction id.
    public var suggestions: [Int64: Suggestion]
    /// The totals as one in the person's primary currency, when some are in another.
    public var converted: ConvertedTotal?

    /// `nextCursor` is nil on the last page; `totals` are the whole filter's.
    public init(
        transactions: [Transaction], nextCursor: String?, totals: [CurrencyTotal],
        suggestions: [Int64: Suggestion] = [:], converted: ConvertedTotal? = nil
    ) {
        self.transactions = transactions
        self.nextCursor = nextCursor
        self.totals = totals
        self.suggestions = suggestions
        self.converted = converted
    }
}

/// Where the transaction screens read and change transactions: Billfold's native API, or a local
/// file (previews, demos and tests without a server).
public protocol TransactionSource: Sendable {
    func preferences() async throws(ClientError) -> Preferences
    func categories() async throws(ClientError) -> CategoryTree
    func accountNames() async throws(ClientError) -> [Int64: String]
    func page(_ filter: TransactionFilter, after cursor: String?, limit: Int) async throws(ClientError)
        -> TransactionPage
}

/// The transaction screens over Billfold's native API.
public struct NativeTransactionSource: TransactionSource {
    /// The server transactions are read from.
    public let client: BillfoldClient
    private let review: NativeReviewSource

    /// Reads through `client`.
    public init(client: BillfoldClient) {
        self.client = client
        review = NativeReviewSource(client: client)
    }

    /// The signed-in person's preferences, from `GET /api/v1/me`.
    public func preferences() async throws(ClientError) -> Preferences { try await review.preferences() }
    /// The person's categories, from `GET /api/v1/categories`.
    public func categories() async throws(ClientError) -> CategoryTree { try await review.categories() }
    /// The person's account names by id, from `GET /api/v1/accounts`.
    public func accountNames() async throws(ClientError) -> [Int64: String] { try await review.accountNames() }

    /// One page of the filter from `GET /api/v1/transactions`, with the whole filter's totals per currency
    /// and the suggestions for its uncategorised transactions.
    public func page(_ filter: TransactionFilter, after cursor: String?, limit: Int) async throws(ClientError)
        -> TransactionPage
    {
        let answer = try await client.transactions(filter, after: cursor, limit: limit, suggestions: true)
        var suggestions: [Int64: Suggestion] = [:]
        for row in answer.transactions {
            if let guess = row.suggestion {
                suggestions[row.id] = Suggestion(categoryID: guess.categoryId, confidence: guess.confidence)
            }
        }
        do {
            return TransactionPage(
                transactions: try answer.transactions.map { try $0.transaction() }, nextCursor: answer.nextCursor,
                totals: try answer.totals.map { try $0.total() }, suggestions: suggestions,
                converted: try answer.convertedTotal?.total())
        } catch {
            throw ClientError(.unreadableAnswer, message: tr("kit.transactions.unreadable"))
        }
    }
}
