import BillfoldAPI
import BillfoldCore
import Foundation
import Testing

@testable import BillfoldKit

/// The review deck over a Lunch Money v1 server: Billfold's own `/v1`, which answers as Lunch
/// Money does, so the same source clears transactions in a real Lunch Money account.
@Suite("Review over a Lunch Money server", .serialized)
@MainActor
struct LunchMoneySourceTests {
    @Test("the deck reads a month's uncleared transactions from /v1 and clears and moves them there")
    func deckOverV1() async throws {
        try await LiveServer.with { server in
            let client = try await ClientTests.signedIn(server)
            let groceries = try await client.send(
                NativeAPI.addCategory, body: CategoryRequest(name: "Groceries"), as: CategoryDTO.self)
            let bakery = try await ReviewViewModelTests.add(client, "Bakery", day: 2)
            let market = try await ReviewViewModelTests.add(client, "Market", day: 3)
            _ = try await ReviewViewModelTests.add(client, "Kiosk", day: 4)
            let token = try #require(client.token)
            let source = LunchMoneyReviewSource(
                server: server.url, token: token, zone: TimeZone(identifier: "Europe/Berlin")!)
            let model = ReviewViewModel(source: source)
            await model.load(month: Month(year: 2026, month: 11))
            #expect(model.screen == .swiping && model.remaining == 3)
            let card = try #require(model.card)
            #expect(card.payee == "Bakery" && card.money == Money(minorUnits: -500, currency: .eur))
            #expect(model.accountName(of: card) == "Cash (EUR)")
            #expect(model.categories.category(groceries.id)?.name == "Groceries")
            model.clear()
            model.choose(category: groceries.id)
            model.cancelPicker()
            model.skip()
            await model.apply()
            #expect(model.screen == .done && model.items.map(\.progress) == [.applied, .applied])
            #expect(try await client.transaction(bakery.id).status == .cleared)
            let moved = try await client.transaction(market.id)
            #expect(moved.status == .cleared && moved.categoryId == groceries.id)
            // A wrong token reads as "sign in again", with Lunch Money's own message.
            let stranger = ReviewViewModel(source: LunchMoneyReviewSource(server: server.url, token: "nope"))
            await stranger.load(month: Month(year: 2026, month: 11))
            guard case .failed(let error) = stranger.screen else {
                Issue.record("a wrong token loaded a deck")
                return
            }
            #expect(error.kind == .signInAgain && error.message.contains("Access token"))
        }
    }
}
