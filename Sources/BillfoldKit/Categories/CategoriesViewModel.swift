import BillfoldAPI
import BillfoldCore
import Foundation
import Observation

/// The categories screen: every category with its usage (transactions and totals), a search
/// that waits for typing to pause, a sort, and deleting one or many, where a category in use needs
/// a choice of where its transactions go.
@MainActor @Observable
public final class CategoriesViewModel {
    /// The server the categories are read from and deleted on.
    public let client: BillfoldClient
    /// How long typing must pause before the search is sent.
    public let pause: TimeInterval
    /// What the list shows now: loading, no categories, the categories, or why they could not be loaded.
    public private(set) var screen: ListScreen = .loading
    /// The categories as last loaded, each with how many transactions use it.
    public private(set) var categories: [CategoryDTO] = []
    /// The search text as typed, trimmed; empty lists every category.
    public private(set) var search = ""
    /// The list's order: by name, newest first, or most used first.
    public private(set) var sort: CategorySort = .name
    /// How the last delete ended (queued when the server could not be reached).
    public private(set) var lastDelete: SaveResult?
    private var pendingSearch: Task<Void, Never>?
    private let sender: ChangeSender

    /// `pause` is how long typing must stop before a search is sent; `queue` keeps a delete made while the
    /// server cannot be reached (without one, such a delete is refused).
    public init(client: BillfoldClient, pause: TimeInterval = 0.3, queue: OfflineQueue? = nil) {
        self.client = client
        self.pause = pause
        self.sender = ChangeSender(client: client, queue: queue)
    }

    /// Why the last delete was refused, e.g. "in use: choose where its transactions go".
    public var deleteRefusal: ClientError? {
        if case .refused(let error) = lastDelete { error } else { nil }
    }

    /// Loads the categories from `GET /api/v1/categories` with the current search and order.
    public func load() async {
        var query: [(String, String)] = [("sort", sort.rawValue)]
        if !search.isEmpty { query.append(("q", search)) }
        do {
            categories = try await client.send(NativeAPI.categories, query: query, as: CategoryListResponse.self)
                .categories
            screen = .loaded(categories.count)
        } catch {
            screen = .after(error, showing: !categories.isEmpty)
        }
    }

    /// The search field changed; the list reloads once typing pauses.
    public func typed(_ text: String) {
        search = text.trimmingCharacters(in: .whitespaces)
        pendingSearch?.cancel()
        pendingSearch = Task { [pause] in
            try? await Task.sleep(nanoseconds: UInt64(pause * 1_000_000_000))
            guard !Task.isCancelled else { return }
            await self.load()
        }
    }

    /// Waits for a search in flight.
    public func settle() async { await pendingSearch?.value }

    /// Puts the list in another order and reloads it.
    public func sort(by order: CategorySort) async {
        sort = order
        await load()
    }

    /// Deletes categories (all or none). `reassignTo` says where their transactions go
    /// (`.some(nil)`: uncategorised); without it a category in use is refused and
    /// `deleteRefusal` says so. `keepChildren` moves a group's categories to the top level.
    @discardableResult
    public func delete(_ ids: [Int64], reassignTo: Int64?? = nil, keepChildren: Bool = false) async
        -> CategoryDeleteResponse?
    {
        let request = CategoryDeleteRequest(ids: ids, reassignTo: reassignTo, keepChildren: keepChildren)
        let names = categories.filter { ids.contains($0.id) }.map { tr("kit.categories.quotedName", ["name": $0.name]) }
        let summary =
            names.isEmpty
            ? tr("categories.deleteSomeButton", count: ids.count)
            : tr("kit.categories.deleteSummary", ["names": Words.current.list(names)])
        let outcome = await sender.send(
            NativeAPI.deleteCategories, body: request, summary: summary, as: CategoryDeleteResponse.self)
        lastDelete = outcome.result
        switch outcome {
        case .sent(let done):
            await load()
            return done
        case .queued:
            // Shown as gone; the list is the server's again once the queue is sent.
            categories.removeAll { ids.contains($0.id) }
            return nil
        case .refused: return nil
        }
    }
}
