import BillfoldCore
import Foundation
import Testing

@testable import BillfoldImport

/// The real bank exports in ../shared/fixtures/banks, read in place: each file's bookings, counted
/// and summed per currency exactly, with the oddities each bank brings.
@Suite("Real bank files", .enabled(if: FileManager.default.fileExists(atPath: BankFixtures.folder.path)))
struct BankFixtureTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        var format: BankFormat
        var currency: Currency?
        var count: Int
        /// Sum per currency code, as decimal text.
        var sums: [String: String]
        var pending = 0
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        Case(file: "test_with_saldo_1.csv", format: .csv, count: 9, sums: ["EUR": "-178.60"]),
        Case(file: "simple2.csv", format: .csv, count: 17, sums: ["EUR": "129.76"], pending: 1),
        Case(file: "sample-statement.csv", format: .csv, currency: .gbp, count: 12, sums: ["GBP": "-3881.99"]),
        Case(
            file: "Main_Checking_Account_Transactions.csv", format: .csv, currency: .usd, count: 10,
            sums: ["USD": "500.00"]),
        Case(file: "test3.csv", format: .csv, currency: .usd, count: 10, sums: ["USD": "223.72"]),
        Case(
            file: "MS_JANE_SMITH_01-12-2019_14-12-2019.csv", format: .csv, currency: .gbp, count: 10,
            sums: ["GBP": "-285.80"], pending: 3),
        Case(
            file: "2019-03-02_11-50-46_bunq-statement.csv", format: .csv, currency: .eur, count: 7,
            sums: ["EUR": "-23.82"]),
        Case(file: "fortis.csv", format: .csv, count: 18, sums: ["EUR": "-1670.27"]),
        Case(file: "2022-january.csv", format: .csv, count: 7, sums: ["EUR": "86.56"], pending: 2),
        Case(file: "desjardins.ofx", format: .ofx, count: 20, sums: ["CAD": "-30.43", "USD": "2364.52"]),
        Case(file: "br_nubank_cc.ofx", format: .ofx, count: 6, sums: ["BRL": "-1280.91"]),
        Case(file: "360Checking.qfx", format: .ofx, count: 4, sums: ["USD": "1233.55"]),
        Case(file: "targobank-duesseldorf.qif", format: .qif, currency: .eur, count: 10, sums: ["EUR": "-611.23"]),
        Case(file: "cbb-export.qif", format: .qif, currency: .usd, count: 9, sums: ["USD": "-507.59"]),
        Case(
            // 13 entries; 7 are batches whose details add up to them: 32 payments in all.
            file: "camt.053_P_CH0309000000250090342_380000000_0_2016053100163801.xml", format: .camt, count: 32,
            sums: ["CHF": "537.61"]),
        Case(file: "Business Sample camt.053.001.04.xml", format: .camt, count: 3, sums: ["SEK": "-64321.50"]),
    ]

    @Test("each file is recognised and read whole: count and sum per currency", arguments: cases)
    func reads(_ fixture: Case) throws {
        let read = try BankFixtures.read(fixture.file, currency: fixture.currency)
        let reading = read.reading
        #expect(reading.format == fixture.format)
        #expect(reading.unreadable.isEmpty, "\(reading.unreadable)")
        #expect(reading.entryCount == fixture.count)
        #expect(reading.pending == fixture.pending)
        var sums: [String: Int64] = [:]
        for entry in reading.statements.flatMap(\.entries) {
            sums[entry.amount.currency.code, default: 0] += entry.amount.minorUnits
        }
        let written = sums.mapValues { Money.format(minorUnits: $0, decimals: 2) }
        #expect(written == fixture.sums)
        // Every booking has a payee or a note to recognise it by.
        #expect(reading.statements.flatMap(\.entries).allSatisfy { !$0.payee.isEmpty })
    }

    @Test("ING: 14 lines before the header, Latin-1, the second Währung column, three equal debits all kept")
    func ing() throws {
        let read = try BankFixtures.read("test_with_saldo_1.csv")
        let csv = try #require(read.csv)
        #expect(csv.mapping.skipLines == 14 && csv.mapping.delimiter == ";" && csv.mapping.encoding == .windows1252)
        #expect(csv.mapping.currency == .number(9))
        #expect(csv.mapping.payee == .name("Auftraggeber/Empfänger"))
        let statement = try #require(read.reading.statements.first)
        let keys = statement.importKeys
        #expect(Set(keys).count == keys.count, "three equal debits have three keys")
        let infopay = statement.entries.filter { $0.payee == "INFOPAY FISCAL SERVICES GMBH" }
        #expect(infopay.filter { $0.day == Day(year: 2018, month: 12, day: 9) }.count == 3)
        #expect(statement.entries.first?.place == "line 16")
    }

    @Test("OFX: three statements in Desjardins' file, Windows-1252 payees, FITIDs as the bank's ids")
    func desjardins() throws {
        let statements = try BankFixtures.read("desjardins.ofx").reading.statements
        #expect(
            statements.map(\.account.number) == ["815-30219-12345-EOP", "815-30219-54321-ES1", "815-30219-11111-EOP"])
        #expect(statements.map(\.account.currency) == [.cad, .cad, .usd])
        #expect(statements[1].entries.isEmpty)
        #expect(
            statements[0].entries.contains {
                $0.payee.contains("Dépôt") || $0.notes.contains("Dépôt") || $0.payee.contains("Chèque")
            })
        #expect(statements.flatMap(\.entries).allSatisfy { $0.bankID != nil })
        #expect(statements[0].account.suggestedName == "Checking 815-30219-12345-EOP")
    }

    @Test(
        "CAMT: reversals keep their indicator's sign, the servicer's reference is the id, DtTm dates read, batches split"
    )
    func camt() throws {
        let post = try BankFixtures.read("camt.053_P_CH0309000000250090342_380000000_0_2016053100163801.xml")
        let statement = try #require(post.reading.statements.first)
        #expect(statement.account.number == "CH0309000000250090342")
        #expect(Set(statement.entries.compactMap(\.bankID)).count == 32, "each payment of a batch has its own id")
        let business = try BankFixtures.read("Business Sample camt.053.001.04.xml").reading.statements[0]
        #expect(business.account.number == "50000000054910000003")
        #expect(business.entries.first?.day == Day(year: 2010, month: 10, day: 18))
    }

    @Test("QIF: day-first dates with two-digit years, a blank line inside a record, splits in the notes")
    func qif() throws {
        let targo = try BankFixtures.read("targobank-duesseldorf.qif", currency: .eur).reading.statements[0]
        #expect(
            targo.entries.first?.day == Day(year: 2025, month: 11, day: 3)
                || targo.entries.contains { $0.day == Day(year: 2025, month: 11, day: 4) })
        let cbb = try BankFixtures.read("cbb-export.qif", currency: .usd).reading.statements[0]
        #expect(cbb.entries.contains { $0.day == Day(year: 1997, month: 7, day: 12) || $0.day.year == 1997 })
        #expect(cbb.entries.filter { $0.notes.contains("Split:") }.count == 2)
    }
}

enum BankFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/fixtures/banks")

    static func read(_ name: String, currency: Currency? = nil) throws -> BankFileReader.Read {
        try BankFileReader.read(
            try Data(contentsOf: folder.appendingPathComponent(name)), options: BankFileOptions(currency: currency))
    }
}

extension Currency {
    static let gbp = Currency(stored: "GBP")
    static let cad = Currency(stored: "CAD")
}
