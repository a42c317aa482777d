import BillfoldAPI
import BillfoldCore
import Foundation
import Observation

/// The categories screen: every category with its usage (transactions and totals), a search
/// that waits for typing to pause, a sort, and deleting one or many, where a category in use needs
/// a choice of where its transactions go.
@MainActor @Observable
public final class CategoriesViewModel {
    public enum Screen: Equatable, Sendable {
        case loading
        /// No category matches (or there are none yet).
        case empty
        case loaded
        case failed(ClientError)
    }

    public let client: BillfoldClient
    /// How long typing must pause before the search is sent.
    public let pause: TimeInterval
    public private(set) var screen: Screen = .loading
    public private(set) var categories: [CategoryDTO] = []
    public private(set) var search = ""
    public private(set) var sort: CategorySort = .name
    /// Why the last delete was refused, e.g. "in use: choose where its transactions go".
    public private(set) var deleteRefusal: ClientError?
    private var pendingSearch: Task<Void, Never>?

    public init(client: BillfoldClient, pause: TimeInterval = 0.3) {
        self.client = client
        self.pause = pause
    }

    public func load() async {
        var query: [(String, String)] = [("sort", sort.rawValue)]
        if !search.isEmpty { query.append(("q", search)) }
        do {
            categories = try await client.send(NativeAPI.categories, query: query, as: CategoryListResponse.self)
                .categories
            screen = categories.isEmpty ? .empty : .loaded
        } catch {
            screen = .failed(error)
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
        do {
            let done = try await client.send(
                NativeAPI.deleteCategories, body: request, as: CategoryDeleteResponse.self)
            deleteRefusal = nil
            await load()
            return done
        } catch {
            deleteRefusal = error
            return nil
        }
    }
}
