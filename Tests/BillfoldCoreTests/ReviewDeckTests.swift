import Foundation
import Testing

@testable import BillfoldCore

@Suite("Review deck")
struct ReviewDeckTests {
    func card(_ id: Int64, category: Int64? = nil) -> Transaction {
        Transaction(
            id: id, accountID: 1, bookedAt: BookingTime(epochSeconds: 1_700_000_000 + id, offsetSeconds: 0),
            payee: "P\(id)", originalName: "", notes: "", money: Money(minorUnits: -100, currency: .eur),
            status: .uncleared, categoryID: category, externalID: nil, createdAt: 0, updatedAt: 0)
    }

    func deck(_ cards: [Transaction], limit: Int = 20) -> ReviewDeck {
        var deck = ReviewDeck(limit: limit)
        deck.loaded(cards)
        return deck
    }

    @Test("an empty deck is fetch-empty; a failed fetch can be retried")
    func fetching() {
        var empty = ReviewDeck(limit: 5)
        #expect(empty.state == .fetching && empty.current == nil)
        empty.loaded([])
        #expect(empty.state == .fetchEmpty && !empty.canUndo)
        empty.swipeRight()
        #expect(empty.state == .fetchEmpty && empty.decisions.isEmpty)
        var failing = ReviewDeck(limit: 5)
        failing.failedToLoad("offline")
        #expect(failing.state == .fetchFailed("offline"))
        failing.retryLoading()
        #expect(failing.state == .fetching)
        failing.loaded([card(1)])
        #expect(failing.state == .swiping && failing.current?.id == 1)
    }

    @Test("the deck holds at most its size")
    func limit() {
        let big = deck((1...30).map { card($0) }, limit: 20)
        #expect(big.cards.count == 20 && big.cards.last?.id == 20)
    }

    @Test(
        "right clears; left with another category recategorises; the same category only clears; cancel keeps the card; skip passes it"
    )
    func decisions() {
        var d = deck([card(1, category: 7), card(2, category: 7), card(3, category: 7), card(4)])
        d.swipeRight()
        d.swipeLeft(choosing: .category(8))
        d.swipeLeft(choosing: .category(7))
        #expect(d.current?.id == 4)
        d.swipeLeft(choosing: .cancel)
        #expect(d.current?.id == 4 && d.state == .swiping, "cancel goes back to the same card")
        d.skip()
        #expect(
            d.decisions == [
                ReviewDecision(transactionID: 1, action: .clear),
                ReviewDecision(transactionID: 2, action: .recategorize(8)),
                ReviewDecision(transactionID: 3, action: .clear),
            ])
        #expect(d.state == .applying, "the last card was skipped: the deck is finished")
    }

    @Test("choosing Uncategorized for an uncategorised card only clears it; for a categorised one it moves it")
    func uncategorized() {
        var d = deck([card(1), card(2, category: 3)])
        d.swipeLeft(choosing: .category(nil))
        d.swipeLeft(choosing: .category(nil))
        #expect(
            d.decisions == [
                ReviewDecision(transactionID: 1, action: .clear),
                ReviewDecision(transactionID: 2, action: .recategorize(nil)),
            ])
    }

    @Test("undo takes back the last step, a skip included; at the first card it does nothing")
    func undo() {
        var d = deck([card(1), card(2), card(3)])
        d.undo()
        #expect(d.current?.id == 1 && d.decisions.isEmpty && d.state == .swiping)
        d.swipeRight()
        d.skip()
        #expect(d.current?.id == 3)
        d.undo()
        #expect(d.current?.id == 2 && d.decisions.count == 1)
        d.undo()
        #expect(d.current?.id == 1 && d.decisions.isEmpty && !d.canUndo)
        d.swipeLeft(choosing: .category(9))
        #expect(d.decisions == [ReviewDecision(transactionID: 1, action: .recategorize(9))])
    }

    @Test("a deck of only skips is done with nothing to apply")
    func allSkipped() {
        var d = deck([card(1), card(2)])
        d.skip()
        d.skip()
        #expect(d.state == .done && d.decisions.isEmpty)
        d.undo()
        #expect(d.state == .done, "no undo once the deck is finished")
    }

    @Test("applying ends when every decision has an outcome; failures can be retried")
    func applying() {
        var d = deck([card(1), card(2), card(3)])
        d.swipeRight()
        d.swipeRight()
        d.swipeRight()
        d.record([1: .applied])
        #expect(d.state == .applying)
        d.record([2: .failed("gone"), 3: .unchanged])
        #expect(d.state == .done)
        let again = d.retryFailed()
        #expect(again == [ReviewDecision(transactionID: 2, action: .clear)] && d.state == .applying)
        d.record([2: .applied])
        #expect(d.state == .done && d.outcomes[2] == .applied)
        #expect(d.retryFailed().isEmpty)
    }
}

@Suite("Months")
struct MonthTests {
    @Test("parse, step across years, and cover the month in the user's zone")
    func months() throws {
        #expect(try Month(parsing: "2026-03").description == "2026-03")
        for bad in ["2026-3", "2026-13", "26-03", "2026-03-01", "abcd-ef"] {
            #expect(throws: BillfoldError.self) { try Month(parsing: bad) }
        }
        #expect(Month(year: 2026, month: 1).adding(months: -1) == Month(year: 2025, month: 12))
        #expect(Month(year: 2025, month: 11).adding(months: 14) == Month(year: 2027, month: 1))
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let range = Month(year: 2026, month: 3).range(in: berlin)
        #expect(range.lowerBound == 1_772_319_600, "2026-03-01T00:00+01:00")
        #expect(range.upperBound == 1_774_994_400, "2026-04-01T00:00+02:00")
    }
}
