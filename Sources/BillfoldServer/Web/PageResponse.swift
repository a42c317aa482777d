import BillfoldCore
import Vapor

extension Request {
    /// The context a page is drawn in for this request's browser.
    func pageContext(notice: String? = nil) -> PageContext {
        PageContext(
            user: auth.get(User.self), csrfToken: csrfToken, assets: application.assets, notice: notice,
            newAwards: newAwards)
    }

    /// A drawn page as the answer: HTML, never cached (it shows the user's own data).
    func respond(_ document: Document) -> Response {
        let response = Response(status: document.status, body: .init(string: document.html))
        response.headers.contentType = .html
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }
}

extension WebPage {
    /// The page drawn for `request`'s browser.
    func response(_ request: Request, notice: String? = nil) -> Response {
        request.respond(document(request.pageContext(notice: notice)))
    }
}
