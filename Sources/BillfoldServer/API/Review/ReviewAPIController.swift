import BillfoldAPI
import BillfoldCore
import Crypto
import Foundation
import Vapor

/// `/api/v1/review/...` and `/api/v1/activity`: the deck of a month, the look-back offer,
/// batches of decisions applied exactly once, and the log of what was done.
struct ReviewAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(NativeAPI.reviewDeck, use: deck)
        routes.on(NativeAPI.reviewLookback, use: lookback)
        routes.on(NativeAPI.reviewMonths, use: months)
        routes.on(NativeAPI.reviewBatch, use: batch)
        routes.on(NativeAPI.activity, use: activity)
    }

    func deck(request: Request) async throws -> Response {
        let service = try request.reviewService
        let month = try service.month(named: try? request.query.get(String.self, at: "month"))
        let deck = try await service.deck(month)
        let suggested = try await request.suggestionService.suggestions(for: deck.cards)
        return try ReviewDeckResponse(
            month: month.description, cards: deck.cards.map { TransactionDTO($0, suggestion: suggested[$0.id]) },
            remaining: deck.remaining
        ).apiResponse()
    }

    /// The month and its count, or a JSON `null` when nothing in the last twelve months waits.
    func lookback(request: Request) async throws -> Response {
        guard let found = try await request.reviewService.lookback() else {
            let response = Response(status: .ok, body: .init(string: "null"))
            response.headers.contentType = .json
            return response
        }
        return try LookbackResponse(month: found.month.description, count: found.count).apiResponse()
    }

    /// The month picker's months: each with uncleared transactions, and the current one.
    func months(request: Request) async throws -> Response {
        let service = try request.reviewService
        let months = try await service.months(showing: service.currentMonth)
        return try ReviewMonthsResponse(
            months: months.map { LookbackResponse(month: $0.month.description, count: $0.count) },
            total: months.reduce(0) { $0 + $1.count }
        ).apiResponse()
    }

    func batch(request: Request) async throws -> Response {
        let body = try request.decodeJSON(ReviewBatchRequest.self)
        let answer = try await request.reviewService.apply(
            body.decisions.map { ($0.transactionId, $0.decision) }, key: request.headers.first(name: "Idempotency-Key"),
            requestHash: try Self.hash(body)
        ) { results in
            let items = results.map {
                ReviewBatchResponse.Item(
                    transactionId: $0.transactionID, outcome: .known($0.outcome),
                    error: $0.problem.map { ErrorResponse($0).error })
            }
            return String(decoding: try JSONEncoder.api.encode(ReviewBatchResponse(items: items)), as: UTF8.self)
        }
        let response = Response(status: .ok, body: .init(string: answer))
        response.headers.contentType = .json
        return response
    }

    func activity(request: Request) async throws -> Response {
        let limit = try PageSize.parse(try? request.query.get(String.self, at: "limit"))
        var before: Int64?
        if let cursor = try? request.query.get(String.self, at: "cursor"), !cursor.isEmpty {
            guard let id = Int64(cursor), id > 0 else {
                throw BillfoldError(.invalidCursor, Phrase("error.http.activityCursorUnknown"))
            }
            before = id
        }
        let page = try await request.reviewService.activity(before: before, limit: limit)
        return try ActivityResponse(
            // The activity log is read joined with its transactions, so each entry has one.
            items: page.entries.map { entry in
                ActivityResponse.Entry(
                    id: entry.id, transaction: TransactionDTO(entry.transaction!), action: .known(entry.action),
                    oldCategoryId: entry.oldCategoryID, newCategoryId: entry.newCategoryID, batchId: entry.batchID,
                    decidedAt: Timestamp.utc(entry.decidedAt))
            },
            nextCursor: page.hasMore ? page.entries.last.map { String($0.id) } : nil
        ).apiResponse()
    }

    /// The request as canonical JSON, hashed: the same decisions always hash the same.
    static func hash(_ request: ReviewBatchRequest) throws -> String {
        Secrets.hex(SHA256.hash(data: try JSONEncoder.api.encode(request)))
    }
}

extension Request {
    var reviewService: ReviewService {
        get throws { ReviewService(database: store, user: try user, gate: application.writeGate, now: now) }
    }
}
