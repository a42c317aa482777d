import Foundation

/// A person's rules ready to run: switched-on rules in their order, their words folded once, so a
/// million-row import folds each row's texts once and compares, never reparses.
public struct RuleBook: Sendable {
    /// One condition as it runs. Plain values only (words as a range of `words`, a pattern or a
    /// currency by its place), so running a rule on a row copies and retains nothing: every rule
    /// runs on every row of an import, and retaining each rule's parts had cost more than comparing.
    enum Test: Sendable {
        /// Texts are compared as the UTF-8 of their folded form: byte by byte is a tenth of the
        /// cost of comparing `Character`s, and folding has already made equal what should be.
        case text(RuleTextField, Kind, Range<Int>)
        case pattern(RuleTextField, Int)
        case notes(Range<Int>)
        case amount(ClosedRange<Decimal>)
        case direction(MoneyDirection)
        case account(Int64)
        case currency(Int)

        enum Kind: Sendable {
            case exactly, contains, startsWith
        }
    }

    /// The switched-on rules in their order.
    let rules: [Rule]
    /// Each rule's tests, as a range of `tests`.
    let testRanges: [Range<Int>]
    /// Every rule's tests, end to end.
    let tests: [Test]
    /// Every text test's folded words, end to end.
    let words: [UInt8]
    let patterns: [RulePattern]
    let currencies: [Currency]

    public init(_ rules: [Rule]) {
        self.rules = rules.filter(\.isEnabled).sorted { ($0.position, $0.id) < ($1.position, $1.id) }
        var tests: [Test] = []
        var ranges: [Range<Int>] = []
        var words: [UInt8] = []
        var patterns: [RulePattern] = []
        var currencies: [Currency] = []
        func place(_ text: String) -> Range<Int> {
            let folded = RuleText.foldedBytes(text)
            words += folded
            return (words.count - folded.count)..<words.count
        }
        for rule in self.rules {
            let first = tests.count
            for condition in rule.conditions {
                switch condition {
                case .text(let field, .isExactly(let text)): tests.append(.text(field, .exactly, place(text)))
                case .text(let field, .contains(let text)): tests.append(.text(field, .contains, place(text)))
                case .text(let field, .startsWith(let text)): tests.append(.text(field, .startsWith, place(text)))
                case .text(let field, .matches(let pattern)):
                    tests.append(.pattern(field, patterns.count))
                    patterns.append(pattern)
                case .notesContain(let text): tests.append(.notes(place(text)))
                case .amountIs(let minor): tests.append(.amount(minor...minor))
                case .amountBetween(let low, let high): tests.append(.amount(min(low, high)...max(low, high)))
                case .direction(let direction): tests.append(.direction(direction))
                case .account(let id): tests.append(.account(id))
                case .currency(let currency):
                    tests.append(.currency(currencies.count))
                    currencies.append(currency)
                }
            }
            ranges.append(first..<tests.count)
        }
        (self.tests, testRanges, self.words, self.patterns, self.currencies) = (
            tests, ranges, words, patterns, currencies
        )
    }

    /// The subject after every rule whose conditions hold, in order, and the ids of those rules.
    /// A category the person chose is never changed; one that came with the transaction only by
    /// a rule that says so; one set by an earlier rule stays (the earlier rule comes first).
    public func apply(to subject: RuleSubject) -> (subject: RuleSubject, matched: [Int64]) {
        var texts = RuleTexts()
        return apply(to: subject, texts: &texts)
    }

    /// The same, folding texts through `texts`: a walk over many rows passes one along, so each
    /// payee is folded once, not once a row.
    public func apply(to subject: RuleSubject, texts: inout RuleTexts) -> (subject: RuleSubject, matched: [Int64]) {
        guard !rules.isEmpty else { return (subject, []) }
        var subject = subject
        var matched: [Int64] = []
        var folded = Folded(subject, texts: &texts)
        tests.withUnsafeBufferPointer { tests in
            words.withUnsafeBufferPointer { words in
                for index in rules.indices
                where testRanges[index].allSatisfy({ folded.holds(tests[$0], subject, words: words, in: self) }) {
                    let rule = rules[index]
                    matched.append(rule.id)
                    let (payee, notes) = (subject.payee, subject.notes)
                    for action in rule.actions {
                        Self.act(action, rule: rule, on: &subject)
                    }
                    // A renamed payee or added notes are what later rules see (folded again only then).
                    if subject.payee != payee || subject.notes != notes { folded = Folded(subject, texts: &texts) }
                    if rule.stopsAfter { break }
                }
            }
        }
        return (subject, matched)
    }

    private static func act(_ action: RuleAction, rule: Rule, on subject: inout RuleSubject) {
        switch action {
        case .setCategory(let id):
            // A category without a source is the person's (`NewTransaction.storedCategorySource`).
            let mayChange: Bool =
                switch subject.categorySource {
                case _ where subject.categoryID == nil: true
                case .importFile?, .lunchMoney?: rule.overridesSource
                case nil, .person?, .rule?, .suggestion?: false
                }
            // Already there: nothing to change, not even who set it.
            guard mayChange, subject.categoryID != id else { return }
            subject.categoryID = id
            subject.categorySource = .rule
        case .renamePayee(let payee):
            subject.payee = payee
        case .addTags(let ids):
            for id in ids where !subject.tagIDs.contains(id) { subject.tagIDs.append(id) }
        case .appendNotes(let text):
            // Again on the same transaction (applied twice), the notes stay as they are; notes that
            // would grow past their limit keep what they had.
            guard !text.isEmpty, !subject.notes.contains(text) else { return }
            let notes = subject.notes.isEmpty ? text : subject.notes + " " + text
            guard TextRules.length(notes) <= TransactionRules.maxNotes else { return }
            subject.notes = notes
        case .markCleared:
            if subject.status == .uncleared { subject.status = .cleared }
        }
    }

    /// The subject's texts as rules compare them, folded once per rule run.
    struct Folded {
        let payee: [UInt8]
        let bankText: [UInt8]
        private(set) var notesFolded: [UInt8]?
        let notes: String

        init(_ subject: RuleSubject, texts: inout RuleTexts) {
            payee = texts.folded(subject.payee)
            bankText = subject.bankText == subject.payee ? payee : texts.folded(subject.bankText)
            notes = subject.notes
        }

        mutating func holds(_ test: Test, _ subject: RuleSubject, words: UnsafeBufferPointer<UInt8>, in book: RuleBook)
            -> Bool
        {
            switch test {
            case .text(let field, let kind, let range):
                return field == .payee
                    ? Self.holds(kind, payee, UnsafeBufferPointer(rebasing: words[range]))
                    : Self.holds(kind, bankText, UnsafeBufferPointer(rebasing: words[range]))
            case .pattern(let field, let index):
                // The pattern steps through characters: its text is decoded from the bytes.
                let text = field == .payee ? payee : bankText
                return book.patterns[index].matches(folded: Array(String(decoding: text, as: UTF8.self)))
            case .notes(let range):
                if notesFolded == nil { notesFolded = RuleText.foldedBytes(notes) }
                return Self.holds(.contains, notesFolded ?? [], UnsafeBufferPointer(rebasing: words[range]))
            case .amount(let range): return range.contains(abs(subject.money.amount))
            case .direction(.moneyIn): return subject.money.minorUnits > 0
            case .direction(.moneyOut): return subject.money.minorUnits < 0
            case .account(let id): return subject.accountID == id
            case .currency(let index): return subject.money.currency == book.currencies[index]
            }
        }

        static func holds(_ kind: Test.Kind, _ text: [UInt8], _ words: UnsafeBufferPointer<UInt8>) -> Bool {
            text.withUnsafeBufferPointer { text in
                switch kind {
                case .exactly: return text.elementsEqual(words)
                case .startsWith: return text.starts(with: words)
                case .contains: return contains(text, words)
                }
            }
        }

        static func contains(_ text: UnsafeBufferPointer<UInt8>, _ words: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let first = words.first else { return true }
            guard words.count <= text.count else { return false }
            for start in 0...(text.count - words.count) where text[start] == first {
                if UnsafeBufferPointer(rebasing: text[start..<(start + words.count)]).elementsEqual(words) {
                    return true
                }
            }
            return false
        }
    }
}

/// Texts folded as rules compare them (`RuleText.folded`), remembered: folding is the costliest
/// step of a rule run, and a million rows name a few thousand payees. Bounded, so a walk over
/// rows that are all different keeps its memory.
public struct RuleTexts: Sendable {
    private var folded: [String: [UInt8]] = [:]
    static let kept = 20_000

    public init() {}

    mutating func folded(_ text: String) -> [UInt8] {
        if let known = folded[text] { return known }
        let made = RuleText.foldedBytes(text)
        if folded.count < Self.kept { folded[text] = made }
        return made
    }
}
