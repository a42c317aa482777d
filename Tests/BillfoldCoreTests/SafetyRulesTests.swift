import BillfoldCore
import Foundation
import Testing

@Suite("Rules that keep input safe")
struct SafetyRulesTests {
    @Test(
        "after sign-in only a path on this site is followed",
        arguments: [
            "/\\evil.example", "/\t/evil.example", "/\\/evil.example", "//evil.example", "/\r\nSet-Cookie: x=1",
            "https://evil.example/", "javascript:alert(1)", "evil.example", "", "/ /evil.example",
            "/%0d%0aLocation:x\u{0}", "/\u{202E}evil", "/\u{7F}", "\\\\evil.example",
        ])
    func offSitePathsAreRefused(next: String) {
        #expect(SafeRedirect.localPath(next) == nil)
    }

    @Test(
        "ordinary paths are kept as they are",
        arguments: ["/transactions", "/transactions?status=uncleared&q=rewe%20markt", "/settings#lunchmoney", "/"])
    func localPathsAreKept(next: String) {
        #expect(SafeRedirect.localPath(next) == next)
    }

    @Test("text refuses control characters but tab, newline and CRLF")
    func controlCharacters() throws {
        for bad in ["pay\u{0}load", "a\u{1B}[31m", "bell\u{7}", "cr\ronly", "end\r", "del\u{7F}", "c1\u{85}"] {
            #expect(TextRules.hasForbiddenControl(bad), "\(bad.debugDescription)")
        }
        for good in ["REWE Markt", "two\nlines", "windows\r\nlines", "tab\tbed", "Café ☕️", ""] {
            #expect(!TextRules.hasForbiddenControl(good), "\(good.debugDescription)")
        }
        #expect(throws: BillfoldError.self) { try TextRules.check("a\u{0}b", field: "payee") }
        do {
            try TextRules.check("a\u{0}b", field: "payee")
        } catch {
            #expect(error.fields["payee"] != nil)
        }
    }

    @Test("text from a file is made to keep the rule: controls become spaces, notes keep their lines")
    func cleanedText() {
        #expect(TextRules.cleaned("REWE Markt") == "REWE Markt")
        #expect(TextRules.cleaned("REWE\u{0}Markt\u{7}") == "REWE Markt")
        #expect(TextRules.cleaned("\u{1B}[31mred\u{1B}[0m") == "[31mred [0m")
        #expect(TextRules.cleaned("two\nlines\ttab\u{85}") == "two lines tab")
        #expect(TextRules.cleaned("Café ☕️ Ünïcode") == "Café ☕️ Ünïcode", "C2 starts letters too")
        #expect(TextRules.cleaned("£ 5 · §\u{A0}3") == "£ 5 · §\u{A0}3", "C2 A0–BF are no controls")
        #expect(TextRules.cleaned("£\u{9B}31m") == "£ 31m", "a C1 control after another C2 character")
        #expect(TextRules.cleaned("two\r\nlines\rcr\tand\u{7F}", keepingLines: true) == "two\nlines cr\tand")
        for text in ["pay\u{0}load", "\u{1B}]0;title\u{7}", "a\u{9B}b"] {
            #expect(!TextRules.hasForbiddenControl(TextRules.cleaned(text)))
            #expect(!TextRules.hasForbiddenControl(TextRules.cleaned(text, keepingLines: true)))
        }
    }

    @Test("a transaction's text goes through the same rule")
    func transactionText() throws {
        let new = NewTransaction(
            bookedAt: try BookingTime(iso8601: "2026-03-01T10:00:00Z"), payee: "pay\u{0}load", notes: "",
            money: Money(minorUnits: -100, currency: .eur), status: .cleared)
        #expect(throws: BillfoldError.validation("payee", TextRules.message(field: "payee"))) {
            try new.validated()
        }
    }

    @Test("an amount has at most 15 digits in the currency's smallest unit")
    func amountLimit() throws {
        let kwd = try Currency(code: "KWD")
        #expect(try Money(parsing: "999999999999.999", currency: kwd).minorUnits == Money.maximumMinorUnits)
        #expect(try Money(parsing: "-9999999999999.99", currency: .eur).minorUnits == -Money.maximumMinorUnits)
        for (text, currency) in [("999999999999999.999", kwd), ("10000000000000.00", Currency.eur)] {
            do {
                _ = try Money(parsing: text, currency: currency)
                Issue.record("\(text) \(currency.code) was accepted")
            } catch {
                #expect(error.code == .invalidAmount)
                #expect(error.message.contains("at most"), "the message says what the limit is")
                #expect(error.fields["amount"] != nil)
            }
        }
    }
}
