import Foundation

/// How well suggestions would have done for a person: learn from the older share of their
/// categorised transactions, suggest for the newer rest, and count (`billfold suggest --evaluate`,
/// and the tests on real households).
public struct SuggestionEvaluation: Sendable, Equatable {
    /// Transactions suggested for (the newer part).
    public var tested: Int
    /// Transactions learned from (the older part).
    public var learned: Int
    /// Of the tested, those whose payee was among the learned.
    public var seen: Int
    /// Right first guesses over every tested transaction.
    public var topOne: Double
    /// The same over those with a payee seen before.
    public var topOneSeen: Double
    /// Right among the suggestions sure enough to show (`Suggestion.shownFrom`).
    public var shownRight: Double
    /// The share of tested transactions that get a suggestion shown.
    public var coverage: Double

    /// `examples` oldest first; the older `learningShare` is learned from.
    public init(_ examples: [SuggestionLearner.Example], learningShare: Double = 0.7) {
        let cut = Int(Double(examples.count) * learningShare)
        let older = examples[..<cut]
        let newer = examples[cut...]
        let learner = SuggestionLearner(Array(older))
        let known = Set(older.map { SuggestionLearner.payeeKey($0.bankText) })
        var (right, seen, rightSeen, shown, rightShown) = (0, 0, 0, 0, 0)
        for example in newer {
            let guess = learner.suggest(
                .init(bankText: example.bankText, minorUnits: example.minorUnits, accountID: example.accountID))
            let isRight = guess?.categoryID == example.categoryID
            if isRight { right += 1 }
            if known.contains(SuggestionLearner.payeeKey(example.bankText)) {
                seen += 1
                if isRight { rightSeen += 1 }
            }
            if let guess, guess.confidence >= Suggestion.shownFrom {
                shown += 1
                if isRight { rightShown += 1 }
            }
        }
        func share(_ part: Int, _ whole: Int) -> Double { whole == 0 ? 0 : Double(part) / Double(whole) }
        tested = newer.count
        learned = older.count
        self.seen = seen
        topOne = share(right, newer.count)
        topOneSeen = share(rightSeen, seen)
        shownRight = share(rightShown, shown)
        coverage = share(shown, newer.count)
    }
}
