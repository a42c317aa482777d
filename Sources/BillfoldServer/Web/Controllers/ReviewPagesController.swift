import BillfoldAPI
import BillfoldCore
import Foundation
import Vapor

/// The review deck page, the cards its script loads, and the activity log page.
struct ReviewPagesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(WebPages.review, use: page)
        routes.on(WebPages.reviewCards, use: cards)
        routes.on(WebPages.reviewAwards, use: awards)
        routes.on(WebPages.activity, use: activity)
        routes.on(WebPages.saveDeckAnimation, use: saveAnimation)
    }

    /// The deck's animation choice: saved, then back to the deck's month; the deck's script asks
    /// to stay (`stay`) and is answered 204.
    func saveAnimation(request: Request) async throws -> Response {
        struct Form: Content {
            var deckAnimation: String
            var month: String?
            var stay: String?
        }
        let form = try request.content.decode(Form.self)
        let user = try request.user
        var preferences = user.preferences
        preferences.deckAnimation = try DeckAnimationField.parse(form.deckAnimation)
        try await AccountService(database: request.store, clock: request.application.wallClock).save(
            preferences, of: user)
        if form.stay != nil { return Response(status: .noContent) }
        let month = form.month.flatMap { try? Month(parsing: $0) }
        return request.redirect(to: WebPages.review.path(query: month.map { [("month", $0.description)] } ?? []))
    }

    private func month(_ request: Request, service: ReviewService) throws -> Month {
        try service.month(named: try? request.query.get(String.self, at: "month"))
    }

    func page(request: Request) async throws -> Response {
        let service = try request.reviewService
        let user = try request.user
        let month = try month(request, service: service)
        let tree = try await request.categoryService.tree()
        let picker = try await ReviewMonthChoice.picker(
            service: service, showing: month, user: user, words: request.words)
        return ReviewPage(
            month: month, monthName: month.name(locale: user.preferences.format.locale, timeZone: service.zone),
            months: picker.months, total: picker.total, categories: tree
        ).response(request)
    }

    /// The month's cards, formatted exactly as the rest of the app formats money and dates.
    func cards(request: Request) async throws -> Response {
        let service = try request.reviewService
        let user = try request.user
        let month = try month(request, service: service)
        let format = try user.preferences.format
        let words = request.words
        async let deck = service.deck(month)
        async let accounts = request.transactionService.accountNames()
        async let months = ReviewMonthChoice.picker(service: service, showing: month, user: user, words: words)
        let names = try await accounts
        let (cards, remaining) = try await deck
        let picker = try await months
        let suggested = try await request.suggestionService.suggestions(for: cards)
        let response = Response(status: .ok)
        try response.content.encode(
            ReviewCardsJSON(
                month: month.description, monthName: month.name(locale: format.locale, timeZone: service.zone),
                remaining: remaining, months: picker.months, total: picker.total,
                cards: cards.map {
                    ReviewCardJSON(
                        id: $0.id, payee: $0.payee, amount: format.money($0.money), isExpense: $0.money.isExpense,
                        date: format.booked($0), account: names[$0.accountID] ?? "",
                        categoryId: $0.categoryID, notes: $0.notes, bankText: $0.bankTextBesidePayee,
                        ruleText: PayeeCleaner.clean($0.originalName),
                        suggestionId: suggested[$0.id]?.categoryID)
                }), using: JSONEncoder.api)
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }

    /// The notices of awards the deck just earned, for its script to show: the notice middleware
    /// found them on this request, as it does for every page.
    func awards(request: Request) -> Response {
        request.respond(Document(html: HTML.group(request.newAwards.map(Layout.notice(of:))).rendered(formToken: "")))
    }

    func activity(request: Request) async throws -> Response {
        let service = try request.reviewService
        // A place the page's own links wrote; anything else starts from the newest.
        let cursor = { (name: String) in
            (try? request.query.get(String.self, at: name)).flatMap(ActivityEntry.Place.init(parameter:))
        }
        let window = try await service.activity(
            before: cursor("before"), after: cursor("after"), limit: ActivityPage.pageSize)
        return ActivityPage(
            window: window,
            categories: try await request.categoryService.tree(), format: try request.user.preferences.format
        ).response(request)
    }
}

/// A card as the page shows it, formatted in the user's locale and zone by the server.
struct ReviewCardJSON: Content {
    var id: Int64
    var payee: String
    var amount: String
    var isExpense: Bool
    var date: String
    var account: String
    var categoryId: Int64?
    var notes: String
    /// The bank's own text where it differs from the payee.
    var bankText: String?
    /// What a rule made from this card looks for in the bank's text: its stable part.
    var ruleText: String
    /// The category learned from the person's decisions; clearing the card accepts it.
    var suggestionId: Int64?
}

struct ReviewCardsJSON: Content {
    var month: String
    var monthName: String
    var remaining: Int
    /// The month picker's choices and the count over every month, redrawn after each deck.
    var months: [ReviewMonthChoice]
    var total: String
    var cards: [ReviewCardJSON]
}

/// A month in the review's picker, in words: "November 2026 · 5 to review".
struct ReviewMonthChoice: Content {
    var month: String
    var label: String
    var count: Int

    /// The picker's months and the line counting every month (the number Home shows too), in `words`.
    static func picker(service: ReviewService, showing month: Month, user: User, words: Words) async throws
        -> (months: [ReviewMonthChoice], total: String)
    {
        let locale = try user.preferences.format.locale
        let months = try await service.months(showing: month)
        let choices = months.map { entry in
            let name = entry.month.name(locale: locale, timeZone: service.zone)
            return ReviewMonthChoice(
                month: entry.month.description,
                label: entry.count == 0
                    ? words("review.monthNothingToReview", ["month": name])
                    : words("review.monthToReview", count: entry.count, ["month": name]),
                count: entry.count)
        }
        let total = months.reduce(0) { $0 + $1.count }
        let busy = months.filter { $0.count > 0 }.count
        let line =
            switch (total, busy) {
            case (0, _): words("review.nothingInAnyMonth")
            case (_, 1): words("review.toReviewInAll", count: total)
            default: words("review.toReviewAcrossMonths", count: total, ["months": String(busy)])
            }
        return (choices, line)
    }
}
