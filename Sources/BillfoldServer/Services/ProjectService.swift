import BillfoldAPI
import BillfoldCore
import BillfoldStore
import FluentKit

/// Projects and items for one user; the API and the pages share it.
struct ProjectService: Sendable {
    let database: any Database
    let user: User
    /// Now, for every rule here that depends on time.
    let clock: WallClock

    private var repository: ProjectRepository { ProjectRepository(database: database, userID: user.id) }

    /// Projects (open, closed, or both when nil), each with its items, as every list shows them.
    func projectsWithItems(closed: Bool?) async throws -> [(project: Project, items: [Item])] {
        async let projects = repository.projects(closed: closed)
        async let items = repository.items(in: nil)
        let byProject = Dictionary(grouping: try await items, by: \.projectID)
        return try await projects.map { ($0, byProject[$0.id] ?? []) }
    }

    /// The projects on the same list as `project` (open or closed), for moving between them.
    func siblings(of project: Project) async throws -> [Project] {
        try await repository.projects(closed: project.closed)
    }

    /// A project's items in the order asked for.
    func items(of projectID: Int64, sorted order: ItemSort = .default) async throws -> [Item] {
        order.sorted(try await repository.items(in: projectID))
    }

    func project(_ id: Int64) async throws -> Project {
        guard let project = try await repository.project(id) else { throw BillfoldError.notFound(.project) }
        return project
    }

    func create(_ request: ProjectRequest) async throws -> Project {
        try await repository.create(
            Project(
                id: 0, title: try ProjectRules.title(request.title ?? ""),
                detail: try ProjectRules.detail(request.detail ?? ""),
                colour: try CategoryRules.colour(request.colour ?? ""), createdAt: clock.seconds))
    }

    /// Applies a change; `closed` closes or reopens. Re-saving the same values writes nothing.
    func update(_ id: Int64, _ request: ProjectRequest, closed: Bool? = nil) async throws -> Project {
        let current = try await project(id)
        var changed = current
        if let title = request.title { changed.title = try ProjectRules.title(title) }
        if let detail = request.detail { changed.detail = try ProjectRules.detail(detail) }
        if let colour = request.colour { changed.colour = try CategoryRules.colour(colour) }
        if let closed { changed.closed = closed }
        guard changed != current else { return current }
        changed.updatedAt = clock.seconds
        _ = try await repository.update(changed)
        return changed
    }

    func delete(_ id: Int64) async throws {
        guard try await repository.delete(id) else { throw BillfoldError.notFound(.project) }
    }

    func item(_ id: Int64, in projectID: Int64) async throws -> Item {
        guard let item = try await repository.item(id, in: projectID) else { throw BillfoldError.notFound(.item) }
        return item
    }

    func addItem(to projectID: Int64, _ request: ItemRequest) async throws -> Item {
        guard !(try await project(projectID)).closed else {
            throw BillfoldError(.conflict, Phrase("error.service.projects.closedNoNewItems"))
        }
        return try await repository.create(
            Item(
                id: 0, projectID: projectID, title: try ProjectRules.title(request.title ?? ""),
                detail: try ProjectRules.detail(request.detail ?? ""),
                priority: try request.priority.map { try Priority(parsing: $0) } ?? .medium,
                completed: request.completed ?? false, createdAt: clock.seconds))
    }

    func update(item id: Int64, in projectID: Int64, _ request: ItemRequest) async throws -> Item {
        let current = try await item(id, in: projectID)
        var changed = current
        if let title = request.title { changed.title = try ProjectRules.title(title) }
        if let detail = request.detail { changed.detail = try ProjectRules.detail(detail) }
        if let priority = request.priority { changed.priority = try Priority(parsing: priority) }
        if let completed = request.completed { changed.completed = completed }
        guard changed != current else { return current }
        changed.updatedAt = clock.seconds
        try await repository.update(changed)
        return changed
    }

    /// Deletes several items of a project at once, or none when one of them is not there.
    func deleteItems(_ ids: [Int64], in projectID: Int64) async throws -> Int {
        _ = try await project(projectID)
        guard !ids.isEmpty else {
            throw BillfoldError.validation("ids", Phrase("error.service.projects.chooseItemsToDelete"))
        }
        let present = Set(try await repository.items(in: projectID).map(\.id))
        guard Set(ids).isSubset(of: present) else { throw BillfoldError.notFound(.item) }
        return try await repository.deleteItems(ids, in: projectID)
    }
}
