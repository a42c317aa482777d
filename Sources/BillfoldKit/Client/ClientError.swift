import BillfoldAPI
import BillfoldCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why a request to a Billfold (or Lunch Money) server did not give an answer the app can use, in
/// terms a person can act on. `message` is what to show; `code` and `requestID` are for logs and
/// support (the server's error code and the `X-Request-ID` of the answer, when there was one).
public struct ClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, as the screens switch on it.
    public enum Kind: Sendable, Equatable {
        /// No connection to the server (no network, server down, name not found).
        case offline
        /// The server did not answer in time.
        case timedOut
        /// The token is missing, revoked or wrong: sign in again.
        case signInAgain
        /// The token may only read: a change needs one that may also write.
        case readOnly
        /// The thing asked for does not exist (or belongs to someone else).
        case notFound
        /// The input broke a rule; `fields` names each field at fault with its message.
        case validation(fields: [String: String])
        /// The request clashed with the server's state (in use, changed meanwhile, key reused).
        case conflict
        /// Too many requests; try again after `retryAfter` seconds when the server said.
        case rateLimited(retryAfter: TimeInterval?)
        /// The server failed or is unavailable (5xx).
        case serverTrouble(status: Int)
        /// The request was cancelled by the app.
        case cancelled
        /// The answer could not be read (not the shape this client expects).
        case unreadableAnswer
        /// The server redirected to another site (`address`), where the token is not sent: the
        /// server address is likely wrong (an old one, or http for https).
        case sentElsewhere(address: String)
    }

    /// What went wrong, for a screen to decide what to offer (try again, sign in again, fix a field).
    public var kind: Kind
    /// What to show the person.
    public var message: String
    /// The server's error code (`validation_failed`, `not_found`, ...), when it sent one.
    public var code: String?
    /// The HTTP status, when an answer came.
    public var status: Int?
    /// The server's `X-Request-ID` for the answer, when it sent one.
    public var requestID: String?

    /// `message` is what the person sees; `code`, `status` and `requestID` are for logs and support.
    public init(
        _ kind: Kind, message: String, code: String? = nil, status: Int? = nil, requestID: String? = nil
    ) {
        self.kind = kind
        self.message = message
        self.code = code
        self.status = status
        self.requestID = requestID
    }

    /// The message, then the server's error code in brackets and the request id, when there are any,
    /// e.g. "That is not there any more. [not_found] (request 4f2a…)".
    public var description: String {
        var text = message
        if let code { text += " [\(code)]" }
        if let requestID { text = tr("kit.client.withRequestID", ["message": text, "id": requestID]) }
        return text
    }

    /// True for failures where sending the same request again later may succeed.
    public var isTransient: Bool {
        switch kind {
        case .offline, .timedOut, .rateLimited: true
        case .serverTrouble(let status): [502, 503, 504].contains(status)
        default: false
        }
    }

    /// Maps an answer with an error status. `body` is read as Billfold's `{"error": {...}}`
    /// when it is one, else the status alone decides the message.
    static func answer(status: Int, body: Data, headers: [String: String]) -> ClientError {
        let problem = try? JSONDecoder().decode(ErrorResponse.self, from: body).error
        let requestID = headers["x-request-id"]
        let message = problem?.message ?? lunchMoneyMessage(body)
        func make(_ kind: Kind, _ fallback: String) -> ClientError {
            ClientError(kind, message: message ?? fallback, code: problem?.code, status: status, requestID: requestID)
        }
        switch status {
        case 401:
            return make(.signInAgain, tr("kit.client.signInEnded"))
        case 403 where problem?.code == BillfoldError.Code.tokenReadOnly.rawValue:
            return make(.readOnly, tr("kit.client.readOnly"))
        case 403:
            return make(.signInAgain, tr("kit.client.refused"))
        case 404:
            return make(.notFound, tr("kit.client.notThere"))
        case 409, 422:
            return make(.conflict, tr("kit.client.conflict"))
        case 429:
            let wait = headers["retry-after"].flatMap { TimeInterval($0) }
            return make(.rateLimited(retryAfter: wait), tr("kit.client.tooManyAttempts"))
        case 400, 413, 415:
            return make(.validation(fields: problem?.fields ?? [:]), tr("kit.client.inputNotAccepted"))
        case 500...:
            // Billfold's own 5xx messages are written for people; a proxy's page is not read.
            return make(.serverTrouble(status: status), tr("kit.client.serverTrouble"))
        default:
            return make(.unreadableAnswer, tr("kit.client.answerNotUnderstood", ["status": String(status)]))
        }
    }

    /// Lunch Money's error bodies: `{"error": "…"}`, `{"error": ["…", …]}`, `{"message": "…"}`.
    private static func lunchMoneyMessage(_ body: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return nil }
        if let text = object["error"] as? String { return text }
        if let texts = object["error"] as? [String], !texts.isEmpty { return texts.joined(separator: " ") }
        return object["message"] as? String
    }

    /// Maps a failure before any answer came.
    static func transport(_ error: any Error) -> ClientError {
        if error is CancellationError { return ClientError(.cancelled, message: tr("kit.client.cancelled")) }
        guard let urlError = error as? URLError else {
            return ClientError(
                .offline, message: tr("kit.client.unreachableBecause", ["reason": error.localizedDescription]))
        }
        switch urlError.code {
        case .cancelled:
            return ClientError(.cancelled, message: tr("kit.client.cancelled"))
        case .timedOut:
            return ClientError(.timedOut, message: tr("kit.client.timedOut"))
        case .notConnectedToInternet, .networkConnectionLost, .cannotConnectToHost, .cannotFindHost,
            .dnsLookupFailed:
            return ClientError(.offline, message: tr("kit.client.offline"))
        default:
            return ClientError(
                .offline, message: tr("kit.client.unreachableCode", ["code": String(urlError.code.rawValue)]))
        }
    }
}
