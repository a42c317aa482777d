import BillfoldAPI
import BillfoldCore
import Foundation

/// A change made while the server could not be reached, waiting to be sent: the request as it
/// will go out, with the Idempotency-Key it goes out with every time (so a replay after a crash
/// or a lost answer applies it once), and a line saying what it is for the person.
public struct QueuedChange: Codable, Sendable, Equatable, Identifiable {
    /// Also the change's Idempotency-Key.
    public let id: UUID
    /// The HTTP method, e.g. "PATCH".
    public var method: String
    /// The endpoint's template, e.g. `/api/v1/transactions/{id}`.
    public var template: String
    /// The values for the template's placeholders, in order.
    public var parameters: [String]
    /// The JSON body as it will be sent; nil for none.
    public var body: Data?
    /// What the person did, e.g. "Clear “Bakery”".
    public var summary: String
    /// When the change was made.
    public var queuedAt: Date

    /// The request to `endpoint` with `parameters` and `body` (encoded now); `summary` is the line the person
    /// sees, and `id` is also the Idempotency-Key.
    public init(
        _ endpoint: Endpoint, _ parameters: [any CustomStringConvertible] = [], body: (some Encodable)?,
        summary: String, id: UUID = UUID(), queuedAt: Date = Date()
    ) throws {
        self.id = id
        self.method = endpoint.method.rawValue
        self.template = endpoint.template
        self.parameters = parameters.map(\.description)
        self.body = try body.map { try JSONEncoder().encode($0) }
        self.summary = summary
        self.queuedAt = queuedAt
    }

    /// The endpoint it goes to; nil if the file names a method this version does not know.
    public var endpoint: Endpoint? { Method(rawValue: method).map { Endpoint($0, template) } }
}

/// What a replay did.
public struct ReplayReport: Sendable, Equatable {
    /// Applied (or already applied before an answer was lost).
    public var sent: [QueuedChange] = []
    /// Refused by the server (e.g. the transaction was deleted meanwhile); dropped from the queue,
    /// to be shown to the person with the reason.
    public var refused: [Refusal] = []
    /// Still waiting, because the server could not be reached again.
    public var waiting: Int = 0

    /// A change the server refused, with why.
    public struct Refusal: Sendable, Equatable {
        /// The change that was refused.
        public var change: QueuedChange
        /// The server's reason, to show the person.
        public var error: ClientError
    }
}

/// Changes made offline, kept in a file (written whole and atomically after every change) and
/// sent in the order they were made when the server can be reached again. A change the server
/// refuses is dropped and reported, never retried forever; a change that cannot be sent because
/// the server is still unreachable stays, with everything after it.
public actor OfflineQueue {
    /// The file the queue is kept in.
    public let file: URL
    /// The changes waiting, oldest first.
    public private(set) var changes: [QueuedChange]

    /// Opens the queue in `file`, reading what an earlier run left there.
    public init(file: URL) throws {
        self.file = file
        if FileManager.default.fileExists(atPath: file.path) {
            do {
                changes = try JSONDecoder().decode([QueuedChange].self, from: Data(contentsOf: file))
            } catch {
                throw TokenStoreError(tr("kit.queue.notAQueue", ["path": file.path]))
            }
        } else {
            changes = []
        }
    }

    /// The standard place for one server's queue, beside the saved sign-in; each server has its
    /// own file, so signing in elsewhere never sends a change to the wrong server.
    public static func standard(
        for server: URL, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> OfflineQueue {
        let place = [server.host ?? "server", server.port.map(String.init)].compactMap { $0 }.joined(separator: "-")
        let (folder, name) = try AtomicFile.beside(environment: environment, naming: place)
        return try OfflineQueue(file: folder.appendingPathComponent("offline-queue-\(name).json"))
    }

    /// Keeps `change` for later when `error` says the server could not be reached (or asked to
    /// wait); false when the error is a refusal, which waiting would not change. The one rule for
    /// every screen and the review deck. Throws when the queue file cannot be written.
    public func keep(_ change: QueuedChange, after error: ClientError) throws -> Bool {
        guard error.isTransient else { return false }
        try enqueue(change)
        return true
    }

    /// Adds a change at the end and writes the file at once.
    public func enqueue(_ change: QueuedChange) throws {
        changes.append(change)
        try persist()
    }

    /// Sends the waiting changes in order through `client`.
    public func replay(with client: BillfoldClient) async -> ReplayReport {
        var report = ReplayReport()
        while let change = changes.first {
            guard let endpoint = change.endpoint else {
                report.refused.append(
                    .init(change: change, error: ClientError(.unreadableAnswer, message: tr("kit.queue.unknownChange")))
                )
                changes.removeFirst()
                try? persist()
                continue
            }
            do {
                try await client.send(
                    endpoint, change.parameters, json: change.body, idempotencyKey: .key(change.id.uuidString))
                report.sent.append(change)
            } catch {
                if error.isTransient || error.kind == .cancelled || error.kind == .signInAgain {
                    // Still unreachable, or the person must sign in first: keep it for later.
                    report.waiting = changes.count
                    return report
                }
                report.refused.append(.init(change: change, error: error))
            }
            changes.removeFirst()
            try? persist()
        }
        return report
    }

    private func persist() throws {
        try AtomicFile.write(try JSONEncoder().encode(changes), to: file, permissions: 0o600)
    }
}
