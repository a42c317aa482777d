import BillfoldAPI
import BillfoldCore
import Vapor

/// The projects pages: Open and Closed lists, a project with its items, and the edit forms.
struct ProjectPagesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(WebPages.projects) { try await list($0, closed: false) }
        routes.on(WebPages.closedProjects) { try await list($0, closed: true) }
        routes.on(WebPages.addProject, use: create)
        routes.on(WebPages.project, use: show)
        routes.on(WebPages.editProject, use: editProject)
        routes.on(WebPages.saveProject, use: saveProject)
        routes.on(WebPages.closeProject) { try await setClosed($0, true) }
        routes.on(WebPages.reopenProject) { try await setClosed($0, false) }
        routes.on(WebPages.addItem, use: addItem)
        routes.on(WebPages.deleteItems, use: deleteItems)
        routes.on(WebPages.completeItem, use: completeItem)
        routes.on(WebPages.editItem, use: editItem)
        routes.on(WebPages.saveItem, use: saveItem)
    }

    private func listPage(_ request: Request, closed: Bool) async throws -> ProjectListPage {
        ProjectListPage(closed: closed, projects: try await request.projectService.projectsWithItems(closed: closed))
    }

    func list(_ request: Request, closed: Bool) async throws -> Response {
        let notice: String? =
            (try? request.query.get(String.self, at: "done")) == "deleted"
            ? request.words("projects.notice.projectDeleted") : nil
        return try await listPage(request, closed: closed).response(request, notice: notice)
    }

    func create(request: Request) async throws -> Response {
        let values = try request.content.decode(ProjectFormValues.self)
        do {
            let project = try await request.projectService.create(ProjectRequest(title: values.title))
            return request.redirect(to: WebPages.project.path(project.id))
        } catch let error as BillfoldError {
            var page = try await listPage(request, closed: false)
            page.values = values
            page.error = error
            return page.response(request)
        }
    }

    private func projectPage(_ request: Request, sort: ItemSort? = nil) async throws -> ProjectPage {
        let service = try request.projectService
        let project = try await service.project(try request.pathID(of: .project))
        let order = try sort ?? ItemSort(parsing: try? request.query.get(String.self, at: "sort"))
        return ProjectPage(
            project: project, items: try await service.items(of: project.id, sorted: order), sort: order,
            siblings: try await service.siblings(of: project),
            selecting: (try? request.query.get(String.self, at: "select")) != nil)
    }

    func show(request: Request) async throws -> Response {
        let notice: String? =
            switch try? request.query.get(String.self, at: "done") {
            case "saved": request.words("projects.notice.saved")
            case "closed": request.words("projects.notice.closed")
            case "reopened": request.words("projects.notice.reopened")
            case "deleted": request.words("projects.notice.itemsDeleted")
            default: nil
            }
        var page = try await projectPage(request)
        // After a tick: which item, to say so with an Undo.
        for (key, completed) in [("ticked", true), ("unticked", false)] {
            if let id = try? request.query.get(Int64.self, at: key), let item = page.items.first(where: { $0.id == id })
            {
                page.ticked = (item, completed)
            }
        }
        return page.response(request, notice: notice)
    }

    struct Completion: Content {
        var done: String?
        var undone: String?
    }

    /// One click on an item's tick: done, or not done again; the page says so with an Undo.
    func completeItem(request: Request) async throws -> Response {
        let projectID = try request.pathID(of: .project)
        // Another's project is not found before anything is said about the form.
        _ = try await request.projectService.project(projectID)
        let form = try request.content.decode(Completion.self)
        guard let (text, completed) = form.done.map({ ($0, true) }) ?? form.undone.map({ ($0, false) }),
            let itemID = Int64(text)
        else { throw BillfoldError.validation("done", Phrase("error.service.projects.chooseItemToTick")) }
        let item = try await request.projectService.update(
            item: itemID, in: projectID, ItemRequest(completed: completed))
        let query = [(completed ? "ticked" : "unticked", String(item.id))]
        return request.redirect(to: WebPages.project.path(projectID, query: query) + "#item-\(item.id)")
    }

    func setClosed(_ request: Request, _ closed: Bool) async throws -> Response {
        let id = try request.pathID(of: .project)
        _ = try await request.projectService.update(id, ProjectRequest(), closed: closed)
        return request.redirect(to: WebPages.project.path(id, query: [("done", closed ? "closed" : "reopened")]))
    }

    func addItem(request: Request) async throws -> Response {
        let id = try request.pathID(of: .project)
        let values = try request.content.decode(ProjectFormValues.self)
        do {
            _ = try await request.projectService.addItem(
                to: id, ItemRequest(title: values.title, priority: values.priority))
            return request.redirect(to: WebPages.project.path(id))
        } catch let error as BillfoldError where error.code != .notFound {
            var page = try await projectPage(request, sort: .default)
            page.values = values
            page.error = error
            return page.response(request)
        }
    }

    struct Selection: Content { var ids: [String]? }

    func deleteItems(request: Request) async throws -> Response {
        let id = try request.pathID(of: .project)
        let ids = (try request.content.decode(Selection.self).ids ?? []).compactMap { Int64($0) }
        guard !ids.isEmpty else {
            return try await projectPage(request, sort: .default).response(
                request, notice: request.words("projects.notice.selectFirst"))
        }
        _ = try await request.projectService.deleteItems(ids, in: id)
        return request.redirect(to: WebPages.project.path(id, query: [("done", "deleted")]))
    }

    func editProject(request: Request) async throws -> Response {
        let project = try await request.projectService.project(try request.pathID(of: .project))
        return ProjectEditPage(
            kind: .project(project),
            values: ProjectFormValues(title: project.title, detail: project.detail, colour: project.colour)
        ).response(request)
    }

    func saveProject(request: Request) async throws -> Response {
        let service = try request.projectService
        let project = try await service.project(try request.pathID(of: .project))
        let values = try request.content.decode(ProjectFormValues.self)
        do {
            _ = try await service.update(
                project.id,
                ProjectRequest(title: values.title, detail: values.detail ?? "", colour: values.chosenColour))
            return request.redirect(to: WebPages.project.path(project.id, query: [("done", "saved")]))
        } catch let error as BillfoldError {
            return ProjectEditPage(kind: .project(project), values: values, error: error).response(request)
        }
    }

    private func itemID(_ request: Request) throws -> Int64 {
        guard let id = request.parameters.get("item").flatMap({ Int64($0) }) else {
            throw BillfoldError.notFound(.item)
        }
        return id
    }

    func editItem(request: Request) async throws -> Response {
        let service = try request.projectService
        let project = try await service.project(try request.pathID(of: .project))
        let item = try await service.item(try itemID(request), in: project.id)
        return ProjectEditPage(
            kind: .item(project, item),
            values: ProjectFormValues(
                title: item.title, detail: item.detail, priority: item.priority.rawValue,
                completed: item.completed ? "on" : nil)
        ).response(request)
    }

    func saveItem(request: Request) async throws -> Response {
        let service = try request.projectService
        let project = try await service.project(try request.pathID(of: .project))
        let item = try await service.item(try itemID(request), in: project.id)
        let values = try request.content.decode(ProjectFormValues.self)
        do {
            _ = try await service.update(
                item: item.id, in: project.id,
                ItemRequest(
                    title: values.title, detail: values.detail ?? "", priority: values.priority,
                    completed: values.completed != nil))
            return request.redirect(to: WebPages.project.path(project.id, query: [("done", "saved")]))
        } catch let error as BillfoldError {
            return ProjectEditPage(kind: .item(project, item), values: values, error: error).response(request)
        }
    }
}

/// `/awards`: the grid of awards.
struct AwardPagesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(WebPages.awards) { request async throws -> Response in
            let standings = try await request.currentAwardStandings()
            return AwardsPage(standings: standings, format: try request.user.preferences.format).response(request)
        }
    }
}
