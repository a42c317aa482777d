import BillfoldAPI
import BillfoldCore
import Vapor

/// `/api/v1/projects` and `/api/v1/projects/{id}/items`.
struct ProjectsAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(NativeAPI.projects, use: list)
        routes.on(NativeAPI.addProject, use: create)
        routes.on(NativeAPI.project, use: show)
        routes.on(NativeAPI.changeProject, use: update)
        routes.on(NativeAPI.deleteProject, use: delete)
        routes.on(NativeAPI.closeProject) { try await setClosed($0, true) }
        routes.on(NativeAPI.reopenProject) { try await setClosed($0, false) }
        routes.on(NativeAPI.items, use: items(request:))
        routes.on(NativeAPI.addItem, use: addItem)
        routes.on(NativeAPI.deleteItems, use: bulkDelete)
        routes.on(NativeAPI.changeItem, use: updateItem)
        routes.on(NativeAPI.deleteItem, use: deleteItem)
    }

    func list(request: Request) async throws -> Response {
        let closed: Bool? =
            switch try? request.query.get(String.self, at: "closed") {
            case "true": true
            case "false": false
            case nil, "": nil
            default: throw BillfoldError.validation("closed", Phrase("error.http.closedNotBoolean"))
            }
        let projects = try await request.projectService.projectsWithItems(closed: closed)
        return try ProjectListResponse(projects: projects.map { ProjectDTO($0.project, items: $0.items) }).apiResponse()
    }

    private func answer(_ project: Project, _ request: Request, status: HTTPResponseStatus = .ok) async throws
        -> Response
    {
        let items = try await request.projectService.items(of: project.id)
        return try ProjectDTO(project, items: items).apiResponse(status: status)
    }

    func show(request: Request) async throws -> Response {
        try await answer(try await request.projectService.project(try request.pathID(of: .project)), request)
    }

    func create(request: Request) async throws -> Response {
        let created = try await request.projectService.create(try request.decodeJSON(ProjectRequest.self))
        let response = try await answer(created, request, status: .created)
        response.headers.replaceOrAdd(name: .location, value: NativeAPI.project.path(created.id))
        return response
    }

    func update(request: Request) async throws -> Response {
        let id = try request.pathID(of: .project)
        let body = try request.decodeJSON(ProjectRequest.self)
        return try await answer(try await request.projectService.update(id, body), request)
    }

    func setClosed(_ request: Request, _ closed: Bool) async throws -> Response {
        let id = try request.pathID(of: .project)
        return try await answer(try await request.projectService.update(id, ProjectRequest(), closed: closed), request)
    }

    func delete(request: Request) async throws -> Response {
        try await request.projectService.delete(try request.pathID(of: .project))
        return Response(status: .noContent)
    }

    func items(request: Request) async throws -> Response {
        let service = try request.projectService
        let project = try await service.project(try request.pathID(of: .project))
        let sort = try ItemSort(parsing: try? request.query.get(String.self, at: "sort"))
        let items = try await service.items(of: project.id, sorted: sort)
        return try ItemListResponse(items: items.map(ItemDTO.init)).apiResponse()
    }

    func addItem(request: Request) async throws -> Response {
        let projectID = try request.pathID(of: .project)
        let item = try await request.projectService.addItem(to: projectID, try request.decodeJSON(ItemRequest.self))
        return try ItemDTO(item).apiResponse(status: .created)
    }

    private func itemID(_ request: Request) throws -> Int64 {
        guard let id = request.parameters.get("item").flatMap({ Int64($0) }), id > 0 else {
            throw BillfoldError.notFound(.item)
        }
        return id
    }

    func updateItem(request: Request) async throws -> Response {
        let projectID = try request.pathID(of: .project)
        let id = try itemID(request)
        let body = try request.decodeJSON(ItemRequest.self)
        return try ItemDTO(try await request.projectService.update(item: id, in: projectID, body)).apiResponse()
    }

    func deleteItem(request: Request) async throws -> Response {
        let projectID = try request.pathID(of: .project)
        _ = try await request.projectService.deleteItems([try itemID(request)], in: projectID)
        return Response(status: .noContent)
    }

    func bulkDelete(request: Request) async throws -> Response {
        let projectID = try request.pathID(of: .project)
        let body = try request.decodeJSON(ItemBulkDeleteRequest.self)
        let deleted = try await request.projectService.deleteItems(body.ids, in: projectID)
        return try ItemBulkDeleteResponse(deleted: deleted).apiResponse()
    }
}

extension Request {
    var projectService: ProjectService {
        get throws { ProjectService(database: store, user: try user, clock: application.wallClock) }
    }
}
