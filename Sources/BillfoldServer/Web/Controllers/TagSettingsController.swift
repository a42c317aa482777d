import BillfoldAPI
import BillfoldCore
import Vapor

/// Settings › Tags: add, rename and delete the person's tags.
struct TagSettingsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(WebPages.createTag, use: create)
        routes.on(WebPages.renameTag, use: rename)
        routes.on(WebPages.deleteTag, use: delete)
    }

    struct NameForm: Content { var name: String? }

    func create(request: Request) async throws -> Response {
        let name = try request.content.decode(NameForm.self).name ?? ""
        return try await answer(request, refusing: nil, name: name) {
            _ = try await request.transactionService.tags.create(name: name, now: request.application.wallClock.seconds)
            return "tag-added"
        }
    }

    func rename(request: Request) async throws -> Response {
        let id = try request.pathID(of: .tag)
        let name = try request.content.decode(NameForm.self).name ?? ""
        return try await answer(request, refusing: id, name: name) {
            guard
                try await request.transactionService.tags.update(id, name: name, description: nil, archived: nil) != nil
            else { throw BillfoldError.notFound(.tag) }
            return "tag-renamed"
        }
    }

    func delete(request: Request) async throws -> Response {
        let id = try request.pathID(of: .tag)
        guard try await request.transactionService.tags.delete(id) else { throw BillfoldError.notFound(.tag) }
        return request.redirect(to: WebPages.settings.path(query: [("done", "tag-deleted")]) + "#tags")
    }

    /// Back to Settings with what was done, or the page again with why the name was refused.
    private func answer(
        _ request: Request, refusing tagID: Int64?, name: String, _ work: () async throws -> String
    ) async throws -> Response {
        do {
            let done = try await work()
            return request.redirect(to: WebPages.settings.path(query: [("done", done)]) + "#tags")
        } catch let error as BillfoldError where error.code == .validationFailed || error.code == .conflict {
            var view = try await SettingsController.page(request)
            view.tags.error = (tagID, name, error.message(in: request.words))
            return view.response(request)
        }
    }
}
