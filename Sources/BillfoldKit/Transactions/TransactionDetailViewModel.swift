import BillfoldAPI
import BillfoldCore
import Foundation
import Observation

/// One transaction: its fields, what the person changed on it before, and an edit of its
/// category, notes and status. A change made while the server cannot be reached goes to the
/// offline queue (when there is one) and is sent when the connection returns.
@MainActor @Observable
public final class TransactionDetailViewModel {
    public enum Screen: Equatable, Sendable {
        case loading
        case loaded
        case failed(ClientError)
    }

    public let client: BillfoldClient
    public let id: Int64
    private let sender: ChangeSender
    public private(set) var screen: Screen = .loading
    public private(set) var transaction: Transaction?
    public private(set) var history: [TransactionEdit] = []
    public private(set) var lastSave: SaveResult?
    public private(set) var saving = false

    public init(client: BillfoldClient, id: Int64, queue: OfflineQueue? = nil) {
        self.client = client
        self.id = id
        self.sender = ChangeSender(client: client, queue: queue)
    }

    public func load() async {
        do {
            transaction = try await client.transaction(id).transaction()
            history = try await client.history(of: id)
            screen = .loaded
        } catch let error as ClientError {
            screen = .failed(error)
        } catch {
            screen = .failed(ClientError(.unreadableAnswer, message: "The transaction could not be read."))
        }
    }

    /// Saves the fields given (nil leaves a field as it is; `.some(nil)` for the category makes
    /// the transaction uncategorised).
    public func save(category: Int64?? = nil, notes: String? = nil, status: TransactionStatus? = nil) async {
        let change = UpdateTransactionRequest(categoryId: category, notes: notes, status: status?.rawValue)
        saving = true
        defer { saving = false }
        let outcome = await sender.send(
            NativeAPI.changeTransaction, [id], body: change,
            summary: "Change “\(transaction?.payee ?? "transaction \(id)")”", as: TransactionDTO.self)
        if case .sent(let saved) = outcome {
            transaction = try? saved.transaction()
            history = (try? await client.history(of: id)) ?? history
        }
        lastSave = outcome.result
    }
}
