import Foundation

// Rules as JSON, one shape everywhere: the store keeps a rule's conditions and actions in it, the
// API sends it, and `billfold rules export` writes it. Conditions read
// `{"field": "payee", "test": "contains", "value": "rewe"}`; amounts are decimal strings in the
// transaction's own currency (`{"field": "amount", "test": "between", "value": "10", "to": "20"}`);
// actions read `{"action": "setCategory", "category": 12}`. Reading checks every value, so a file
// written by hand is refused with the field that is wrong, never half read.

extension RuleCondition: Codable {
    enum Key: String, CodingKey {
        case field, test, value, to
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch self {
        case .text(let field, let test):
            try c.encode(field.rawValue, forKey: .field)
            switch test {
            case .isExactly(let words):
                try c.encode("is", forKey: .test)
                try c.encode(words, forKey: .value)
            case .contains(let words):
                try c.encode("contains", forKey: .test)
                try c.encode(words, forKey: .value)
            case .startsWith(let words):
                try c.encode("startsWith", forKey: .test)
                try c.encode(words, forKey: .value)
            case .matches(let pattern):
                try c.encode("matches", forKey: .test)
                try c.encode(pattern.text, forKey: .value)
            }
        case .notesContain(let words):
            try c.encode("notes", forKey: .field)
            try c.encode("contains", forKey: .test)
            try c.encode(words, forKey: .value)
        case .amountIs(let figure):
            try c.encode("amount", forKey: .field)
            try c.encode("is", forKey: .test)
            try c.encode("\(figure)", forKey: .value)
        case .amountBetween(let low, let high):
            try c.encode("amount", forKey: .field)
            try c.encode("between", forKey: .test)
            try c.encode("\(low)", forKey: .value)
            try c.encode("\(high)", forKey: .to)
        case .direction(let direction):
            try c.encode("direction", forKey: .field)
            try c.encode("is", forKey: .test)
            try c.encode(direction.rawValue, forKey: .value)
        case .account(let id):
            try c.encode("account", forKey: .field)
            try c.encode("is", forKey: .test)
            try c.encode(String(id), forKey: .value)
        case .currency(let currency):
            try c.encode("currency", forKey: .field)
            try c.encode("is", forKey: .test)
            try c.encode(currency.code, forKey: .value)
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let field = try c.decode(String.self, forKey: .field)
        let test = try c.decode(String.self, forKey: .test)
        let value = try c.decode(String.self, forKey: .value)
        self = try Self.read(
            field: field, test: test, value: value, to: try c.decodeIfPresent(String.self, forKey: .to))
    }

    /// The condition these words describe, or a validation error naming what is wrong.
    public static func read(field: String, test: String, value: String, to: String? = nil) throws(BillfoldError)
        -> RuleCondition
    {
        func refuse() -> BillfoldError {
            .validation("conditions", Phrase("error.core.rules.conditionUnknown", ["field": field, "test": test]))
        }
        func words() throws(BillfoldError) -> String {
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            try TextRules.check(trimmed, field: "conditions")
            guard !trimmed.isEmpty, trimmed.count <= RulePattern.maxLength else {
                throw .validation(
                    "conditions", Phrase("error.core.rules.wordsLength", ["max": String(RulePattern.maxLength)]))
            }
            return trimmed
        }
        func figure(_ text: String) throws(BillfoldError) -> Decimal {
            guard
                let number = Decimal(
                    string: text.trimmingCharacters(in: .whitespaces), locale: Locale(identifier: "en_US_POSIX")),
                number >= 0, number.isFinite, number <= 1_000_000_000_000
            else { throw .validation("conditions", Phrase("error.core.rules.amountUnreadable", ["text": text])) }
            return number
        }
        switch (field, test) {
        case ("payee", _), ("bankText", _):
            let textField = RuleTextField(rawValue: field) ?? .payee
            switch test {
            case "is": return .text(textField, .isExactly(try words()))
            case "contains": return .text(textField, .contains(try words()))
            case "startsWith": return .text(textField, .startsWith(try words()))
            case "matches": return .text(textField, .matches(try RulePattern(value)))
            default: throw refuse()
            }
        case ("notes", "contains"): return .notesContain(try words())
        case ("amount", "is"): return .amountIs(try figure(value))
        case ("amount", "between"):
            guard let to else { throw refuse() }
            return .amountBetween(try figure(value), try figure(to))
        case ("direction", "is"):
            guard let direction = MoneyDirection(rawValue: value) else { throw refuse() }
            return .direction(direction)
        case ("account", "is"):
            guard let id = Int64(value), id > 0 else { throw refuse() }
            return .account(id)
        case ("currency", "is"):
            do { return .currency(try Currency(code: value)) } catch { throw .validation("conditions", error.phrase) }
        default: throw refuse()
        }
    }
}

extension RuleAction: Codable {
    enum Key: String, CodingKey {
        case action, category, payee, tags, notes
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch self {
        case .setCategory(let id):
            try c.encode("setCategory", forKey: .action)
            try c.encode(id, forKey: .category)
        case .renamePayee(let payee):
            try c.encode("renamePayee", forKey: .action)
            try c.encode(payee, forKey: .payee)
        case .addTags(let ids):
            try c.encode("addTags", forKey: .action)
            try c.encode(ids, forKey: .tags)
        case .appendNotes(let text):
            try c.encode("appendNotes", forKey: .action)
            try c.encode(text, forKey: .notes)
        case .markCleared: try c.encode("markCleared", forKey: .action)
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let action = try c.decode(String.self, forKey: .action)
        do {
            switch action {
            case "setCategory": self = .setCategory(try c.decode(Int64.self, forKey: .category))
            case "renamePayee":
                self = .renamePayee(try TransactionRules.payee(try c.decode(String.self, forKey: .payee)))
            case "addTags":
                let ids = try c.decode([Int64].self, forKey: .tags)
                guard !ids.isEmpty, ids.count <= 20 else { throw Self.unknown(action) }
                self = .addTags(ids)
            case "appendNotes":
                let text = try TransactionRules.notes(try c.decode(String.self, forKey: .notes))
                guard !text.isEmpty, text.count <= 200 else { throw Self.unknown(action) }
                self = .appendNotes(text)
            case "markCleared": self = .markCleared
            default: throw Self.unknown(action)
            }
        } catch is DecodingError {
            // A value missing or of the wrong kind: the action as a whole is not one Billfold reads.
            throw Self.unknown(action)
        }
    }

    static func unknown(_ action: String) -> BillfoldError {
        .validation("actions", Phrase("error.core.rules.actionUnknown", ["action": action]))
    }
}
