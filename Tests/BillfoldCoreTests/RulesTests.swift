import Foundation
import Testing

@testable import BillfoldCore

@Suite("Rules")
struct RulesTests {
    static func subject(
        _ payee: String, bank: String? = nil, minor: Int64 = -1250, category: Int64? = nil,
        source: CategorySource? = nil
    ) -> RuleSubject {
        RuleSubject(
            payee: payee, bankText: bank ?? payee, money: Money(minorUnits: minor, currency: .eur),
            accountID: 1, categoryID: category, categorySource: source)
    }

    @Test("a pattern matches the whole text, without regard to case or accents")
    func patterns() throws {
        let rewe = try RulePattern("REWE*")
        #expect(rewe.matches("rewe Markt 1234 Berlin") && rewe.matches("REWE") && !rewe.matches("Der REWE"))
        #expect(try RulePattern("*amazon*").matches("AMAZON MKTPL*M13X76OR3 Amzn.com/billWA"))
        #expect(try RulePattern("cafe ?ur").matches("CAFÉ  Kur"), "accents, case and spaces folded")
        #expect(try RulePattern("CB * ##/##*").matches("CB CARREFOUR 12/03 PARIS"))
        #expect(!(try RulePattern("CB * ##/##*").matches("CB CARREFOUR 1x/03 PARIS")))
        #expect(try RulePattern("a*b*c").matches("axxbyyc") && !(try RulePattern("a*b*c").matches("axxbyy")))
        #expect(throws: BillfoldError.self) { _ = try RulePattern("  ") }
        #expect(throws: BillfoldError.self) { _ = try RulePattern("***") }
        #expect(throws: BillfoldError.self) { _ = try RulePattern(String(repeating: "a", count: 201)) }
    }

    @Test("a pattern that would make a backtracking engine run for ages answers at once")
    func noRunaway() throws {
        // `(a*)*b` style: many stars before a letter the text never has.
        let pattern = try RulePattern(String(repeating: "a*", count: 99) + "b")
        let text = RuleText.folded(String(repeating: "a", count: 5_000))
        let (matched, steps) = pattern.match(folded: text)
        #expect(!matched)
        // Cut to 2,000 characters, and bounded by text × pattern steps (2,001 × 200), where a
        // backtracking engine's would grow as 2,000 to the 99th.
        #expect(steps <= 2_001 * 200, "\(steps) steps")
        #expect(steps > 2_000, "it did try")
    }

    @Test("texts match however they are written: case, accents, composed or decomposed letters")
    func spellings() throws {
        let bank = Rule(id: 1, position: 1, conditions: [.text(.payee, .contains("한국"))], actions: [.markCleared])
        let decomposed = "\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8} Bank"  // 한국, as its jamo
        #expect(RuleBook([bank]).apply(to: Self.subject(decomposed)).matched == [1])
        let cafe = Rule(id: 2, position: 1, conditions: [.text(.payee, .startsWith("Café"))], actions: [.markCleared])
        #expect(RuleBook([cafe]).apply(to: Self.subject("CAFE\u{0301} KRANZLER")).matched == [2])
        #expect(RuleBook([cafe]).apply(to: Self.subject("Caf Kranzler")).matched.isEmpty)
        let exact = Rule(
            id: 3, position: 1, conditions: [.text(.payee, .isExactly("rewe  markt"))], actions: [.markCleared])
        #expect(RuleBook([exact]).apply(to: Self.subject(" REWE Markt ")).matched == [3])
    }

    @Test("rules run in order; stop ends the run; a renamed payee is what later rules see")
    func order() throws {
        let groceries = Rule(
            id: 1, position: 2, conditions: [.text(.payee, .contains("rewe"))], actions: [.setCategory(10)])
        let rename = Rule(
            id: 2, position: 1, conditions: [.text(.bankText, .matches(try RulePattern("REWE SAGT DANKE*")))],
            actions: [.renamePayee("REWE"), .addTags([7])])
        let stop = Rule(
            id: 3, position: 3, conditions: [.direction(.moneyOut)], actions: [.appendNotes("checked")],
            stopsAfter: true)
        let never = Rule(id: 4, position: 4, conditions: [], actions: [.markCleared])
        let book = RuleBook([groceries, never, stop, rename])
        let (done, matched) = book.apply(to: Self.subject("REWE SAGT DANKE 4431", bank: "REWE SAGT DANKE 4431"))
        #expect(matched == [2, 1, 3])
        #expect(done.payee == "REWE" && done.bankText == "REWE SAGT DANKE 4431")
        #expect(done.categoryID == 10 && done.categorySource == .rule && done.tagIDs == [7])
        #expect(done.notes == "checked" && done.status == .uncleared, "the rule after stop did not run")
        // Notes a rule added are what a later rule's condition reads.
        let noted = Rule(id: 5, position: 1, conditions: [], actions: [.appendNotes("work")])
        let onNotes = Rule(id: 6, position: 2, conditions: [.notesContain("WORK")], actions: [.markCleared])
        #expect(RuleBook([onNotes, noted]).apply(to: Self.subject("Cafe")).subject.status == .cleared)
        // Run again (applied to existing rows twice), nothing more changes.
        #expect(book.apply(to: done).subject == done)
    }

    @Test("a category the person chose stays; one that came with the row only when the rule says so")
    func categories() {
        let rule = Rule(id: 1, conditions: [.text(.payee, .isExactly("Shop"))], actions: [.setCategory(10)])
        var overriding = rule
        overriding.overridesSource = true
        #expect(RuleBook([overriding]).apply(to: Self.subject("shop", category: 3)).subject.categoryID == 3)
        #expect(
            RuleBook([overriding]).apply(to: Self.subject("shop", category: 3, source: .person)).subject.categoryID == 3
        )
        #expect(
            RuleBook([rule]).apply(to: Self.subject("shop", category: 3, source: .importFile)).subject.categoryID == 3)
        #expect(
            RuleBook([overriding]).apply(to: Self.subject("shop", category: 3, source: .importFile)).subject.categoryID
                == 10)
        #expect(RuleBook([rule]).apply(to: Self.subject("shop")).subject.categoryID == 10)
        // The first rule to categorise wins.
        let later = Rule(id: 2, position: 5, conditions: [], actions: [.setCategory(11)])
        #expect(RuleBook([rule, later]).apply(to: Self.subject("Shop")).subject.categoryID == 10)
    }

    @Test("amounts, direction, account, currency and notes")
    func otherConditions() {
        func holds(_ condition: RuleCondition, _ subject: RuleSubject = Self.subject("x")) -> Bool {
            !RuleBook([Rule(id: 1, conditions: [condition], actions: [.markCleared])]).apply(to: subject).matched
                .isEmpty
        }
        #expect(holds(.amountIs(Decimal(string: "12.50")!)) && !holds(.amountIs(Decimal(string: "-12.50")!)))
        #expect(holds(.amountBetween(13, 10)) && !holds(.amountBetween(Decimal(string: "0.01")!, 10)))
        #expect(holds(.direction(.moneyOut)) && !holds(.direction(.moneyIn)))
        #expect(holds(.account(1)) && !holds(.account(2)))
        #expect(holds(.currency(.eur)) && !holds(.currency(.usd)))
        var noted = Self.subject("x")
        noted.notes = "Rechnung Nr. 12 — Zahnärztin"
        #expect(holds(.notesContain("zahnarztin"), noted) && !holds(.notesContain("arzt x"), noted))
        let off = Rule(id: 1, isEnabled: false, conditions: [], actions: [.markCleared])
        #expect(RuleBook([off]).apply(to: Self.subject("x")).matched.isEmpty, "a rule switched off runs nowhere")
    }

    @Test("rules read back from their JSON as they were; a wrong value is refused by name")
    func coding() throws {
        let conditions: [RuleCondition] = [
            .text(.payee, .isExactly("Shop")), .text(.bankText, .contains("rewe")), .text(.payee, .startsWith("CB")),
            .text(.bankText, .matches(try RulePattern("*AMAZON*"))), .notesContain("gift"),
            .amountIs(Decimal(string: "12.5")!), .amountBetween(10, 20), .direction(.moneyIn), .account(3),
            .currency(.usd),
        ]
        let actions: [RuleAction] = [
            .setCategory(12), .renamePayee("Amazon"), .addTags([1, 2]), .appendNotes("online"), .markCleared,
        ]
        let data = try JSONEncoder().encode(conditions)
        #expect(try JSONDecoder().decode([RuleCondition].self, from: data) == conditions)
        #expect(try JSONDecoder().decode([RuleAction].self, from: try JSONEncoder().encode(actions)) == actions)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""field":"amount""#) && text.contains(#""value":"12.5""#), "\(text)")

        func refused(_ json: String) -> String? {
            do {
                _ = try JSONDecoder().decode(RuleCondition.self, from: Data(json.utf8))
                return nil
            } catch let error as BillfoldError {
                return error.fieldPhrases.keys.first
            } catch {
                return "\(error)"
            }
        }
        #expect(refused(#"{"field": "payee", "test": "sounds like", "value": "x"}"#) == "conditions")
        #expect(refused(#"{"field": "amount", "test": "is", "value": "-3"}"#) == "conditions")
        #expect(refused(#"{"field": "amount", "test": "between", "value": "3"}"#) == "conditions")
        #expect(refused(#"{"field": "payee", "test": "matches", "value": "**"}"#) == "pattern")
        #expect(refused(#"{"field": "currency", "test": "is", "value": "EURO"}"#) == "conditions")
        #expect(throws: BillfoldError.self) {
            _ = try JSONDecoder().decode(RuleAction.self, from: Data(#"{"action": "setCategory"}"#.utf8))
        }
    }
}
