import BillfoldAPI
import BillfoldCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The native API's calls the screens need, typed end to end with BillfoldAPI's shapes.
extension BillfoldClient {
    /// Signs in with email and password and returns a new access token labelled `label` (e.g. the
    /// device's name), which may do what `scope` says until `expiresAt` (a day or an ISO 8601
    /// time; nil: never). Never retried: a second try would make a second token.
    public static func signIn(
        server: URL, email: String, password: String, label: String, scope: TokenScope = .readWrite,
        expiresAt: String? = nil, configuration: URLSessionConfiguration? = nil
    ) async throws(ClientError) -> CreatedTokenResponse {
        let client = BillfoldClient(baseURL: server, token: nil, configuration: configuration, retry: .never)
        let body = CreateTokenRequest(
            email: email, password: password, label: label, scope: scope, expiresAt: expiresAt)
        return try await client.send(
            NativeAPI.createToken, body: body, idempotencyKey: .none, as: CreatedTokenResponse.self)
    }

    /// Who the token belongs to, with their preferences.
    public func me() async throws(ClientError) -> MeResponse {
        try await send(NativeAPI.me, as: MeResponse.self)
    }

    /// The person's access tokens (label, when made, when last used), from `GET /api/v1/tokens`.
    public func tokens() async throws(ClientError) -> [TokenDTO] {
        try await send(NativeAPI.tokens, as: TokenListResponse.self).tokens
    }

    /// Revokes an access token with `DELETE /api/v1/tokens/{id}`; whatever signed in with it must sign in again.
    public func revokeToken(_ id: Int64) async throws(ClientError) {
        try await send(NativeAPI.revokeToken, [id], body: Optional<Empty>.none)
    }

    /// Ends the token this client signs in with (`DELETE /api/v1/tokens/current`), whatever its
    /// scope: signing out of a device leaves nothing behind on the server.
    public func revokeThisToken() async throws(ClientError) {
        try await send(NativeAPI.revokeCurrentToken, body: Optional<Empty>.none)
    }

    // MARK: Transactions

    /// One page of a filter, newest first, with the totals of the whole filter per currency;
    /// `suggestions`: with each uncategorised transaction's suggested category where there is one.
    public func transactions(
        _ filter: TransactionFilter = TransactionFilter(), after cursor: String? = nil, limit: Int = PageSize.default,
        suggestions: Bool = false
    ) async throws(ClientError) -> TransactionListResponse {
        var query = filter.queryItems + [("limit", String(limit))]
        if let cursor { query.append(("cursor", cursor)) }
        if suggestions { query.append(("suggestions", "true")) }
        return try await send(NativeAPI.transactions, query: query, as: TransactionListResponse.self)
    }

    /// One transaction, from `GET /api/v1/transactions/{id}`.
    public func transaction(_ id: Int64) async throws(ClientError) -> TransactionDTO {
        try await send(NativeAPI.transaction, [id], as: TransactionDTO.self)
    }

    /// What the person changed on a transaction, newest first.
    public func history(of id: Int64) async throws(ClientError) -> [TransactionEdit] {
        try await send(NativeAPI.transactionHistory, [id], as: TransactionHistoryResponse.self).edits.compactMap(\.edit)
    }

    /// Adds a transaction with `POST /api/v1/transactions`; the transaction as saved.
    public func addTransaction(
        _ new: CreateTransactionRequest, idempotencyKey: IdempotencyKey = .fresh
    ) async throws(ClientError) -> TransactionDTO {
        try await send(
            NativeAPI.addTransaction, body: new, idempotencyKey: idempotencyKey, as: TransactionDTO.self)
    }

    /// Changes a transaction's fields with `PATCH /api/v1/transactions/{id}` (fields left nil stay as they are);
    /// the transaction as saved.
    public func changeTransaction(
        _ id: Int64, _ change: UpdateTransactionRequest, idempotencyKey: IdempotencyKey = .fresh
    ) async throws(ClientError) -> TransactionDTO {
        try await send(
            NativeAPI.changeTransaction, [id], body: change, idempotencyKey: idempotencyKey, as: TransactionDTO.self)
    }

    /// The person's accounts, by name.
    public func accounts() async throws(ClientError) -> [AccountDTO] {
        try await send(NativeAPI.accounts, as: AccountListResponse.self).accounts
    }

    // MARK: Categories

    /// Every category, flat (the list names no children), with its usage.
    public func categories() async throws(ClientError) -> [CategoryDTO] {
        try await send(NativeAPI.categories, as: CategoryListResponse.self).categories
    }

    /// Every category as Core's tree, for pickers and the rules that check names.
    public func categoryTree() async throws(ClientError) -> CategoryTree {
        CategoryTree(try await categories().map(\.category))
    }

    // MARK: Review

    /// A month's deck (the current month when `month` is nil).
    public func reviewDeck(month: Month? = nil) async throws(ClientError) -> ReviewDeckResponse {
        let query = month.map { [("month", $0.description)] } ?? []
        return try await send(NativeAPI.reviewDeck, query: query, as: ReviewDeckResponse.self)
    }

    /// The oldest month of the last twelve with uncleared transactions, or nil.
    public func lookback() async throws(ClientError) -> LookbackResponse? {
        try await send(NativeAPI.reviewLookback, as: LookbackResponse?.self)
    }

    /// Every month with uncleared transactions, newest first, with its count, and the current month.
    public func reviewMonths() async throws(ClientError) -> ReviewMonthsResponse {
        try await send(NativeAPI.reviewMonths, as: ReviewMonthsResponse.self)
    }

    /// Applies decisions; `key` makes a retry (even after a restart) answer the first answer.
    public func applyReview(_ decisions: [ReviewDecision], key: String) async throws(ClientError)
        -> ReviewBatchResponse
    {
        try await send(
            NativeAPI.reviewBatch, body: ReviewBatchRequest(decisions: decisions.map(ReviewBatchRequest.Decision.init)),
            idempotencyKey: .key(key), as: ReviewBatchResponse.self)
    }
}
