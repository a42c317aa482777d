import BillfoldCore
import Vapor

extension Request {
    /// The context a page is drawn in for this request's browser.
    func pageContext(notice: String? = nil) -> PageContext {
        PageContext(
            user: auth.get(User.self), csrfToken: csrfToken, assets: application.assets, notice: notice,
            newAwards: newAwards, browserWords: words)
    }

    /// The words this request is answered in: the signed-in user's language, else the one the
    /// `Accept-Language` header asks for first (English when it names none Billfold speaks).
    var words: Words {
        if let user = auth.get(User.self) { return Words(locale: user.preferences.locale) }
        return acceptedWords
    }

    /// The words the `Accept-Language` header asks for first (English when it names none Billfold
    /// speaks): what the APIs answer in, whoever signed in.
    var acceptedWords: Words {
        Words(language: Language.preferred(byAcceptLanguage: headers.first(name: .acceptLanguage)))
    }

    /// What `draw` makes in this request's words: for a page part drawn outside `respond`, such
    /// as the list's "load more" rows.
    func drawn<T>(_ draw: () -> T) -> T {
        Words.$current.withValue(words) { draw() }
    }

    /// A drawn page as the answer: HTML, never cached (it shows the user's own data). The page is
    /// drawn in the request's words (`tr` in its parts reads them).
    func respond(_ draw: @autoclosure () -> Document) -> Response {
        let document = drawn(draw)
        let response = Response(status: document.status, body: .init(string: document.html))
        response.headers.contentType = .html
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        if let user = auth.get(User.self) {
            response.headers.replaceOrAdd(name: "X-Billfold-Person", value: user.deviceKey)
        }
        return response
    }
}

extension WebPage {
    /// The page drawn in its context's words (`tr` in its parts reads them).
    func drawn(_ context: PageContext) -> Document {
        Words.$current.withValue(context.words) { document(context) }
    }

    /// The page drawn for `request`'s browser.
    func response(_ request: Request, notice: String? = nil) -> Response {
        request.respond(document(request.pageContext(notice: notice)))
    }
}
