import Testing

@testable import BillfoldCore

@Suite("Awards")
struct AwardTests {
    let catalogue = AwardCriterion.allCases.flatMap { criterion in
        [1, 10].map {
            Award(
                id: "\(criterion.rawValue)-\($0)", name: "n", description: "d", colour: "blue", icon: "star",
                criterion: criterion, value: $0)
        }
    }

    @Test("earned at the value, not one below; one above stays earned", arguments: AwardCriterion.allCases)
    func thresholds(criterion: AwardCriterion) {
        for award in catalogue where award.criterion == criterion {
            for (count, earned) in [(award.value - 1, false), (award.value, true), (award.value + 1, true)] {
                let result = AwardStanding.evaluate(catalogue, counts: [criterion: count], recorded: [:], now: 99)
                let standing = result.standings.first { $0.award == award }!
                #expect(standing.earned == earned, "\(award.id) at \(count)")
                #expect(result.newlyEarned.contains(award) == earned)
            }
        }
    }

    @Test("the first earned date is kept, even when the count drops")
    func keptDates() {
        let result = AwardStanding.evaluate(catalogue, counts: [:], recorded: ["items_added-10": 42], now: 99)
        let kept = result.standings.first { $0.award.id == "items_added-10" }!
        #expect(kept.earnedAt == 42 && kept.count == 0 && result.newlyEarned.isEmpty)
    }

    @Test("progress reads as a person says it")
    func progress() {
        let award = Award(
            id: "x", name: "n", description: "d", colour: "blue", icon: "star", criterion: .itemsAdded, value: 10)
        #expect(award.progress(7) == "7 of 10 items")
        #expect(award.progress(12) == "10 of 10 items")
    }
}
