import BillfoldCore
import NIOHTTP1

/// What a page needs to know about whom it is drawn for, besides its own model: the person (nil
/// before sign-in), their browser's CSRF token for the page's forms, the asset addresses, and
/// the notices to show. Pages take this value instead of the request, so they are plain
/// functions from model to HTML and can be drawn in a test without a server.
struct PageContext: Sendable {
    var user: User?
    /// Put into every POST form and the scripts' meta tag (CrossSiteGuard).
    var csrfToken: String
    var assets: Assets
    /// One line above the content, e.g. "Saved."
    var notice: String?
    /// Awards first reached while this request was answered, announced once.
    var newAwards: [Award] = []

    /// Before sign-in, the words of the language the browser's `Accept-Language` asks for.
    var browserWords: Words = .english

    /// The words the page is written in: the user's language, or before sign-in the browser's.
    var words: Words { user.map { Words(locale: $0.preferences.locale) } ?? browserWords }

    /// `<html lang>`: the user's language and region (`de-CH`), or the language alone.
    var language: String { user?.preferences.locale ?? words.language.rawValue }
}

/// A drawn page: its status and its HTML.
struct Document: Sendable {
    var status: HTTPResponseStatus = .ok
    var html: String
}

/// A page drawn from its model and a context.
protocol WebPage {
    func document(_ context: PageContext) -> Document
}
