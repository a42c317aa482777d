import Foundation

/// A category suggested for a transaction no rule categorised, learned from one person's own
/// categorised transactions only (on their server; nothing shared, nothing fetched).
public struct Suggestion: Hashable, Sendable, Codable {
    public var categoryID: Int64
    /// How sure, 0 to 1: the share of the evidence behind it, less when it rests on few rows.
    public var confidence: Double

    public init(categoryID: Int64, confidence: Double) {
        self.categoryID = categoryID
        self.confidence = confidence
    }

    /// Below this a guess is not shown: measured on real households, what is shown above it is
    /// right about nine times in ten (`README` › Suggestions).
    public static let shownFrom = 0.6
}

/// Learns which category a person gives what. A transaction whose payee (cleaned from the bank's
/// text, `PayeeCleaner`) the person has categorised before is put where its nearest bookings of
/// that payee went: nearest by amount (an exact repeat counts most), the same direction and
/// account, the same words in the bank's text (a store number), and the person's latest
/// decisions first, so a change of mind wins. A payee never seen is weighed by the words of its
/// bank text, its direction, account and size, against how the person filed new payees before
/// (naive Bayes).
public struct SuggestionLearner: Sendable {
    /// One categorised transaction of the person's, oldest first.
    public struct Example: Sendable {
        public var bankText: String
        public var minorUnits: Int64
        public var accountID: Int64
        public var categoryID: Int64

        public init(bankText: String, minorUnits: Int64, accountID: Int64, categoryID: Int64) {
            self.bankText = bankText
            self.minorUnits = minorUnits
            self.accountID = accountID
            self.categoryID = categoryID
        }
    }

    /// A transaction to suggest for.
    public struct Query: Sendable {
        public var bankText: String
        public var minorUnits: Int64
        public var accountID: Int64

        public init(bankText: String, minorUnits: Int64, accountID: Int64) {
            self.bankText = bankText
            self.minorUnits = minorUnits
            self.accountID = accountID
        }
    }

    /// What is kept of an example: its features, worked out once.
    struct Seen: Sendable {
        let size: Double
        let minorUnits: Int64
        let isIncome: Bool
        let accountID: Int64
        let words: Set<String>
        let categoryID: Int64
    }

    // Weights, measured on the labelled households (see `SuggestionLearnerTests`).
    static let amountSpread = 0.35
    static let exactAmount = 3.0
    static let baseWeight = 0.5
    static let recentRows = 4.0
    static let sameWords = 3.0
    static let smoothing = 0.1

    private var byPayee: [String: [Seen]] = [:]
    private var wordCounts: [Int64: [String: Double]] = [:]
    private var categoryCounts: [Int64: Double] = [:]
    private var firstOfPayee: [Int64: Double] = [:]
    private var vocabulary: Set<String> = []

    public init(_ examples: [Example] = []) {
        for example in examples { learn(example) }
    }

    /// Adds one more decision of the person's (the newest so far).
    public mutating func learn(_ example: Example) {
        let key = Self.payeeKey(example.bankText)
        let seen = Seen(
            size: Self.size(example.minorUnits), minorUnits: example.minorUnits,
            isIncome: example.minorUnits > 0, accountID: example.accountID, words: Self.words(example.bankText),
            categoryID: example.categoryID)
        if byPayee[key] == nil { firstOfPayee[example.categoryID, default: 0] += 1 }
        byPayee[key, default: []].append(seen)
        categoryCounts[example.categoryID, default: 0] += 1
        for feature in Self.features(example.bankText, example.minorUnits, example.accountID) {
            wordCounts[example.categoryID, default: [:]][feature, default: 0] += 1
            vocabulary.insert(feature)
        }
    }

    /// The likeliest category and how sure; nil with nothing learned.
    public func suggest(_ query: Query) -> Suggestion? {
        guard !categoryCounts.isEmpty else { return nil }
        if let history = byPayee[Self.payeeKey(query.bankText)] { return nearest(query, in: history) }
        return byWords(query)
    }

    private func nearest(_ query: Query, in history: [Seen]) -> Suggestion? {
        let size = Self.size(query.minorUnits)
        let words = Self.words(query.bankText)
        var scores: [Int64: Double] = [:]
        for (index, seen) in history.enumerated() {
            let recency = exp(-Double(history.count - 1 - index) / Self.recentRows)
            let distance = seen.size - size
            var closeness = exp(-distance * distance / (2 * Self.amountSpread * Self.amountSpread))
            if seen.minorUnits.magnitude == query.minorUnits.magnitude { closeness += Self.exactAmount }
            let union = seen.words.union(words).count
            let overlap = union == 0 ? 0 : Double(seen.words.intersection(words).count) / Double(union)
            let direction = seen.isIncome == (query.minorUnits > 0) ? 1.0 : 0.2
            let account = seen.accountID == query.accountID ? 1.0 : 0.5
            scores[seen.categoryID, default: 0] +=
                (Self.baseWeight + closeness) * (0.2 + recency) * direction * account * (1 + Self.sameWords * overlap)
        }
        let total = scores.values.reduce(0, +)
        guard total > 0, let best = scores.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) }) else { return nil }
        // One booking of a payee is thin evidence.
        let support = min(1, Double(history.count) / 2)
        return Suggestion(categoryID: best.key, confidence: best.value / total * support)
    }

    /// Naive Bayes over the features a bank text has and those it lacks (Bernoulli): a category
    /// filed a few times would otherwise win every word it never saw. Measured on the labelled
    /// households, this took unseen payees from a quarter right to over a third.
    private func byWords(_ query: Query) -> Suggestion? {
        let features = Self.features(query.bankText, query.minorUnits, query.accountID).filter(vocabulary.contains)
        let payees = firstOfPayee.values.reduce(0, +)
        var logScores: [Int64: Double] = [:]
        for (category, count) in categoryCounts {
            func likelihood(_ seen: Double) -> Double { (seen + Self.smoothing) / (count + 2 * Self.smoothing) }
            // How the person filed a payee the first time they met it.
            var score = log((firstOfPayee[category, default: 0] + 1) / (payees + Double(categoryCounts.count)))
            let counts = wordCounts[category] ?? [:]
            // Every feature absent: those never seen with the category share one likelihood.
            for seen in counts.values { score += log(1 - likelihood(seen)) }
            score += Double(vocabulary.count - counts.count) * log(1 - likelihood(0))
            // Then the ones present, swapped in.
            for feature in features {
                let p = likelihood(counts[feature, default: 0])
                score += log(p) - log(1 - p)
            }
            logScores[category] = score
        }
        guard let best = logScores.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) }) else { return nil }
        let sum = logScores.values.reduce(0) { $0 + exp($1 - best.value) }
        // A payee never seen is a guess from words (right about a third of the time on real
        // households): below what is shown, however one-sided the words.
        return Suggestion(categoryID: best.key, confidence: 0.5 / sum)
    }

    /// The payee as suggestions group bookings: the clean payee, folded.
    public static func payeeKey(_ bankText: String) -> String {
        String(RuleText.folded(PayeeCleaner.clean(bankText)))
    }

    static func size(_ minorUnits: Int64) -> Double { log(Double(minorUnits.magnitude) / 100 + 1) }

    /// The bank text's words, numbers included (a store's number tells two stores apart).
    static func words(_ text: String) -> Set<String> {
        Set(
            String(RuleText.folded(text)).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init))
    }

    /// What naive Bayes weighs: the words (not bare numbers), direction, account and size.
    static func features(_ text: String, _ minorUnits: Int64, _ accountID: Int64) -> [String] {
        var features = words(text).filter { $0.count >= 2 && !$0.allSatisfy(\.isNumber) }.sorted()
        features.append(minorUnits > 0 ? "#in" : "#out")
        features.append("#account:\(accountID)")
        features.append("#size:\(Int(log2(Double(minorUnits.magnitude) / 100 + 1)))")
        return features
    }
}
