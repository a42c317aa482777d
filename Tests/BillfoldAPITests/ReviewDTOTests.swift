import BillfoldAPI
import BillfoldCore
import Foundation
import Testing

/// The review contract's JSON, written out as clients send and receive it: typed actions and outcomes
/// must not change a byte of it (the server hashes requests and replays stored answers byte for byte).
@Suite("Review batches and activity on the wire")
struct ReviewDTOTests {
    /// As the server encodes (`JSONEncoder.api`).
    func encoded(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    func decoded<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    @Test("a batch request reads and writes back the same bytes, unknown actions included")
    func requestRoundTrip() throws {
        let json =
            #"{"decisions":[{"action":"clear","transactionId":1},"#
            + #"{"action":"recategorize","categoryId":7,"transactionId":2},"#
            + #"{"action":"recategorize","categoryId":null,"transactionId":3},"#
            + #"{"action":"sideways","transactionId":4},"#
            + #"{"action":"recategorize","transactionId":5}]}"#
        let request = try decoded(ReviewBatchRequest.self, json)
        #expect(try encoded(request) == json)
        #expect(request.decisions.map(\.action.kind) == [.clear, .recategorize, .recategorize, nil, .recategorize])
        #expect(request.decisions[3].action == .unknown("sideways"))
        #expect(
            request.decisions.map(\.decision) == [
                ReviewDecision(transactionID: 1, action: .clear),
                ReviewDecision(transactionID: 2, action: .recategorize(7)),
                ReviewDecision(transactionID: 3, action: .recategorize(nil)),
                nil,
                nil,
            ])
    }

    @Test("an unknown action decodes, is kept as sent, and is no decision")
    func unknownAction() throws {
        let decision = try decoded(ReviewBatchRequest.Decision.self, #"{"transactionId":9,"action":"sideways"}"#)
        #expect(decision.action == .unknown("sideways") && decision.action.kind == nil)
        #expect(decision.action.rawValue == "sideways")
        #expect(decision.decision == nil)
        #expect(try encoded(decision) == #"{"action":"sideways","transactionId":9}"#)
        #expect(throws: DecodingError.self) {
            try decoded(ReviewBatchRequest.Decision.self, #"{"transactionId":9,"action":3}"#)
        }
        #expect(throws: DecodingError.self) { try decoded(ReviewBatchRequest.Decision.self, #"{"transactionId":9}"#) }
    }

    @Test("decisions from the deck are written as the contract spells them")
    func fromTheDeck() throws {
        let request = ReviewBatchRequest(decisions: [
            .init(ReviewDecision(transactionID: 1, action: .clear)),
            .init(ReviewDecision(transactionID: 2, action: .recategorize(7))),
            .init(ReviewDecision(transactionID: 3, action: .recategorize(nil))),
        ])
        #expect(
            try encoded(request)
                == #"{"decisions":[{"action":"clear","transactionId":1},"#
                + #"{"action":"recategorize","categoryId":7,"transactionId":2},"#
                + #"{"action":"recategorize","categoryId":null,"transactionId":3}]}"#)
    }

    @Test("a batch answer reads and writes back the same bytes")
    func responseRoundTrip() throws {
        let json =
            #"{"items":[{"outcome":"applied","transactionId":1},{"outcome":"unchanged","transactionId":2},"#
            + #"{"error":{"code":"validation_failed","fields":{"action":"Not an action."},"#
            + #""message":"Not an action."},"outcome":"failed","transactionId":3}]}"#
        let response = try decoded(ReviewBatchResponse.self, json)
        #expect(try encoded(response) == json)
        #expect(response.items.map(\.outcome.kind) == [.applied, .unchanged, .failed])
        #expect(response.items[2].error == ErrorResponse(.validation("action", "Not an action.")).error)
        let written = ReviewBatchResponse(items: [
            .init(transactionId: 1, outcome: .known(ReviewDeck.Outcome.applied.kind)),
            .init(transactionId: 2, outcome: .known(.unchanged)),
            .init(
                transactionId: 3, outcome: .known(ReviewDeck.Outcome.failed("Not an action.").kind),
                error: ErrorResponse(.validation("action", "Not an action.")).error),
        ])
        #expect(try encoded(written) == json)
        let newer = try decoded(ReviewBatchResponse.self, #"{"items":[{"outcome":"deferred","transactionId":1}]}"#)
        #expect(newer.items[0].outcome == .unknown("deferred"), "a newer server's outcome still reads")
    }

    @Test("the activity log reads and writes back the same bytes, nulls included")
    func activityRoundTrip() throws {
        let transaction =
            #"{"accountId":1,"amount":"-12.50","bookedAt":"2026-03-01T09:30:00+01:00","categoryId":7,"#
            + #""categorySource":"person","createdAt":"2026-03-01T08:30:00Z","currency":"EUR","externalId":null,"groupId":null,"id":42,"kind":null,"notes":"","#
            + #""originalName":"REWE SAGT DANKE","parentId":null,"payee":"Rewe","status":"cleared","transferId":null,"#
            + #""updatedAt":"2026-03-02T10:00:00Z"}"#
        let json =
            #"{"items":[{"action":"recategorize","batchId":3,"decidedAt":"2026-03-02T10:00:00Z","id":11,"#
            + #""newCategoryId":7,"oldCategoryId":null,"transaction":\#(transaction)},"#
            + #"{"action":"clear","batchId":2,"decidedAt":"2026-03-02T09:00:00Z","id":10,"#
            + #""newCategoryId":7,"oldCategoryId":7,"transaction":\#(transaction)}],"nextCursor":null}"#
        let activity = try decoded(ActivityResponse.self, json)
        #expect(try encoded(activity) == json)
        #expect(activity.items.map(\.action) == [.known(.recategorize), .known(.clear)])
    }

    @Test("a wire name is its word, however it was made")
    func wireNames() {
        let made: WireName<ReviewActionKind> = .unknown("clear")
        #expect(made == .known(.clear) && made.hashValue == WireName<ReviewActionKind>.known(.clear).hashValue)
        #expect(WireName<ReviewOutcomeKind>("failed") == .known(.failed))
        #expect(WireName<ReviewOutcomeKind>("Failed").kind == nil, "names are exact, as in the schema")
        #expect("\(WireName<ReviewActionKind>.known(.recategorize))" == "recategorize")
    }
}
