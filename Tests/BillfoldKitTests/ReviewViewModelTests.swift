import BillfoldAPI
import BillfoldCore
import Foundation
import Testing

@testable import BillfoldKit

/// The review deck's view model against a real server: every state it passes through.
@Suite("Review view model", .serialized)
@MainActor
struct ReviewViewModelTests {
    static func add(_ client: BillfoldClient, _ payee: String, day: Int, month: Int = 11, category: Int64? = nil)
        async throws -> TransactionDTO
    {
        try await client.addTransaction(
            CreateTransactionRequest(
                bookedAt: String(format: "2026-%02d-%02dT10:00:00+01:00", month, day), payee: payee, amount: "-5.00",
                currency: "EUR", categoryId: category, status: "uncleared"))
    }

    @Test("loading, swiping with clear, pick, cancel and undo, applying one by one, done, and the look-back offer")
    func fullDeck() async throws {
        try await LiveServer.with { server in
            let client = try await ClientTests.signedIn(server)
            let rent = try await client.send(
                NativeAPI.addCategory, body: CategoryRequest(name: "Rent"), as: CategoryDTO.self)
            let bakery = try await Self.add(client, "Bakery", day: 2)
            let landlord = try await Self.add(client, "Landlord", day: 3)
            let kiosk = try await Self.add(client, "Kiosk", day: 4)
            _ = try await Self.add(client, "October", day: 20, month: 10)

            let model = ReviewViewModel(source: NativeReviewSource(client: client))
            #expect(model.screen == .loading)
            await model.load()
            #expect(model.screen == .swiping && model.monthName == "November 2026" && model.remaining == 3)
            #expect(model.card?.payee == "Bakery" && model.position == (1, 3))
            model.clear()
            #expect(model.card?.payee == "Landlord" && model.canUndo)
            model.choose(category: rent.id)
            #expect(model.card?.payee == "Kiosk")
            var card = try #require(model.card)
            #expect(model.categoryName(of: card) == "Uncategorized")
            card.categoryID = rent.id
            #expect(model.categoryName(of: card) == "Rent")
            card.categoryID = 987_654
            #expect(model.categoryName(of: card) == "Unknown category (id 987654)")
            model.undo()
            #expect(model.card?.payee == "Landlord")
            model.choose(category: rent.id)
            model.cancelPicker()
            #expect(model.card?.payee == "Kiosk", "Esc goes back to the same card")
            model.skip()
            #expect(model.screen == .applying)
            #expect(model.items.map(\.payee) == ["Bakery", "Landlord"])
            #expect(model.items.allSatisfy { $0.progress == .pending })
            await model.apply()
            #expect(model.screen == .done && model.failedCount == 0)
            #expect(model.items.map(\.progress) == [.applied, .applied])
            #expect(try await client.transaction(bakery.id).status == .cleared)
            let moved = try await client.transaction(landlord.id)
            #expect(moved.status == .cleared && moved.categoryId == rent.id)
            #expect(try await client.transaction(kiosk.id).status == .uncleared, "a skipped card stays untouched")
            await model.findLookback()
            #expect(model.lookbackOffer?.month == Month(year: 2026, month: 10) && model.lookbackOffer?.count == 1)
            await model.load(month: Month(year: 2001, month: 1))
            #expect(model.screen == .empty)
        }
    }

    @Test("a failed load and failed decisions retry once the server is back, applying nothing twice")
    func failures() async throws {
        try await LiveServer.with { server in
            let client = try await ClientTests.signedIn(server)
            let first = try await Self.add(client, "First", day: 2)
            _ = try await Self.add(client, "Second", day: 3)
            let model = ReviewViewModel(source: NativeReviewSource(client: client))
            try await server.stop()
            await model.load()
            guard case .failed(let error) = model.screen else {
                Issue.record("expected a failed load, got \(model.screen)")
                return
            }
            #expect(error.kind == .offline)
            try await server.start()
            await model.retry()
            #expect(model.screen == .swiping)
            model.clear()
            model.clear()
            try await server.stop()
            await model.apply()
            #expect(model.screen == .done && model.failedCount == 2)
            try await server.start()
            await model.retryFailed()
            #expect(model.screen == .done && model.failedCount == 0)
            #expect(model.items.map(\.progress) == [.applied, .applied])
            #expect(try await client.transaction(first.id).status == .cleared)
            let activity = try await client.send(NativeAPI.activity, as: ActivityResponse.self)
            #expect(activity.items.count == 2, "each decision recorded once")
        }
    }

    @Test("with an offline queue, decisions the server cannot take wait in it and are applied once when it is back")
    func queuedDecisions() async throws {
        try await LiveServer.with { server in
            let client = try await ClientTests.signedIn(server)
            let first = try await Self.add(client, "First", day: 2)
            let second = try await Self.add(client, "Second", day: 3)
            let food = try await client.send(
                NativeAPI.addCategory, body: CategoryRequest(name: "Food"), as: CategoryDTO.self)
            let queue = try OfflineQueue(file: server.folder.appendingPathComponent("queue.json"))
            let model = ReviewViewModel(source: NativeReviewSource(client: client), queue: queue)
            await model.load()
            model.clear()
            model.choose(category: food.id)
            try await server.stop()
            await model.apply()
            #expect(model.screen == .done && model.failedCount == 0 && model.queuedCount == 2)
            #expect(await queue.changes.map(\.summary) == ["Clear “First”", "Move “Second” to Food"])

            try await server.start()
            let report = await queue.replay(with: client)
            #expect(report.sent.count == 2 && report.refused.isEmpty)
            #expect(try await client.transaction(first.id).status == .cleared)
            let moved = try await client.transaction(second.id)
            #expect(moved.status == .cleared && moved.categoryId == food.id)
            let activity = try await client.send(NativeAPI.activity, as: ActivityResponse.self)
            #expect(activity.items.count == 2, "each decision recorded once")
        }
    }
}
