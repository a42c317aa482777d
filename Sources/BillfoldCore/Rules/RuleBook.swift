import Foundation

/// A person's rules ready to run: switched-on rules in their order, their words folded once, so a
/// million-row import folds each row's texts once and compares, never reparses.
public struct RuleBook: Sendable {
    struct Prepared: Sendable {
        let rule: Rule
        let tests: [Test]
    }

    /// Texts are compared as the UTF-8 of their folded form: byte by byte is a tenth of the
    /// cost of comparing `Character`s, and folding has already made equal what should be.
    enum Test: Sendable {
        case text(RuleTextField, Kind, [UInt8])
        case pattern(RuleTextField, RulePattern)
        case notes([UInt8])
        case amount(ClosedRange<Decimal>)
        case direction(MoneyDirection)
        case account(Int64)
        case currency(Currency)

        enum Kind: Sendable {
            case exactly, contains, startsWith
        }
    }

    let rules: [Prepared]

    public init(_ rules: [Rule]) {
        self.rules = rules.filter(\.isEnabled).sorted { ($0.position, $0.id) < ($1.position, $1.id) }.map {
            Prepared(rule: $0, tests: $0.conditions.map(Self.test))
        }
    }

    private static func test(_ condition: RuleCondition) -> Test {
        switch condition {
        case .text(let field, .isExactly(let words)): .text(field, .exactly, RuleText.foldedBytes(words))
        case .text(let field, .contains(let words)): .text(field, .contains, RuleText.foldedBytes(words))
        case .text(let field, .startsWith(let words)): .text(field, .startsWith, RuleText.foldedBytes(words))
        case .text(let field, .matches(let pattern)): .pattern(field, pattern)
        case .notesContain(let words): .notes(RuleText.foldedBytes(words))
        case .amountIs(let minor): .amount(minor...minor)
        case .amountBetween(let low, let high): .amount(min(low, high)...max(low, high))
        case .direction(let direction): .direction(direction)
        case .account(let id): .account(id)
        case .currency(let currency): .currency(currency)
        }
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
        for prepared in rules where prepared.tests.allSatisfy({ folded.holds($0, subject) }) {
            matched.append(prepared.rule.id)
            let (payee, notes) = (subject.payee, subject.notes)
            for action in prepared.rule.actions {
                Self.act(action, rule: prepared.rule, on: &subject)
            }
            // A renamed payee or added notes are what later rules see (folded again only then).
            if subject.payee != payee || subject.notes != notes { folded = Folded(subject, texts: &texts) }
            if prepared.rule.stopsAfter { break }
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

        func text(_ field: RuleTextField) -> [UInt8] { field == .payee ? payee : bankText }

        mutating func holds(_ test: Test, _ subject: RuleSubject) -> Bool {
            switch test {
            case .text(let field, let kind, let words):
                let text = text(field)
                switch kind {
                case .exactly: return text == words
                case .startsWith: return text.starts(with: words)
                case .contains: return Self.contains(text, words)
                }
            case .pattern(let field, let pattern):
                // The pattern steps through characters: its text is decoded from the bytes.
                return pattern.matches(folded: Array(String(decoding: text(field), as: UTF8.self)))
            case .notes(let words):
                if notesFolded == nil { notesFolded = RuleText.foldedBytes(notes) }
                return Self.contains(notesFolded ?? [], words)
            case .amount(let range): return range.contains(abs(subject.money.amount))
            case .direction(.moneyIn): return subject.money.minorUnits > 0
            case .direction(.moneyOut): return subject.money.minorUnits < 0
            case .account(let id): return subject.accountID == id
            case .currency(let currency): return subject.money.currency == currency
            }
        }

        static func contains(_ text: [UInt8], _ words: [UInt8]) -> Bool {
            guard !words.isEmpty else { return true }
            guard words.count <= text.count else { return false }
            for start in 0...(text.count - words.count) where text[start] == words[0] {
                if text[start..<(start + words.count)].elementsEqual(words) { return true }
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
