import BillfoldAPI
import BillfoldCore
import Vapor

/// `/api/v1/transactions`: list with filters, cursor and totals; detail; add; change.
struct TransactionsAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(NativeAPI.transactions, use: list)
        routes.on(NativeAPI.addTransaction, use: create)
        routes.on(NativeAPI.transaction, use: show)
        routes.on(NativeAPI.changeTransaction, use: update)
        routes.on(NativeAPI.transactionHistory, use: history)
        routes.on(NativeAPI.deleteTransaction, use: delete)
        routes.on(NativeAPI.deleteTransactions, use: deleteMany)
        routes.on(NativeAPI.restoreDeletion, use: restore)
    }

    func delete(request: Request) async throws -> Response {
        try await request.transactionService.delete([try request.transactionID]).apiResponse()
    }

    func deleteMany(request: Request) async throws -> Response {
        let body = try request.decodeJSON(DeleteTransactionsRequest.self)
        return try await request.transactionService.delete(body.ids).apiResponse()
    }

    func restore(request: Request) async throws -> Response {
        let restored = try await request.transactionService.restore(try request.pathID(of: .deletion))
        return try RestoredDTO(restored: restored).apiResponse()
    }

    func list(request: Request) async throws -> Response {
        let query = try request.query.decode([String: String].self)
        let filter = try TransactionFilter(query: query)
        let limit = try PageSize.parse(query["limit"])
        let page = try await request.transactionService.list(
            filter, after: try TransactionCursor(parameter: query["cursor"]), limit: limit)
        // Asked for: learning them reads the person's history, which the list alone never does.
        let suggested =
            try QueryFlag.read(query["suggestions"], name: "suggestions")
            ? try await request.suggestionService.suggestions(for: page.transactions) : [:]
        let converted = try await request.ratesService.converted(page.query, totals: page.totals)
        let body = TransactionListResponse(
            transactions: page.transactions.map { TransactionDTO($0, suggestion: suggested[$0.id]) },
            nextCursor: page.next?.token, totals: page.totals.map(TotalDTO.init),
            convertedTotal: converted.map(ConvertedTotalDTO.init))
        return .json(TransactionListJSON.encode(body))
    }

    func history(request: Request) async throws -> Response {
        let service = try request.transactionService
        let transaction = try await service.get(try request.transactionID)
        let edits = try await service.history(of: transaction.id)
        return try TransactionHistoryResponse(edits: edits.map(TransactionEditDTO.init)).apiResponse()
    }

    func show(request: Request) async throws -> Response {
        let transaction = try await request.transactionService.get(try request.transactionID)
        let suggested = try await request.suggestionService.suggestions(for: [transaction])
        return try TransactionDTO(transaction, suggestion: suggested[transaction.id]).apiResponse()
    }

    func create(request: Request) async throws -> Response {
        let body = try request.decodeJSON(CreateTransactionRequest.self)
        let created = try await request.transactionService.create(body)
        let response = try TransactionDTO(created).apiResponse(status: .created)
        response.headers.replaceOrAdd(name: .location, value: NativeAPI.transaction.path(created.id))
        return response
    }

    func update(request: Request) async throws -> Response {
        let id = try request.transactionID
        let body = try request.decodeJSON(UpdateTransactionRequest.self)
        do {
            return try TransactionDTO(try await request.transactionService.update(id, body)).apiResponse()
        } catch let error as BillfoldError where error.code == .importedBooking {
            // The service speaks of the form's checkbox; an API client sends a field instead.
            throw BillfoldError(.importedBooking, Phrase("error.service.transactions.importedBookingAPI"))
        }
    }
}

extension Request {
    var transactionService: TransactionService {
        get throws {
            TransactionService(database: store, user: try user, clock: application.wallClock, source: changeSource)
        }
    }

    /// Where this request's changes to transactions are made: `/v1`, the native API (an app on
    /// BillfoldKit, the assistant, or another program, as its `User-Agent` says), the list's side
    /// pane, or a page.
    var changeSource: ChangeSource {
        let path = url.path
        if path.hasPrefix("/v1/") { return .lunchMoneyClient }
        if path.hasPrefix("/api/") { return ChangeSource.ofAPIClient(userAgent: headers.first(name: .userAgent)) }
        return sentFromPane ? .list : .detailPage
    }

    /// A form the list's side pane sent (its script adds `pane=1`). A form is small; an upload's
    /// body is not read for it.
    var sentFromPane: Bool {
        headers.contentType == .urlEncodedForm && (try? content.get(String.self, at: "pane"))?.isEmpty == false
    }

    var transactionID: Int64 { get throws { try pathID(of: .transaction) } }

    /// The `:id` of the path; anything but a positive 64-bit integer is a missing `what`.
    func pathID(of what: BillfoldError.Thing) throws -> Int64 {
        guard let text = parameters.get("id"), let id = Int64(text), id > 0 else {
            throw BillfoldError.notFound(what)
        }
        return id
    }

    /// Decodes a JSON body, refusing other content types and empty bodies with a clear error.
    func decodeJSON<T: Decodable>(_ type: T.Type) throws -> T {
        guard let body = body.data, body.readableBytes > 0 else {
            throw BillfoldError(.invalidJSON, Phrase("error.http.jsonBodyMissing"))
        }
        if let contentType = headers.contentType, contentType != .json {
            throw BillfoldError(.unsupportedMediaType, Phrase("error.http.bodyNotJSON"))
        }
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            // Foundation calls a number too large for its field ("categoryId": 1e30) invalid JSON;
            // when the body parses as JSON, the fault is a value, not the syntax.
            guard (try? JSONSerialization.jsonObject(with: Data(buffer: body), options: [.fragmentsAllowed])) != nil
            else { throw DecodingError.dataCorrupted(context) }
            throw BillfoldError.validation("body", Phrase("error.http.numberOutOfRange"))
        }
    }
}
