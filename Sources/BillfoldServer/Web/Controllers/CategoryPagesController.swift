import BillfoldAPI
import BillfoldCore
import Vapor

/// The categories pages: the list (and the fragment its script swaps in), add and edit forms,
/// and the delete confirmation for one category or a selection.
struct CategoryPagesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(WebPages.categories, use: list)
        routes.on(WebPages.newCategory, use: newForm)
        routes.on(WebPages.addCategory, use: create)
        routes.on(WebPages.addStarterCategories, use: addStarters)
        routes.on(WebPages.editCategory, use: editForm)
        routes.on(WebPages.saveCategory, use: update)
        routes.on(WebPages.confirmDeleteCategory, use: confirmDelete)
        routes.on(WebPages.deleteCategories, use: bulkDelete)
    }

    func list(request: Request) async throws -> Response {
        let service = try request.categoryService
        let search = (try? request.query.get(String.self, at: "q")) ?? ""
        let sort = (try? CategorySort(parsing: try? request.query.get(String.self, at: "sort"))) ?? .name
        let listing = try await service.listing(search: search, sort: sort)
        let page = CategoryListPage(listing: listing, format: try request.user.preferences.format)
        // The script asks for the list alone to refresh it in place.
        if (try? request.query.get(String.self, at: "fragment")) != nil {
            let response = Response(status: .ok, body: .init(string: Self.fragment(page, request)))
            response.headers.contentType = .html
            response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
            return response
        }
        let names = Dictionary(
            listing.entries.map { ($0.category.id, $0.category.name) }, uniquingKeysWith: { a, _ in a })
        return page.response(request, notice: Self.notice(request, names: names))
    }

    /// The list alone, drawn in the request's words (outside `respond`, so set here).
    private static func fragment(_ page: CategoryListPage, _ request: Request) -> String {
        request.drawn { page.list.rendered(formToken: request.csrfToken) }
    }

    /// What the last action did, told on the list it returns to. Built from counts and ids,
    /// never from text in the address, so a link cannot make the page say anything else.
    static func notice(_ request: Request, names: [Int64: String]) -> String? {
        let words = request.words
        if let saved = try? request.query.get(Int64.self, at: "saved") {
            return names[saved].map { words("categories.notice.savedNamed", ["name": $0]) }
                ?? words("categories.notice.saved")
        }
        if let added = try? request.query.get(Int.self, at: "starters") {
            return words("categories.starter.added", count: added)
        }
        guard let deleted = try? request.query.get(Int.self, at: "deleted") else { return nil }
        let moved = (try? request.query.get(Int.self, at: "moved")) ?? 0
        var text = words("categories.notice.deleted", count: deleted)
        if moved > 0 {
            let target = try? request.query.get(Int64.self, at: "to")
            let place =
                target.map { id in
                    names[id].map { words("categories.notice.movedTo", count: moved, ["name": $0]) }
                        ?? words("categories.notice.moved", count: moved)
                } ?? words("categories.notice.movedToUncategorized", count: moved)
            text += " " + place
        }
        if let off = try? request.query.get(Int.self, at: "rulesOff"), off > 0 {
            text += " " + words("categories.notice.rulesSwitchedOff", count: off)
        }
        return text
    }

    func newForm(request: Request) async throws -> Response {
        var values = CategoryFormPage.Values()
        values.isGroup = (try? request.query.get(String.self, at: "group")) == "1" ? "1" : nil
        values.groupId = try? request.query.get(String.self, at: "groupId")
        return CategoryFormPage(
            values: values, tree: try await request.categoryService.tree(),
            format: try request.user.preferences.format
        )
        .response(request)
    }

    func create(request: Request) async throws -> Response {
        let service = try request.categoryService
        let values = try request.content.decode(CategoryFormPage.Values.self)
        do {
            let created = try await service.create(values.draft)
            return request.redirect(to: WebPages.categories.path(query: [("saved", String(created.id))]))
        } catch let error as BillfoldError {
            return CategoryFormPage(
                values: values, tree: try await service.tree(), format: try request.user.preferences.format,
                error: error
            )
            .response(request)
        }
    }

    /// Makes the common set in the person's language; back to the list, which says how many.
    func addStarters(request: Request) async throws -> Response {
        let added = try await request.categoryService.addStarters(named: { request.words($0) })
        return request.redirect(to: WebPages.categories.path(query: [("starters", String(added))]))
    }

    func editForm(request: Request) async throws -> Response {
        let service = try request.categoryService
        let found = try await service.get(try request.pathID(of: .category))
        return CategoryFormPage(
            values: CategoryFormPage.Values(found.usage.category), tree: try await service.tree(),
            format: try request.user.preferences.format, editing: found.usage
        ).response(request)
    }

    func update(request: Request) async throws -> Response {
        let service = try request.categoryService
        let id = try request.pathID(of: .category)
        let found = try await service.get(id)
        let values = try request.content.decode(CategoryFormPage.Values.self)
        do {
            _ = try await service.update(id) { current in
                var draft = values.draft
                draft.isGroup = current.isGroup
                draft.order = current.order
                if current.isGroup { draft.groupID = nil }
                return draft
            }
            return request.redirect(to: WebPages.categories.path(query: [("saved", String(id))]))
        } catch let error as BillfoldError where error.code != .notFound {
            return CategoryFormPage(
                values: values, tree: try await service.tree(), format: try request.user.preferences.format,
                editing: found.usage, error: error
            ).response(request)
        }
    }

    func confirmDelete(request: Request) async throws -> Response {
        let id = try request.pathID(of: .category)
        return try await deletePage(request, values: CategoryDeletePage.Values(ids: [String(id)]), error: nil)
    }

    /// The list's selection and the confirmation both post here: without `confirm` it asks,
    /// with it it deletes, or asks again with the reason it could not.
    func bulkDelete(request: Request) async throws -> Response {
        let values = try request.content.decode(CategoryDeletePage.Values.self)
        guard !values.categoryIDs.isEmpty else {
            return CategoryListPage(
                listing: try await request.categoryService.listing(), format: try request.user.preferences.format
            ).response(request, notice: request.words("categories.notice.selectFirst"))
        }
        guard values.confirm == "1" else { return try await deletePage(request, values: values, error: nil) }
        do {
            let done = try await request.categoryService.delete(values.deletion)
            let to = done.plan.destination.categoryID.map(String.init) ?? "none"
            return request.redirect(
                to: WebPages.categories.path(query: [
                    ("deleted", String(done.plan.deleted.count)), ("moved", String(done.moved)), ("to", to),
                    ("rulesOff", String(done.rulesSwitchedOff)),
                ]))
        } catch let error as BillfoldError {
            return try await deletePage(request, values: values, error: error)
        }
    }

    private func deletePage(_ request: Request, values: CategoryDeletePage.Values, error: BillfoldError?)
        async throws -> Response
    {
        let service = try request.categoryService
        let tree = try await service.tree()
        let chosen = values.categoryIDs.compactMap { tree.category($0) }
        guard !chosen.isEmpty, chosen.count == Set(values.categoryIDs).count else {
            throw BillfoldError.notFound(.category)
        }
        let counts = try await service.transactionCounts()
        return CategoryDeletePage(
            values: values, categories: chosen, tree: tree, counts: counts,
            format: try request.user.preferences.format, error: error
        )
        .response(request)
    }
}
