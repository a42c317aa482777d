import BillfoldCore
import Foundation
import Testing

/// One length for every field, as a browser's maxlength counts it (UTF-16 code units).
@Suite("Text length")
struct TextLengthTests {
    /// 200 letters, each carrying 24 combining marks: 5,000 code units.
    static let piled = String(repeating: "a" + String(repeating: "\u{301}", count: 24), count: 200)

    @Test("a payee, a tag, an account name and an item title are measured in code units, not letters")
    func limits() throws {
        #expect(Self.piled.count == 200 && TextRules.length(Self.piled) == 5_000)
        #expect(throws: BillfoldError.self) { try TransactionRules.payee(Self.piled) }
        #expect(throws: BillfoldError.self) { try TagRules.name(String(Self.piled.prefix(100))) }
        #expect(throws: BillfoldError.self) { try AccountRules.checkedName(String(Self.piled.prefix(80))) }
        #expect(throws: BillfoldError.self) { try ProjectRules.title(String(Self.piled.prefix(100))) }
        let decomposed = String(repeating: "e\u{301}", count: 100)
        #expect(try TransactionRules.payee(decomposed) == decomposed, "200 code units is the limit")
        #expect(throws: BillfoldError.self) { try TransactionRules.payee(decomposed + "x") }
        #expect(try TransactionRules.notes(String(repeating: "n", count: 2_000)).count == 2_000)
    }

    @Test("a bank's long text is cut within the limit, between letters")
    func cut() {
        let cut = TransactionRules.cut(Self.piled, to: TransactionRules.maxPayee)
        #expect(TextRules.length(cut) <= 200 && cut.count == 8, "whole letters with all their marks")
        #expect(Self.piled.hasPrefix(cut))
        let faces = String(repeating: "😀", count: 150)
        #expect(TransactionRules.cut(faces, to: 200) == String(repeating: "😀", count: 100))
        #expect(TransactionRules.cut("short", to: 200) == "short")
    }
}

@Suite("Day-only bookings")
struct DayOnlyTests {
    @Test("a bank file's booking at its day's noon shows the day alone; a typed one shows its time")
    func dayOnly() throws {
        let format = Preferences(locale: "en-US", timeZone: "Europe/Berlin", currency: .eur, deckSize: 20).format
        let noon = try BookingTime(localDateTime: "2024-01-02T12:00", timeZone: TimeZone(identifier: "Europe/Berlin")!)
        let imported = Transaction(
            id: 1, accountID: 1, bookedAt: noon, payee: "Tesco", originalName: "TESCO", notes: "",
            money: Money(minorUnits: -1250, currency: .usd), status: .uncleared, categoryID: nil, externalID: nil,
            createdAt: 0, updatedAt: 0, importID: 7)
        #expect(imported.isDayOnly && format.booked(imported) == "Jan 2, 2024")
        var typed = imported
        typed.importID = nil
        #expect(!typed.isDayOnly && format.booked(typed).contains("12:00"))
    }
}
