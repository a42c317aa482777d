import Foundation
import Testing

@testable import BillfoldCore

/// The table in ReviewDeckMachine.swift is what the review page runs on; these tests hold the Swift deck
/// to it, step by step, so a change to either shows up here.
@Suite("Review deck machine")
struct ReviewDeckMachineTests {
    typealias Phase = ReviewDeck.Phase
    typealias Event = ReviewDeck.Event

    func card(_ id: Int64, category: Int64? = nil) -> Transaction {
        Transaction(
            id: id, accountID: 1, bookedAt: BookingTime(epochSeconds: 1_700_000_000 + id, offsetSeconds: 0),
            payee: "P\(id)", originalName: "", notes: "", money: Money(minorUnits: -100, currency: .eur),
            status: .uncleared, categoryID: category, externalID: nil, createdAt: 0, updatedAt: 0)
    }

    /// A deck in `phase`, set up so that `event` can happen there if the table allows it: the last
    /// card on top for the events that end the deck, a step to take back for undo, a failure to retry.
    func deck(in phase: Phase, readyFor event: Event) -> ReviewDeck {
        var deck = ReviewDeck(limit: 20)
        switch phase {
        case .fetching:
            break
        case .fetchEmpty:
            deck.loaded([])
        case .fetchFailed:
            deck.failedToLoad("offline")
        case .swiping where event == .lastCardPassed || event == .lastCardPassedUntouched:
            deck.loaded([card(1)])
        case .swiping:
            deck.loaded([card(1), card(2), card(3)])
            deck.swipeRight()
        case .applying, .done:
            deck.loaded([card(1), card(2)])
            deck.swipeRight()
            deck.swipeLeft(choosing: .category(5))
            if phase == .done { deck.record([1: .applied, 2: .failed("gone")]) }
        }
        return deck
    }

    /// The one thing a user, the network or the page does that brings `event` about.
    func fire(_ event: Event, on deck: inout ReviewDeck) {
        switch event {
        case .loaded: deck.loaded([card(7), card(8)])
        case .loadedEmpty: deck.loaded([])
        case .failedToLoad: deck.failedToLoad("offline")
        case .retryLoading: deck.retryLoading()
        case .reload: deck.reload()
        case .swipeRight, .lastCardPassed: deck.swipeRight()
        case .pick: deck.swipeLeft(choosing: .category(5))
        case .skip, .lastCardPassedUntouched: deck.skip()
        case .undo: deck.undo()
        case .record: deck.record([1: .applied])
        case .allRecorded:
            let all = deck.decisions.map { ($0.transactionID, ReviewDeck.Outcome.applied) }
            deck.record(Dictionary(uniqueKeysWithValues: all))
        case .retryFailed: _ = deck.retryFailed()
        }
    }

    @Test("every step of the table takes the deck where the table says")
    func everyTransition() {
        for step in ReviewDeck.transitions {
            var d = deck(in: step.from, readyFor: step.event)
            #expect(d.phase == step.from, "set-up for \(step.event) in \(step.from)")
            #expect(d.can(step.event))
            fire(step.event, on: &d)
            #expect(d.phase == step.to, "\(step.from) --\(step.event)--> \(step.to)")
        }
    }

    @Test("an event the table does not allow in a phase changes nothing")
    func everythingElseIsIgnored() {
        for phase in Phase.allCases {
            for event in Event.allCases where ReviewDeck.phase(after: event, from: phase) == nil {
                var d = deck(in: phase, readyFor: event)
                let before = d
                #expect(!d.can(event))
                fire(event, on: &d)
                #expect(d == before, "\(event) in \(phase)")
            }
        }
    }

    @Test("the table has one step per phase and event, and every phase can be reached from the start")
    func tableShape() {
        let keys = ReviewDeck.transitions.map { "\($0.from) \($0.event)" }
        #expect(Set(keys).count == keys.count)
        #expect(ReviewDeck.machine.initial == .fetching && ReviewDeck.machine.transitions == ReviewDeck.transitions)
        var reached: Set<Phase> = [ReviewDeck.machine.initial]
        var frontier = reached
        while !frontier.isEmpty {
            let next = Set(ReviewDeck.transitions.filter { frontier.contains($0.from) }.map(\.to))
            frontier = next.subtracting(reached)
            reached.formUnion(next)
        }
        #expect(reached == Set(Phase.allCases))
        #expect(Set(ReviewDeck.transitions.map(\.event)) == Set(Event.allCases), "no event without a step")
    }

    @Test("reload from the middle of a deck starts afresh; a late answer for the old deck is ignored")
    func reload() {
        var d = deck(in: .applying, readyFor: .record)
        d.reload()
        #expect(d.state == .fetching && d.cards.isEmpty && d.decisions.isEmpty && d.outcomes.isEmpty)
        d.record([1: .applied])
        #expect(d.state == .fetching && d.outcomes.isEmpty)
        d.loaded([card(9)])
        #expect(d.current?.id == 9 && !d.canUndo)
    }

    @Test("the page reads the table as JSON in the table's words")
    func machineJSON() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(ReviewDeck.machine), as: UTF8.self)
        #expect(json.hasPrefix(#"{"initial":"fetching","transitions":[{"event":"loaded","from":"fetching","#))
        #expect(json.contains(#"{"event":"lastCardPassed","from":"swiping","to":"applying"}"#))
        #expect(json.contains(#"{"event":"reload","from":"done","to":"fetching"}"#))
        #expect(try JSONDecoder().decode(ReviewDeck.Machine.self, from: Data(json.utf8)) == ReviewDeck.machine)
        #expect(
            Phase.allCases.map(\.rawValue) == ["fetching", "fetchEmpty", "fetchFailed", "swiping", "applying", "done"])
    }

    @Test("actions and outcomes keep the names the API and the activity log use")
    func wireNames() throws {
        #expect(ReviewActionKind.allCases.map(\.rawValue) == ["clear", "recategorize"])
        #expect(ReviewOutcomeKind.allCases.map(\.rawValue) == ["applied", "unchanged", "failed"])
        #expect(ReviewDecision.Action.clear.kind == .clear)
        #expect(ReviewDecision.Action.recategorize(nil).kind == .recategorize)
        #expect(ReviewDecision.Action.recategorize(4).kind == .recategorize)
        #expect(ReviewDeck.Outcome.applied.kind == .applied)
        #expect(ReviewDeck.Outcome.unchanged.kind == .unchanged)
        #expect(ReviewDeck.Outcome.failed("gone").kind == .failed)
        let encoded = try JSONEncoder().encode([ReviewActionKind.recategorize])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["recategorize"]"#)
        #expect(try JSONDecoder().decode([ReviewOutcomeKind].self, from: Data(#"["unchanged"]"#.utf8)) == [.unchanged])
    }
}
