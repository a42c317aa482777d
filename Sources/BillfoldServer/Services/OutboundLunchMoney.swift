import BillfoldImport
import Foundation
import Vapor

/// The shared Lunch Money client's transport on the server: every request goes through
/// `OutboundFetch`, held to the outbound policy like any address a person gave, with the
/// connection's token.
struct OutboundLunchMoney: LunchMoneyTransport {
    let fetch: OutboundFetch
    /// The address before `/v1`, as `LunchMoneyPull.baseURL` checked it.
    let baseURL: String
    let token: String

    /// A client for this connection.
    var client: LunchMoneyClient { LunchMoneyClient(transport: self) }

    /// `OutboundFetch`'s refusals are thrown as they are, for each caller to word. The request's
    /// Idempotency-Key is not sent: Lunch Money reads none.
    func send(_ request: LunchMoneyRequest) async throws -> LunchMoneyAnswer {
        // An address that does not parse is one the policy cannot allow.
        guard let url = URL(string: baseURL + request.target) else { throw OutboundFetch.Refusal.notAllowed }
        let answer = try await fetch.send(HTTPMethod(rawValue: request.method), url, bearer: token, json: request.body)
        return LunchMoneyAnswer(status: Int(answer.status.code), body: answer.body)
    }
}
