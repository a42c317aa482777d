import BillfoldAPI
import BillfoldCore
import Foundation
import Vapor

/// The review deck page, the cards its script loads, and the activity log page.
struct ReviewPagesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(WebPages.review, use: page)
        routes.on(WebPages.reviewCards, use: cards)
        routes.on(WebPages.activity, use: activity)
    }

    private func month(_ request: Request, service: ReviewService) throws -> Month {
        try service.month(named: try? request.query.get(String.self, at: "month"))
    }

    func page(request: Request) async throws -> Response {
        let service = try request.reviewService
        let user = try request.user
        let month = try month(request, service: service)
        let tree = try await request.categoryService.tree()
        return ReviewPage(
            month: month, monthName: month.name(locale: user.preferences.format.locale, timeZone: service.zone),
            categories: tree
        ).response(request)
    }

    /// The month's cards, formatted exactly as the rest of the app formats money and dates.
    func cards(request: Request) async throws -> Response {
        let service = try request.reviewService
        let user = try request.user
        let month = try month(request, service: service)
        let format = try user.preferences.format
        async let deck = service.deck(month)
        async let accounts = request.transactionService.accountNames()
        let names = try await accounts
        let (cards, remaining) = try await deck
        let response = Response(status: .ok)
        try response.content.encode(
            ReviewCardsJSON(
                month: month.description, monthName: month.name(locale: format.locale, timeZone: service.zone),
                remaining: remaining,
                cards: cards.map {
                    ReviewCardJSON(
                        id: $0.id, payee: $0.payee, amount: format.money($0.money), isExpense: $0.money.isExpense,
                        date: format.dateTime($0.bookedAt.epochSeconds), account: names[$0.accountID] ?? "",
                        categoryId: $0.categoryID, notes: $0.notes)
                }), using: JSONEncoder.api)
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }

    func activity(request: Request) async throws -> Response {
        let service = try request.reviewService
        var before: Int64?
        if let cursor = try? request.query.get(Int64.self, at: "before"), cursor > 0 { before = cursor }
        let page = try await service.activity(before: before, limit: ActivityPage.pageSize)
        return ActivityPage(
            entries: page.entries, hasMore: page.hasMore,
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
}

struct ReviewCardsJSON: Content {
    var month: String
    var monthName: String
    var remaining: Int
    var cards: [ReviewCardJSON]
}
