import BillfoldAPI
import BillfoldCore
import Vapor

/// `/api/v1/categories`: list with usage, search and sort; create (categories and groups); get
/// (a group with its children); change; delete and bulk delete with reassignment.
struct CategoriesAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(NativeAPI.categories, use: list)
        routes.on(NativeAPI.addCategory, use: create)
        routes.on(NativeAPI.deleteCategories, use: bulkDelete)
        routes.on(NativeAPI.category, use: show)
        routes.on(NativeAPI.changeCategory, use: update)
        routes.on(NativeAPI.deleteCategory, use: delete)
    }

    func list(request: Request) async throws -> Response {
        let sort = try CategorySort(parsing: try? request.query.get(String.self, at: "sort"))
        let search = (try? request.query.get(String.self, at: "q")) ?? ""
        let listing = try await request.categoryService.listing(search: search, sort: sort)
        return try CategoryListResponse(categories: listing.flat.map { CategoryDTO($0) }).apiResponse()
    }

    func show(request: Request) async throws -> Response {
        let found = try await request.categoryService.get(try request.pathID(of: .category))
        return try CategoryDTO(found.usage, children: found.usage.category.isGroup ? found.children : nil)
            .apiResponse()
    }

    func create(request: Request) async throws -> Response {
        let body = try request.decodeJSON(CategoryRequest.self)
        let draft = body.applied(to: CategoryDraft(name: "", isGroup: body.isGroup ?? false))
        let created = try await request.categoryService.create(draft)
        let response = try CategoryDTO(CategoryUsage(category: created), children: created.isGroup ? [] : nil)
            .apiResponse(status: .created)
        response.headers.replaceOrAdd(name: .location, value: NativeAPI.category.path(created.id))
        return response
    }

    func update(request: Request) async throws -> Response {
        let id = try request.pathID(of: .category)
        let body = try request.decodeJSON(CategoryRequest.self)
        let service = try request.categoryService
        _ = try await service.update(id) { body.applied(to: $0) }
        return try await show(request: request)
    }

    /// The choice may come as a JSON body or, for clients that cannot send a body with DELETE,
    /// as `?reassignTo=<id>|none&keepChildren=true`.
    func delete(request: Request) async throws -> Response {
        let id = try request.pathID(of: .category)
        var body = CategoryDeleteRequest()
        if let data = request.body.data, data.readableBytes > 0 {
            body = try request.decodeJSON(CategoryDeleteRequest.self)
        } else {
            body = try Self.deleteQuery(request)
        }
        let done = try await request.categoryService.delete(body.deletion(ids: [id]))
        return try CategoryDeleteResponse(done.plan, moved: done.moved, rulesSwitchedOff: done.rulesSwitchedOff)
            .apiResponse()
    }

    func bulkDelete(request: Request) async throws -> Response {
        let body = try request.decodeJSON(CategoryDeleteRequest.self)
        guard let ids = body.ids else {
            throw BillfoldError.validation("ids", Phrase("error.http.categoryIDsMissing"))
        }
        let done = try await request.categoryService.delete(body.deletion(ids: ids))
        return try CategoryDeleteResponse(done.plan, moved: done.moved, rulesSwitchedOff: done.rulesSwitchedOff)
            .apiResponse()
    }

    static func deleteQuery(_ request: Request) throws -> CategoryDeleteRequest {
        var body = CategoryDeleteRequest()
        if let target = try? request.query.get(String.self, at: "reassignTo") {
            if target == "none" || target == "null" {
                body.reassignTo = .some(nil)
            } else if let id = Int64(target) {
                body.reassignTo = .some(id)
            } else {
                throw BillfoldError.validation("reassignTo", Phrase("error.http.reassignToInvalid"))
            }
        }
        if let keep = try? request.query.get(String.self, at: "keepChildren") { body.keepChildren = keep == "true" }
        return body
    }
}

extension Request {
    var categoryService: CategoryService {
        get throws { CategoryService(database: store, user: try user, clock: application.wallClock) }
    }
}
