import BillfoldAPI
import BillfoldCore
import Vapor

/// A GET of an address only a form posts to (the browser reloaded after sending, or someone kept
/// the address) goes to the page the form is on. An id in the address must be the person's:
/// another's answers like a missing one.
struct FormReloadController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        for endpoint in WebPages.formReloads where endpoint.template != WebPages.signOut.template {
            routes.on(endpoint) { request in try await reload(request, endpoint) }
        }
    }

    private func reload(_ request: Request, _ endpoint: Endpoint) async throws -> Response {
        let template = endpoint.template
        if template.hasPrefix("/projects/") {
            let project = try await request.projectService.project(try request.pathID(of: "project"))
            return request.redirect(to: WebPages.project.path(project.id))
        }
        if template == WebPages.revokeToken.template {
            let id = try request.pathID(of: "token")
            let user = try request.user
            guard try await AccountService(database: request.store).tokens(of: user).contains(where: { $0.id == id })
            else { throw BillfoldError.notFound("token") }
            return request.redirect(to: WebPages.settings.path())
        }
        if template.hasPrefix("/categories/") { return request.redirect(to: WebPages.categories.path()) }
        return request.redirect(to: WebPages.settings.path())
    }
}
