import BillfoldAPI
import BillfoldCore
import Foundation

/// How a change a person made ended.
public enum SaveResult: Equatable, Sendable {
    case saved
    /// The server could not be reached; the change waits in the offline queue.
    case queued
    /// Refused; a form keeps what was typed, `fields` of a validation error name what to fix.
    case refused(ClientError)
}

/// How a change ended, with the server's answer when it was sent.
public enum ChangeOutcome<Answer: Sendable>: Sendable {
    case sent(Answer)
    case queued
    case refused(ClientError)

    /// The outcome without the answer, for a screen's `lastSave`.
    public var result: SaveResult {
        switch self {
        case .sent: .saved
        case .queued: .queued
        case .refused(let error): .refused(error)
        }
    }

    /// The same outcome with the answer dropped.
    public var withoutAnswer: ChangeOutcome<Void> {
        switch self {
        case .sent: .sent(())
        case .queued: .queued
        case .refused(let error): .refused(error)
        }
    }
}

/// Sends a change now or, when the server cannot be reached and there is an offline queue, keeps
/// it there. The queued change carries the Idempotency-Key the first attempt went out with, so a
/// change that arrived before its answer was lost is not applied again when the queue replays it.
/// Every screen that changes something sends through one of these, so the rule of what waits and
/// what is refused is the same everywhere.
public struct ChangeSender: Sendable {
    /// The server changes are sent to.
    public let client: BillfoldClient
    /// Where changes wait while the server cannot be reached; nil to refuse them instead.
    public let queue: OfflineQueue?

    /// Without a `queue`, a change the server cannot be reached for is refused rather than kept.
    public init(client: BillfoldClient, queue: OfflineQueue? = nil) {
        self.client = client
        self.queue = queue
    }

    /// Sends `body` to `endpoint` and decodes the answer as `type`.
    public func send<Body: Encodable & Sendable, Answer: Decodable & Sendable>(
        _ endpoint: Endpoint, _ parameters: [any CustomStringConvertible & Sendable] = [], body: Body?,
        summary: String, as type: Answer.Type
    ) async -> ChangeOutcome<Answer> {
        let key = UUID()
        do {
            return .sent(
                try await client.send(
                    endpoint, parameters, body: body, idempotencyKey: .key(key.uuidString), as: type))
        } catch {
            return await keep(error, endpoint, parameters, body: body, summary: summary, key: key)
        }
    }

    /// Sends a change whose answer has no body to keep (a delete).
    public func send<Body: Encodable & Sendable>(
        _ endpoint: Endpoint, _ parameters: [any CustomStringConvertible & Sendable] = [], body: Body?,
        summary: String
    ) async -> ChangeOutcome<Void> {
        let key = UUID()
        do {
            try await client.send(endpoint, parameters, body: body, idempotencyKey: .key(key.uuidString))
            return .sent(())
        } catch {
            return await keep(error, endpoint, parameters, body: body, summary: summary, key: key)
        }
    }

    private func keep<Answer>(
        _ error: ClientError, _ endpoint: Endpoint, _ parameters: [any CustomStringConvertible & Sendable],
        body: (some Encodable & Sendable)?, summary: String, key: UUID
    ) async -> ChangeOutcome<Answer> {
        guard let queue else { return .refused(error) }
        do {
            let change = try QueuedChange(endpoint, parameters, body: body, summary: summary, id: key)
            return try await queue.keep(change, after: error) ? .queued : .refused(error)
        } catch {
            return .refused(
                ClientError(.unreadableAnswer, message: tr("kit.queue.notKept", ["reason": "\(error)"])))
        }
    }
}
