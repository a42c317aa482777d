import Foundation
import Testing

@testable import BillfoldCore

@Suite("Clean payees from bank text")
struct PayeeCleanerTests {
    @Test(
        "card prefixes, dates, card numbers, codes and trailing places are left out",
        arguments: [
            ("CB CARREFOUR 12/03 PARIS", "Carrefour"),
            ("AMAZON MKTPL*M13X76OR3 Amzn.com/billWA", "Amazon Mktpl"),
            ("AMAZON MKTPL*K29QX0OR3   Amzn.com/billWA", "Amazon Mktpl"),
            ("7-ELEVEN 26611 VIRGINIA BEACVA", "7-Eleven"),
            ("POS Purchase Woolworths * 23 Aug", "Woolworths"),
            ("APPLE.COM/BILL           866-712-7753 CA", "Apple"),
            ("TST*COMMONWEALTH BREWING 757-305-9652 VA", "Commonwealth Brewing"),
            ("PY *GOURMET GANG         804-355-1550 VA", "Gourmet Gang"),
            ("CHICK-FIL-A #00734       757-318-7641 VA", "Chick-Fil-A"),
            ("Rtc Express Pmt To Battlezone Party Lance 3 Sep", "Battlezone Party Lance"),
            ("Fusion Interest Rebate", "Fusion Interest Rebate"),
            ("REWE Markt GmbH", "REWE Markt GmbH"),
        ])
    func examples(bankText: String, payee: String) {
        #expect(PayeeCleaner.clean(bankText) == payee)
    }

    @Test(
        "prefixes glued by a star, and a company that starts like one",
        arguments: [
            ("SQ *BLUE BOTTLE COFFEE", "Blue Bottle Coffee"), ("PAYPAL *SPOTIFY 35314369001", "Spotify"),
            ("PayPal (Europe) S.a.r.l. et Cie", "PayPal (Europe) S.a.r.l. et Cie"),
            ("*POS* PURCHASE* LIDL", "Lidl"), ("\u{00A0}\u{2003}REWE\u{3000}\n", "Rewe"),
        ])
    func glued(bankText: String, payee: String) {
        #expect(PayeeCleaner.clean(bankText) == payee)
    }

    /// The cleaner runs on every row of an import, so it trims and folds in Swift rather than
    /// through Foundation; these are Foundation's answers, for texts of every kind of space.
    @Test("trims and folds as Foundation does")
    func sameAsFoundation() {
        var generator = SplitMix64(seed: 7)
        let pieces = [
            " ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "\u{00A0}", "\u{1680}", "\u{2000}", "\u{2003}", "\u{200A}",
            "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}", "\u{0085}", "\u{200B}", "*",
            "**", "a", "Ä", "ß", "İ", "e\u{301}", "\u{301}", "POS", "🇩🇪", "7", ".", "(",
        ]
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            #expect(
                PayeeCleaner.trimmedOfWhitespace(text) == text.trimmingCharacters(in: .whitespacesAndNewlines),
                "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(PayeeCleaner.folded(text) == text.lowercased().trimmingCharacters(in: ["*"]), "\(text)")
        }
    }

    @Test("a prefix goes even when an effective-date mark follows it")
    func effectiveDate() {
        #expect(
            PayeeCleaner.clean("POS PURCHASE (EFFEC ) DJS BILTONG (PTY) LTD NORKE CARD NO. ").hasPrefix("DJS Biltong"))
    }

    @Test("nothing readable left: the text stays as it came")
    func neverEmpty() {
        #expect(PayeeCleaner.clean("  12/03 4711  ") == "12/03 4711")
        #expect(PayeeCleaner.clean("POS 4711") == "POS 4711")
        #expect(PayeeCleaner.clean("") == "")
    }

    /// Real bank texts with the payee their owner gave them (Monarch's own clean-up): the same
    /// payee should come out the same, so that one rule or suggestion covers all its bookings.
    @Test("on real statements, one merchant's bookings get one payee")
    func stableOnRealStatements() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/fixtures/labelled/monarch-household.csv")
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").dropFirst()
        var byMerchant: [String: [String: Int]] = [:]
        var rows = 0
        for line in lines {
            // Date,Merchant,Category,Account,Original Statement,…: no quoted commas in these columns.
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard cells.count >= 5, !cells[4].isEmpty, !cells[1].hasPrefix("\"") else { continue }
            byMerchant[cells[1], default: [:]][PayeeCleaner.clean(cells[4]), default: 0] += 1
            rows += 1
        }
        // Of each merchant's bookings, those whose payee is the merchant's most common one: 0.866
        // when measured. Most of the rest are one brand under several bank texts (USAA's four
        // kinds of booking, "WM SUPERCENTER" and "WAL-MART"), which a rename rule joins.
        let stable = byMerchant.values.reduce(0) { $0 + ($1.values.max() ?? 0) }
        let share = Double(stable) / Double(rows)
        #expect(rows > 1500)
        #expect(share >= 0.85, "\(stable) of \(rows) bookings (\(share)) get their merchant's usual payee")
    }
}

@Suite("The bank's own text beside the payee")
struct BankTextBesidePayeeTests {
    static func transaction(payee: String, bank: String) -> Transaction {
        Transaction(
            id: 1, accountID: 1, bookedAt: BookingTime(epochSeconds: 0, offsetSeconds: 0), payee: payee,
            originalName: bank, notes: "", money: Money(minorUnits: -150, currency: .eur), status: .uncleared,
            categoryID: nil, externalID: nil, createdAt: 0, updatedAt: 0)
    }

    @Test(
        "shown where it says more than the payee, never the payee again",
        arguments: [
            ("PayPal", "PAYPAL *SPOTIFY 35314369001", "PAYPAL *SPOTIFY 35314369001"),
            ("Bäckerei Kamps", "BÄCKEREI KAMPS", nil), ("REWE", "  rewe   ", nil), ("REWE", "", nil),
            ("Rent", "Hausverwaltung  Schmidt ", "Hausverwaltung  Schmidt"),
        ])
    func shown(payee: String, bank: String, expected: String?) {
        #expect(Self.transaction(payee: payee, bank: bank).bankTextBesidePayee == expected)
    }
}
