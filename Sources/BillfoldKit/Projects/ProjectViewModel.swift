import BillfoldAPI
import BillfoldCore
import Foundation
import Observation

/// One project's screen: its items in a chosen order, how far along it is, and adding, ticking
/// off, changing and deleting items (one or many). A change made while the server cannot be
/// reached waits in the offline queue and shows at once, in Core's order.
@MainActor @Observable
public final class ProjectViewModel {
    /// The server the project and its items are read from and changed on.
    public let client: BillfoldClient
    /// The project this screen shows.
    public let projectID: Int64
    /// What the list shows now: loading, no items, the items, or why they could not be loaded.
    public private(set) var screen: ListScreen = .loading
    /// The project itself; nil until the first load.
    public private(set) var project: ProjectDTO?
    /// The project's items, in the chosen order.
    public private(set) var items: [ItemDTO] = []
    /// The items' order: not done first, then by priority and newest (the default), by title, or newest first.
    public private(set) var sort: ItemSort = .default
    /// How the last change ended (queued when the server could not be reached).
    public private(set) var lastSave: SaveResult?
    private let sender: ChangeSender

    /// `projectID` is the project to show; `queue` keeps changes made while the server cannot be reached.
    public init(client: BillfoldClient, projectID: Int64, queue: OfflineQueue? = nil) {
        self.client = client
        self.projectID = projectID
        self.sender = ChangeSender(client: client, queue: queue)
    }

    /// Whole percent of the items done.
    public var percentDone: Int {
        Completion.percent(completed: items.filter(\.completed).count, of: items.count)
    }

    /// Loads the project (`GET /api/v1/projects/{id}`) and its items in the chosen order.
    public func load() async {
        do {
            project = try await client.send(NativeAPI.project, [projectID], as: ProjectDTO.self)
            items = try await client.send(
                NativeAPI.items, [projectID], query: [("sort", sort.rawValue)], as: ItemListResponse.self
            ).items
            screen = .loaded(items.count)
        } catch {
            screen = .after(error, showing: project != nil)
        }
    }

    /// Puts the items in another order (Core's, which the server sorts by too).
    public func sort(by order: ItemSort) async {
        // Core's order is the server's: the items on screen need no second trip.
        sort = order
        reorder()
    }

    /// What is wrong with an item's title as typed, in the server's words; nil when it is fine.
    public func titleProblem(_ title: String) -> String? { ProjectRules.problem(withTitle: title) }

    /// Adds an item; the new item, or nil when it was queued or refused (see `lastSave`).
    @discardableResult
    public func add(title: String, detail: String = "", priority: Priority = .medium) async -> ItemDTO? {
        let outcome = await sender.send(
            NativeAPI.addItem, [projectID],
            body: ItemRequest(title: title, detail: detail, priority: priority.rawValue),
            summary: tr("kit.project.newItemSummary", ["title": title]), as: ItemDTO.self)
        lastSave = outcome.result
        guard case .sent(let item) = outcome else { return nil }
        items.append(item)
        reorder()
        return item
    }

    /// Ticks an item off, or back on.
    public func toggle(_ id: Int64) async {
        guard let item = items.first(where: { $0.id == id }) else { return }
        await change(id, ItemRequest(completed: !item.completed))
    }

    /// Changes an item's fields (nil ones stay).
    public func change(_ id: Int64, _ change: ItemRequest) async {
        let outcome = await sender.send(
            NativeAPI.changeItem, [projectID, id], body: change,
            summary: tr("kit.project.changeItemSummary", ["title": title(of: id)]), as: ItemDTO.self)
        lastSave = outcome.result
        guard let index = items.firstIndex(where: { $0.id == id }) else { return }
        switch outcome {
        case .sent(let item): items[index] = item
        case .queued:
            items[index].title = change.title ?? items[index].title
            items[index].detail = change.detail ?? items[index].detail
            items[index].priority = change.priority.flatMap(Priority.init(rawValue:)) ?? items[index].priority
            items[index].completed = change.completed ?? items[index].completed
        case .refused: return
        }
        reorder()
    }

    /// Deletes items: one with its own request, several in one (all or none).
    public func delete(_ ids: [Int64]) async {
        let summary =
            ids.count == 1
            ? tr("kit.project.deleteItemSummary", ["title": title(of: ids[0])])
            : tr("kit.project.deleteItemsSummary", count: ids.count)
        let outcome: ChangeOutcome<Void> =
            if ids.count == 1 {
                await sender.send(
                    NativeAPI.deleteItem, [projectID, ids[0]], body: Optional<Empty>.none, summary: summary)
            } else {
                await sender.send(
                    NativeAPI.deleteItems, [projectID], body: ItemBulkDeleteRequest(ids: ids), summary: summary,
                    as: ItemBulkDeleteResponse.self
                ).withoutAnswer
            }
        lastSave = outcome.result
        if case .refused = outcome { return }
        items.removeAll { ids.contains($0.id) }
        screen = .loaded(items.count)
    }

    private func title(of id: Int64) -> String {
        items.first { $0.id == id }?.title ?? tr("kit.project.unnamedItem", ["id": String(id)])
    }

    /// Puts the items in the chosen order by Core's rule, the one the server sorts by.
    private func reorder() {
        let byID = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })
        items = sort.sorted(items.map(\.item)).compactMap { byID[$0.id] }
        screen = .loaded(items.count)
    }
}
