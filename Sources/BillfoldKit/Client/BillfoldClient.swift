import BillfoldAPI
import BillfoldCore
import Foundation
import Logging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Talks to one Billfold server's native API with one access token. Every request is built from
/// BillfoldAPI's `Endpoint` values, the same ones the server registers its routes from, and every
/// failure comes back as a `ClientError` a screen can show.
///
/// Reads, and writes that carry an `Idempotency-Key` (every write gets a fresh one unless the
/// caller passes its own or none), are sent again on transient failures as `RetryPolicy` says;
/// the server answers a repeated write with its first answer, so nothing is applied twice.
/// Cancelling the calling task cancels the request and any wait between attempts.
public final class BillfoldClient: Sendable {
    /// The server's address; a path prefix (e.g. `https://host/billfold`) is kept.
    public let baseURL: URL
    /// Sent as `Authorization: Bearer …`; never logged.
    public let token: String?
    let session: URLSession
    /// The session was made for this client (from its configuration) and ends with it.
    let ownsSession: Bool
    let retry: RetryPolicy
    let logger: Logger
    /// Seconds one attempt may take.
    let timeout: TimeInterval
    /// Sent as `Accept-Language`, so the server's messages come in the app's language: the
    /// current words' when the client is made (the terminal's, in the CLI).
    let language: Language
    /// Sent as `User-Agent`: `BillfoldKit`, then the app's own name (`app`) when it gives one.
    /// The server keeps it with the changes the client makes ("in an app", "by an assistant").
    let userAgent: String

    /// `token` is nil before signing in; `retry` says which failures are sent again and how soon; `timeout` is
    /// the seconds one attempt may take. `configuration` is for a session of the app's own (a proxy,
    /// a cache); whatever it is, redirects are followed only within the server's origin
    /// (`RedirectGuard`), so the token is never sent to another site.
    public init(
        baseURL: URL, token: String?, configuration: URLSessionConfiguration? = nil, retry: RetryPolicy = RetryPolicy(),
        timeout: TimeInterval = 20, logger: Logger = Logger(label: "BillfoldKit"), app: String? = nil
    ) {
        userAgent = [ChangeSource.kitAgent, app].compactMap { $0 }.joined(separator: " ")
        self.baseURL = baseURL
        self.token = token
        self.session =
            configuration.map { URLSession(configuration: $0, delegate: RedirectGuard(), delegateQueue: nil) }
            ?? RedirectGuard.session
        ownsSession = configuration != nil
        self.retry = retry
        self.timeout = timeout
        self.logger = logger
        self.language = Words.current.language
    }

    deinit {
        if ownsSession { session.finishTasksAndInvalidate() }
    }

    /// Which `Idempotency-Key` a write carries.
    public enum IdempotencyKey: Sendable, Equatable {
        /// A new key for this call: retries of this call are safe, a second call is a second write.
        case fresh
        /// The caller's own key, e.g. one stored with a queued change so a replay after a restart
        /// is recognised.
        case key(String)
        /// No key: the write is never sent twice.
        case none
    }

    /// An answer: status, headers (lowercased names) and body.
    public struct Answer: Sendable {
        /// The HTTP status code.
        public var status: Int
        /// The answer's headers, names lowercased (e.g. `x-request-id`).
        public var headers: [String: String]
        /// The body as it came; empty for a 204.
        public var body: Data
    }

    /// Sends a request and decodes a successful answer as `type`.
    public func send<Body: Encodable & Sendable, Result: Decodable>(
        _ endpoint: Endpoint, _ parameters: [any CustomStringConvertible & Sendable] = [],
        query: [(String, String)] = [], body: Body?, idempotencyKey: IdempotencyKey = .fresh,
        as type: Result.Type
    ) async throws(ClientError) -> Result {
        let answer = try await send(endpoint, parameters, query: query, body: body, idempotencyKey: idempotencyKey)
        do {
            return try JSONDecoder().decode(Result.self, from: answer.body)
        } catch {
            throw ClientError(
                .unreadableAnswer, message: tr("kit.client.answerUnreadable"), status: answer.status,
                requestID: answer.headers["x-request-id"])
        }
    }

    /// Sends a request without a body and decodes a successful answer as `type`.
    public func send<Result: Decodable>(
        _ endpoint: Endpoint, _ parameters: [any CustomStringConvertible & Sendable] = [],
        query: [(String, String)] = [], idempotencyKey: IdempotencyKey = .fresh, as type: Result.Type
    ) async throws(ClientError) -> Result {
        try await send(
            endpoint, parameters, query: query, body: Optional<Empty>.none, idempotencyKey: idempotencyKey, as: type)
    }

    /// Sends a request and returns any successful answer as it came (e.g. a 204).
    @discardableResult
    public func send<Body: Encodable & Sendable>(
        _ endpoint: Endpoint, _ parameters: [any CustomStringConvertible & Sendable] = [],
        query: [(String, String)] = [], body: Body?, idempotencyKey: IdempotencyKey = .fresh
    ) async throws(ClientError) -> Answer {
        let json: Data?
        do {
            json = try body.map { try JSONEncoder().encode($0) }
        } catch {
            throw ClientError(.unreadableAnswer, message: tr("kit.client.requestNotWritten", ["reason": "\(error)"]))
        }
        return try await send(endpoint, parameters, query: query, json: json, idempotencyKey: idempotencyKey)
    }

    /// Sends a request whose body is already JSON (a queued change being replayed).
    @discardableResult
    public func send(
        _ endpoint: Endpoint, _ parameters: [any CustomStringConvertible & Sendable] = [],
        query: [(String, String)] = [], json: Data?, idempotencyKey: IdempotencyKey = .fresh
    ) async throws(ClientError) -> Answer {
        try await send(
            endpoint.method.rawValue,
            endpoint.path(with: parameters.map { $0 as any CustomStringConvertible }, query: query), json: json,
            idempotencyKey: idempotencyKey, label: "\(endpoint)")
    }

    /// Sends a request to `target`, a path with its values and query already filled in (what the
    /// Lunch Money client asks for), held to the same redirect guard, retries and Idempotency-Key
    /// as every other; any successful answer comes back undecoded. `label` names it in the log.
    func send(
        _ method: String, _ target: String, json: Data?, idempotencyKey: IdempotencyKey, label: String
    ) async throws(ClientError) -> Answer {
        let request = try makeRequest(method, target, json: json, idempotencyKey: idempotencyKey)
        let safeToRepeat = method == "GET" || request.value(forHTTPHeaderField: "Idempotency-Key") != nil
        var attempt = 1
        while true {
            do {
                return try await once(request, label: label)
            } catch {
                guard let wait = retry.delay(after: error, attempt: attempt, safeToRepeat: safeToRepeat) else {
                    throw error
                }
                logger.debug(
                    "retrying", metadata: ["endpoint": "\(label)", "attempt": "\(attempt + 1)", "wait": "\(wait)"])
                do {
                    try await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000))
                } catch {
                    throw ClientError(.cancelled, message: tr("kit.client.cancelled"))
                }
                attempt += 1
            }
        }
    }

    private func once(_ request: URLRequest, label: String) async throws(ClientError) -> Answer {
        let started = Date()
        let data: Data
        let response: URLResponse
        do {
            try Task.checkCancellation()
            (data, response) = try await session.data(for: request)
        } catch {
            let mapped = ClientError.transport(error)
            logger.debug("failed", metadata: ["endpoint": "\(label)", "error": "\(mapped.kind)"])
            throw mapped
        }
        guard let http = response as? HTTPURLResponse else {
            throw ClientError(.unreadableAnswer, message: tr("kit.client.answerNotHTTP"))
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        logger.debug(
            "answered",
            metadata: [
                "endpoint": "\(label)", "status": "\(http.statusCode)",
                "ms": "\(Int(Date().timeIntervalSince(started) * 1000))",
                "request_id": "\(headers["x-request-id"] ?? "")",
            ])
        if (300..<400).contains(http.statusCode), let location = headers["location"] {
            // A redirect `RedirectGuard` did not follow: it points to another site.
            let target = URL(string: location, relativeTo: request.url)?.absoluteURL
            let address =
                target.map { "\($0.scheme ?? "")://\($0.host ?? "")" + ($0.port.map { ":\($0)" } ?? "") } ?? location
            throw ClientError(
                .sentElsewhere(address: address), message: tr("kit.client.sentElsewhere", ["address": address]),
                status: http.statusCode, requestID: headers["x-request-id"])
        }
        guard (200..<300).contains(http.statusCode) else {
            throw ClientError.answer(status: http.statusCode, body: data, headers: headers)
        }
        return Answer(status: http.statusCode, headers: headers, body: data)
    }

    func makeRequest(_ method: String, _ target: String, json: Data?, idempotencyKey: IdempotencyKey)
        throws(ClientError) -> URLRequest
    {
        // Appended, not resolved: a server behind a path prefix (https://host/billfold) keeps it.
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base + target) else {
            throw ClientError(.unreadableAnswer, message: tr("kit.client.addressNotUsable", ["address": "\(baseURL)"]))
        }
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue(language.rawValue, forHTTPHeaderField: "Accept-Language")
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let json {
            request.httpBody = json
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if method != "GET" {
            switch idempotencyKey {
            case .fresh: request.setValue(UUID().uuidString, forHTTPHeaderField: "Idempotency-Key")
            case .key(let key): request.setValue(key, forHTTPHeaderField: "Idempotency-Key")
            case .none: break
            }
        }
        return request
    }
}

/// The body of a request that sends none.
public struct Empty: Codable, Sendable {}
