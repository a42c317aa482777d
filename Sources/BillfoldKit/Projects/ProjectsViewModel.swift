import BillfoldAPI
import BillfoldCore
import Foundation
import Observation

/// The projects screen: open projects (or closed ones) with how far along each is, and adding,
/// changing, closing, reopening and deleting them. A change made while the server cannot be
/// reached waits in the offline queue and shows at once.
@MainActor @Observable
public final class ProjectsViewModel {
    /// The server the projects are read from and changed on.
    public let client: BillfoldClient
    /// What the list shows now: loading, no projects, the projects, or why they could not be loaded.
    public private(set) var screen: ListScreen = .loading
    /// The projects listed: the open ones, or the closed ones when `showingClosed`.
    public private(set) var projects: [ProjectDTO] = []
    /// Closed projects are listed instead of open ones.
    public private(set) var showingClosed = false
    /// How the last change ended (queued when the server could not be reached).
    public private(set) var lastSave: SaveResult?
    private let sender: ChangeSender

    /// `queue` keeps changes made while the server cannot be reached.
    public init(client: BillfoldClient, queue: OfflineQueue? = nil) {
        self.client = client
        self.sender = ChangeSender(client: client, queue: queue)
    }

    /// Loads the open (or closed) projects from `GET /api/v1/projects`.
    public func load() async {
        do {
            projects = try await client.send(
                NativeAPI.projects, query: [("closed", String(showingClosed))], as: ProjectListResponse.self
            ).projects
            screen = .loaded(projects.count)
        } catch {
            screen = .after(error, showing: !projects.isEmpty)
        }
    }

    /// Switches between open and closed projects.
    public func show(closed: Bool) async {
        showingClosed = closed
        projects = []
        screen = .loading
        await load()
    }

    /// What is wrong with a title as typed, in the words the server uses; nil when it is fine.
    public func titleProblem(_ title: String) -> String? { ProjectRules.problem(withTitle: title) }

    /// Adds a project; the new project, or nil when it was queued or refused (see `lastSave`).
    public func add(title: String, detail: String = "", colour: String = "") async -> ProjectDTO? {
        let outcome = await sender.send(
            NativeAPI.addProject, body: ProjectRequest(title: title, detail: detail, colour: colour),
            summary: tr("kit.projects.newSummary", ["title": title]), as: ProjectDTO.self)
        lastSave = outcome.result
        guard case .sent(let project) = outcome else { return nil }
        if !showingClosed { projects.insert(project, at: 0) }
        screen = .loaded(projects.count)
        return project
    }

    /// Changes a project's title, detail or colour (fields left nil stay).
    public func change(_ id: Int64, _ change: ProjectRequest) async {
        let outcome = await sender.send(
            NativeAPI.changeProject, [id], body: change,
            summary: tr("kit.projects.changeSummary", ["title": title(of: id)]), as: ProjectDTO.self)
        settle(id, outcome) { project in
            project.title = change.title ?? project.title
            project.detail = change.detail ?? project.detail
            project.colour = change.colour ?? project.colour
        }
    }

    /// Closes a project; it leaves the list of open projects.
    public func close(_ id: Int64) async {
        let outcome = await sender.send(
            NativeAPI.closeProject, [id], body: Optional<Empty>.none,
            summary: tr("kit.projects.closeSummary", ["title": title(of: id)]), as: ProjectDTO.self)
        settle(id, outcome) { $0.closed = true }
    }

    /// Reopens a closed project; it leaves the list of closed projects.
    public func reopen(_ id: Int64) async {
        let outcome = await sender.send(
            NativeAPI.reopenProject, [id], body: Optional<Empty>.none,
            summary: tr("kit.projects.reopenSummary", ["title": title(of: id)]), as: ProjectDTO.self)
        settle(id, outcome) { $0.closed = false }
    }

    /// Deletes a project with its items.
    public func delete(_ id: Int64) async {
        let outcome = await sender.send(
            NativeAPI.deleteProject, [id], body: Optional<Empty>.none,
            summary: tr("kit.projects.deleteSummary", ["title": title(of: id)]))
        lastSave = outcome.result
        if case .refused = outcome { return }
        projects.removeAll { $0.id == id }
        screen = .loaded(projects.count)
    }

    private func title(of id: Int64) -> String {
        projects.first { $0.id == id }?.title ?? tr("kit.projects.unnamedProject", ["id": String(id)])
    }

    /// Shows a change: the server's answer when sent, `locally` applied when queued; a project
    /// that no longer belongs in the list (closed, reopened) leaves it.
    private func settle(_ id: Int64, _ outcome: ChangeOutcome<ProjectDTO>, locally: (inout ProjectDTO) -> Void) {
        lastSave = outcome.result
        guard let index = projects.firstIndex(where: { $0.id == id }) else { return }
        switch outcome {
        case .sent(let project): projects[index] = project
        case .queued: locally(&projects[index])
        case .refused: return
        }
        if projects[index].closed != showingClosed { projects.remove(at: index) }
        screen = .loaded(projects.count)
    }
}
