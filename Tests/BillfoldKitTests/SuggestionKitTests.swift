import BillfoldAPI
import BillfoldCore
import Foundation
import Testing

@testable import BillfoldKit

/// Suggestions reach an app through the review deck (shown on the card, and taken by clearing it)
/// and the transaction list.
@Suite("Suggestions in the review view model", .serialized)
@MainActor
struct SuggestionKitTests {
    @Test("a card whose payee the person filed before carries the suggestion; clearing it takes it")
    func clearTakesTheSuggestion() async throws {
        try await LiveServer.with { server in
            let client = try await ClientTests.signedIn(server)
            let groceries = try await client.send(
                NativeAPI.addCategory, body: CategoryRequest(name: "Groceries"), as: CategoryDTO.self)
            // Filed before: three REWE bookings in Groceries, in October.
            for day in ["03", "10", "17"] {
                _ = try await client.addTransaction(
                    CreateTransactionRequest(
                        bookedAt: "2026-10-\(day)T10:00:00+01:00", payee: "REWE Markt", amount: "-12.00",
                        currency: "EUR", categoryId: groceries.id, status: "cleared"))
            }
            let new = try await ReviewViewModelTests.add(client, "REWE Markt", day: 2)
            let other = try await ReviewViewModelTests.add(client, "Somewhere New", day: 3)
            #expect(try await client.transaction(new.id).suggestion?.categoryId == groceries.id)

            // The list says so too, for the uncategorised one only.
            let list = TransactionsViewModel(source: NativeTransactionSource(client: client))
            await list.load()
            let listed = try #require(list.transactions.first { $0.id == new.id })
            #expect(list.shownCategory(of: listed) == "Suggested: Groceries")
            #expect(list.suggestions[new.id]?.categoryID == groceries.id)
            #expect(list.suggestions.count == 1, "\(list.suggestions)")
            let filed = try #require(list.transactions.first { $0.categoryID == groceries.id })
            #expect(list.shownCategory(of: filed) == "Groceries")

            let model = ReviewViewModel(source: NativeReviewSource(client: client))
            await model.load()
            let card = try #require(model.card)
            #expect(card.id == new.id)
            #expect(model.suggestion(for: card)?.name == "Groceries")
            model.clear()
            #expect(model.card?.id == other.id)
            #expect(model.suggestion(for: try #require(model.card)) == nil, "nothing learned about it")
            model.clear()
            await model.apply()
            let taken = try await client.transaction(new.id)
            #expect(taken.categoryId == groceries.id && taken.status == .cleared)
            #expect(taken.categorySource == .person, "accepting is the person's decision")
            #expect(try await client.transaction(other.id).categoryId == nil)
        }
    }
}
