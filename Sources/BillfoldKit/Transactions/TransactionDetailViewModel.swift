import BillfoldAPI
import BillfoldCore
import Foundation
import Observation

/// One transaction: its fields, what the person changed on it before, and an edit of its
/// category, notes and status. A change made while the server cannot be reached goes to the
/// offline queue (when there is one) and is sent when the connection returns.
@MainActor @Observable
public final class TransactionDetailViewModel {
    /// What the screen shows: loading, the transaction, or why it could not be loaded.
    public enum Screen: Equatable, Sendable {
        case loading
        case loaded
        case failed(ClientError)
    }

    /// The server the transaction is read from and changed on.
    public let client: BillfoldClient
    /// The transaction shown.
    public let id: Int64
    private let sender: ChangeSender
    /// What to show now; a UI switches on it.
    public private(set) var screen: Screen = .loading
    /// The transaction; nil until loaded.
    public private(set) var transaction: Transaction?
    /// What the person changed on it before, newest first.
    public private(set) var history: [TransactionEdit] = []
    /// How the last save ended (queued when the server could not be reached).
    public private(set) var lastSave: SaveResult?
    /// A save is in flight.
    public private(set) var saving = false

    /// `id` is the transaction to show; `queue` keeps a change made while the server cannot be reached.
    public init(client: BillfoldClient, id: Int64, queue: OfflineQueue? = nil) {
        self.client = client
        self.id = id
        self.sender = ChangeSender(client: client, queue: queue)
    }

    /// Loads the transaction (`GET /api/v1/transactions/{id}`) and what was changed on it.
    public func load() async {
        do {
            transaction = try await client.transaction(id).transaction()
            history = try await client.history(of: id)
            screen = .loaded
        } catch let error as ClientError {
            screen = .failed(error)
        } catch {
            screen = .failed(ClientError(.unreadableAnswer, message: tr("kit.transaction.unreadable")))
        }
    }

    /// Saves the fields given (nil leaves a field as it is; `.some(nil)` for the category makes
    /// the transaction uncategorised).
    public func save(category: Int64?? = nil, notes: String? = nil, status: TransactionStatus? = nil) async {
        let change = UpdateTransactionRequest(categoryId: category, notes: notes, status: status?.rawValue)
        saving = true
        defer { saving = false }
        let summary =
            if let payee = transaction?.payee {
                tr("kit.transaction.changeSummary", ["payee": payee])
            } else {
                tr("kit.transaction.changeSummaryWithoutPayee", ["id": String(id)])
            }
        let outcome = await sender.send(
            NativeAPI.changeTransaction, [id], body: change, summary: summary, as: TransactionDTO.self)
        if case .sent(let saved) = outcome {
            transaction = try? saved.transaction()
            history = (try? await client.history(of: id)) ?? history
        }
        lastSave = outcome.result
    }
}
