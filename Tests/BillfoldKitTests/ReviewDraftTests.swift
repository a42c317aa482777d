import BillfoldAPI
import BillfoldCore
import Foundation
import Testing

@testable import BillfoldKit

/// A deck left early keeps every step taken, and every step counts in order however fast.
@Suite("Review drafts", .serialized)
@MainActor
struct ReviewDraftTests {
    @Test("a deck left at its last card comes back with every step taken, and undo still takes them back")
    func leftEarly() async throws {
        try await LiveServer.with { server in
            let client = try await ClientTests.signedIn(server)
            let rent = try await client.send(
                NativeAPI.addCategory, body: CategoryRequest(name: "Rent"), as: CategoryDTO.self)
            var added: [TransactionDTO] = []
            for (day, payee) in ["REWE", "BVG", "Landlord", "Kiosk"].enumerated() {
                added.append(try await ReviewViewModelTests.add(client, payee, day: day + 2))
            }
            let file = FileManager.default.temporaryDirectory
                .appendingPathComponent("review-drafts-\(UUID().uuidString).json")
            defer { try? FileManager.default.removeItem(at: file) }

            let first = ReviewViewModel(
                source: NativeReviewSource(client: client), drafts: ReviewDraftStore(file: file))
            await first.load()
            first.clear()
            first.skip()
            first.choose(category: rent.id)
            #expect(first.card?.payee == "Kiosk")
            // Left here: the program quits without finishing the deck.

            let again = ReviewViewModel(
                source: NativeReviewSource(client: client), drafts: ReviewDraftStore(file: file))
            await again.load()
            #expect(again.resumedSteps == 3)
            #expect(again.card?.payee == "Kiosk" && again.position == (4, 4))
            again.undo()
            #expect(again.card?.payee == "Landlord", "the pick taken back")
            again.choose(category: rent.id)
            again.clear()
            #expect(again.screen == .applying)
            #expect(again.items.map(\.payee) == ["REWE", "Landlord", "Kiosk"])
            await again.apply()
            #expect(again.screen == .done && again.failedCount == 0)
            #expect(try await client.transaction(added[0].id).status == .cleared)
            #expect(try await client.transaction(added[1].id).status == .uncleared, "the skip kept")
            #expect(try await client.transaction(added[2].id).categoryId == rent.id)

            let later = ReviewViewModel(
                source: NativeReviewSource(client: client), drafts: ReviewDraftStore(file: file))
            await later.load()
            #expect(later.resumedSteps == 0, "a finished deck leaves nothing to resume")
            #expect(later.card?.payee == "BVG")
        }
    }

    @Test("clear, skip and undo in quick succession: each counts, and undo takes back the skip")
    func quickKeys() async throws {
        try await LiveServer.with { server in
            let client = try await ClientTests.signedIn(server)
            for (day, payee) in ["REWE", "BVG", "Kiosk"].enumerated() {
                _ = try await ReviewViewModelTests.add(client, payee, day: day + 2)
            }
            let model = ReviewViewModel(source: NativeReviewSource(client: client))
            await model.load()
            model.clear()
            model.skip()
            model.undo()
            #expect(model.card?.payee == "BVG")
            #expect(model.deck.draft.steps.map(\.action) == [.clear])
        }
    }

    @Test("steps for cards no longer on top are not taken again; an unreadable draft file starts afresh")
    func staleDraft() async throws {
        try await LiveServer.with { server in
            let client = try await ClientTests.signedIn(server)
            let rewe = try await ReviewViewModelTests.add(client, "REWE", day: 2)
            _ = try await ReviewViewModelTests.add(client, "BVG", day: 3)
            let file = FileManager.default.temporaryDirectory
                .appendingPathComponent("review-drafts-\(UUID().uuidString).json")
            defer { try? FileManager.default.removeItem(at: file) }
            let month = try Month(parsing: "2026-11")
            let drafts = ReviewDraftStore(file: file)
            try drafts.keep(
                ReviewDeck.Draft(steps: [.init(transactionId: rewe.id + 1000, action: .clear)]), for: month)
            let model = ReviewViewModel(
                source: NativeReviewSource(client: client), drafts: ReviewDraftStore(file: file))
            await model.load()
            #expect(model.resumedSteps == 0 && model.card?.payee == "REWE")

            try Data("not json".utf8).write(to: file)
            let fresh = ReviewViewModel(
                source: NativeReviewSource(client: client), drafts: ReviewDraftStore(file: file))
            await fresh.load()
            #expect(fresh.resumedSteps == 0 && fresh.card?.payee == "REWE")
        }
    }
}
