import BillfoldAPI
import BillfoldCore
import NIOHTTP1

/// The frame around every page: head, navigation (a sidebar on wide screens, a tab bar on narrow
/// ones), an optional notice, and the page's own content.
struct Layout {
    enum Section: String {
        case home, transactions, accounts, budgets, review, categories, projects, awards, settings
    }

    let context: PageContext
    let title: String
    var section: Section?
    var scripts: [String] = []

    func document(status: HTTPResponseStatus = .ok, @HTMLBuilder _ content: () -> [HTML]) -> Document {
        // Every page installs the service worker and says when it is offline (offline.js).
        let scripts = self.scripts + ["offline.js"]
        let user = context.user
        let assets = context.assets
        let lang = context.language
        var html = "<!doctype html>"
        HTML.$formToken.withValue(context.csrfToken) {
            H.el("html", [.attr("lang", lang)]) {
                H.el("head", []) {
                    HTML.raw("<meta charset=\"utf-8\">")
                    HTML.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
                    HTML.raw("<meta name=\"color-scheme\" content=\"light dark\">")
                    // Scripts send it as X-CSRF-Token with what they post.
                    HTML.void("meta", [.name("csrf-token"), .attr("content", context.csrfToken)])
                    H.el("title", []) { "\(title) · Billfold" }
                    HTML.void("link", [.attr("rel", "stylesheet"), .href(assets.path("app.css"))])
                    // Drawn inline so browsers stop asking for a /favicon.ico that does not exist.
                    HTML.void("link", [.attr("rel", "icon"), .href(Self.icon)])
                    // Installable: the manifest, the installed window's colour and a home-screen icon.
                    HTML.void("link", [.attr("rel", "manifest"), .href(OperationsAPI.manifest.path())])
                    HTML.void("meta", [.name("theme-color"), .attr("content", InstallableApp.themeColour)])
                    HTML.void("link", [.attr("rel", "apple-touch-icon"), .href(assets.path("icon-192.png"))])
                    // Scripts importing each other get the versioned addresses too, so a long-cached
                    // old copy is never mixed with a new one.
                    H.el("script", [.type("importmap")]) { HTML.raw(assets.importMap) }
                    // The scripts' words (words.js), in the page's language: a data block, not run.
                    H.el("script", [.type("application/json"), .id("billfold-words")]) {
                        HTML.raw(context.words.scriptJSON(areas: scriptAreas(scripts)))
                    }
                    for script in scripts {
                        H.el("script", [.attr("type", "module"), .attr("src", assets.path(script))])
                    }
                }
                H.el("body", user == nil ? [.class("bare")] : []) {
                    H.a(.class("skip-link"), .href("#content")) { tr("layout.skipToContent") }
                    if let user { navigation(user) }
                    H.main(.id("content"), .attr("tabindex", "-1")) {
                        if let notice = context.notice {
                            H.div(.class("notice"), .attr("role", "status")) { notice }
                        }
                        for award in context.newAwards { Self.notice(of: award) }
                        content()
                    }
                    // After the main content in the tab order; drawn at the foot of the sidebar. In a
                    // footer, so a screen reader finds it in a landmark like everything else (the
                    // footer draws no box of its own: the layout places the form).
                    if let user { H.el("footer", [.class("account-footer")]) { signOut(user) } }
                }
            }.render(into: &html)
        }
        return Document(status: status, html: html)
    }

    /// The catalogue areas this page's scripts read their words from (`js.<area>.`): each
    /// script's own, and the shared fetching words.
    private func scriptAreas(_ scripts: [String]) -> [String] {
        ["fetching"]
            + scripts.map { script in
                let area = script.prefix { $0 != "." && $0 != "-" }
                return area == "category" ? "categories" : String(area)
            }
    }

    /// Says an award was just earned, with the way to the awards page.
    static func notice(of award: Award) -> HTML {
        H.div(.class("notice award-notice"), .attr("role", "status")) {
            H.strong { tr("layout.newAward", ["award": award.displayName]) + " " }
            award.displayDescription + " "
            H.a(.href(WebPages.awards.path())) { tr("layout.seeAwards") }
        }
    }

    static let icon =
        "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%231f5fd1'/%3E%3Ctext x='16' y='23' font-family='system-ui,sans-serif' font-size='20' font-weight='700' fill='white' text-anchor='middle'%3EB%3C/text%3E%3C/svg%3E"

    private func navigation(_ user: User) -> HTML {
        H.nav(.class("app-nav"), .label(tr("layout.mainNavigation"))) {
            H.a(.class("brand"), .href(WebPages.home.path())) {
                H.span(.class("brand-mark"), .aria("hidden", "true")) { "B" }
                H.span(.class("brand-name")) { "Billfold" }
            }
            H.ul(.class("nav-links")) {
                link(.home, WebPages.home.path(), tr("nav.home"), icon: "⌂")
                link(.transactions, WebPages.transactions.path(), tr("nav.transactions"), icon: "≡")
                link(.accounts, WebPages.accounts.path(), tr("nav.accounts"), icon: "▤")
                link(.budgets, WebPages.budgets.path(), tr("nav.budgets"), icon: "◔")
                link(.review, WebPages.review.path(), tr("nav.review"), icon: "⇆")
                link(.categories, WebPages.categories.path(), tr("nav.categories"), icon: "◉")
                link(.projects, WebPages.projects.path(), tr("nav.projects"), icon: "☑")
                link(.settings, WebPages.settings.path(), tr("nav.settings"), icon: "⚙")
            }
        }
    }

    private func signOut(_ user: User) -> HTML {
        H.form(.class("sign-out"), .method("post"), .action(WebPages.signOut.path())) {
            H.span(.class("who")) { user.name }
            H.button(.type("submit"), .class("link-button")) { tr("layout.signOut") }
        }
    }

    private func link(_ target: Section, _ href: String, _ text: String, icon: String) -> HTML {
        let current = section == target
        return H.li {
            H.a(.href(href), current ? .aria("current", "page") : .attr("data-nav", target.rawValue)) {
                H.span(.class("nav-icon"), .aria("hidden", "true")) { icon }
                H.span(.class("nav-text")) { text }
            }
        }
    }
}

/// A page for an error a browser met, in words for people: what happened, what to do now, and
/// where to go. The error's code and the request id stay in small print, for support.
struct ErrorPage: WebPage {
    let status: HTTPResponseStatus
    let problem: BillfoldError
    /// Quoted in the small print so whoever runs the server can find the request in the log.
    var requestID: String?

    func document(_ context: PageContext) -> Document {
        let (title, advice): (String, String) =
            switch status {
            case .notFound: (tr("error.notFound.title"), tr("error.notFound.advice"))
            case .forbidden: (tr("error.formNotSent.title"), tr("error.formNotSent.advice"))
            case .tooManyRequests: (tr("error.tooMany.title"), tr("error.tooMany.advice"))
            case .serviceUnavailable: (tr("error.busy.title"), tr("error.busy.advice"))
            case .badRequest, .conflict, .unprocessableEntity, .payloadTooLarge:
                (tr("error.didNotWork.title"), tr("error.didNotWork.advice"))
            default: (tr("error.ourSide.title"), tr("error.ourSide.advice"))
            }
        return Layout(context: context, title: title).document(status: status) {
            H.section(.class("card empty-state error-page")) {
                H.h1 { title }
                // The server's own message when it is one for people; a 500's never is.
                if status.code < 500 || status == .serviceUnavailable { H.p { problem.message(in: context.words) } }
                H.p(.class("secondary")) { advice }
                H.div(.class("form-actions")) {
                    if context.user != nil {
                        H.a(.class("button primary"), .href(WebPages.home.path())) { tr("error.goHome") }
                        H.a(.class("button"), .href(WebPages.transactions.path())) { tr("nav.transactions") }
                    } else {
                        H.a(.class("button primary"), .href(WebPages.signIn.path())) { tr("error.goSignIn") }
                    }
                }
                H.p(.class("fine-print")) {
                    requestID.map { tr("error.forSupportWithRequest", ["code": problem.code.rawValue, "request": $0]) }
                        ?? tr("error.forSupport", ["code": problem.code.rawValue])
                }
            }
        }
    }
}

/// Form helpers shared by the pages.
enum Field {
    /// A labelled input with its error message, linked for screen readers.
    /// `id`: the field's id where a page has several fields of one name.
    /// `hint`: a line under the field saying what to type, read out with it.
    static func input(
        _ name: String, id: String? = nil, label: String, type: String = "text", value: String = "",
        error: String? = nil, hint: String? = nil, extra: [Attr] = []
    ) -> HTML {
        let id = id ?? name
        let described = [error.map { _ in id + "-error" }, hint.map { _ in id + "-hint" }].compactMap { $0 }
        return H.div(.class(error == nil ? "field" : "field invalid")) {
            H.label(.for(id)) { label }
            HTML.void(
                "input",
                [.id(id), .name(name), .type(type), .value(value)]
                    + (error == nil ? [] : [.aria("invalid", "true")])
                    + (described.isEmpty ? [] : [.aria("describedby", described.joined(separator: " "))])
                    + extra)
            if let error {
                H.p(.class("field-error"), .id(id + "-error")) { error }
            }
            if let hint {
                H.p(.class("field-hint"), .id(id + "-hint")) { hint }
            }
        }
    }

    /// A checkbox with its label beside it; `value` is what a ticked box sends.
    static func checkbox(_ name: String, label: String, checked: Bool, value: String = "on", extra: [Attr] = [])
        -> HTML
    {
        H.label(.class("check")) {
            HTML.void(
                "input", [.type("checkbox"), .name(name), .value(value)] + (checked ? [.flag("checked")] : []) + extra)
            H.span { label }
        }
    }

    static func select(
        _ name: String, label: String, options: [(value: String, text: String)], selected: String,
        error: String? = nil
    ) -> HTML {
        H.div(.class(error == nil ? "field" : "field invalid")) {
            H.label(.for(name)) { label }
            H.select(.id(name), .name(name)) {
                for option in options {
                    H.el("option", [.value(option.value)] + (option.value == selected ? [.selected] : [])) {
                        option.text
                    }
                }
            }
            if let error { H.p(.class("field-error"), .id(name + "-error")) { error } }
        }
    }
}
