import BillfoldAPI
import BillfoldCore
import Vapor

/// A GET of an address only a form posts to (the browser reloaded after sending, or someone kept
/// the address) goes to the page the form is on (`WebPages.formPages`). An id in the address
/// must be the person's: another's answers like a missing one.
struct FormReloadController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        for (form, page) in WebPages.formPages {
            routes.on(Endpoint(.get, form.template)) { request in
                let ids = try form.parameters.map { _ in try request.pathID(of: .page) }
                try await checkOwned(ids, in: form, request)
                return request.redirect(to: page.path(with: Array(ids.prefix(page.parameters.count))))
            }
        }
    }

    /// The ids the address names are the person's: a project, a token, a transaction or a tag.
    private func checkOwned(_ ids: [Int64], in form: Endpoint, _ request: Request) async throws {
        guard let id = ids.first else { return }
        if form.template == WebPages.revokeToken.template {
            let owned = try await AccountService(database: request.store, clock: request.application.wallClock).tokens(
                of: try request.user)
            guard owned.contains(where: { $0.id == id }) else { throw BillfoldError.notFound(.token) }
        } else if form.template.hasPrefix(WebPages.transaction.template) {
            _ = try await request.transactionService.get(id)
        } else if form.template.hasPrefix(WebPages.renameTag.template) {
            guard try await request.transactionService.tags.find(id) != nil else { throw BillfoldError.notFound(.tag) }
        } else {
            _ = try await request.projectService.project(id)
        }
    }
}
