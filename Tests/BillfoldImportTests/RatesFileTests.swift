import BillfoldCore
import Foundation
import Testing

@testable import BillfoldImport

/// Rates files as their sources write them: the ECB's wide CSV (N/A cells, a trailing comma) and
/// XML, a plain day,currency,rate CSV; and what is refused.
@Suite("Rates files")
struct RatesFileTests {
    static let ecb = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "shared/fixtures/rates/eurofxref-hist.csv")

    @Test(
        "the ECB's 27 years: every currency, every day, N/A cells skipped",
        .enabled(if: FileManager.default.fileExists(atPath: Self.ecb.path)))
    func ecbHistory() throws {
        let reading = try RatesFile.read(try Data(contentsOf: Self.ecb))
        #expect(reading.currencies.count == 41)
        #expect(reading.rates.count == 210_545 && reading.skipped == 66_082)
        #expect(
            reading.firstDay == Day(year: 1999, month: 1, day: 4)
                && reading.lastDay == Day(year: 2025, month: 5, day: 9))
        let usd = reading.rates.first { $0.currency == "USD" && $0.day == Day(year: 2025, month: 5, day: 9) }
        #expect(usd?.rate == Decimal(string: "1.1252") && usd?.base == "EUR")
        #expect(!reading.rates.contains { $0.currency == "CYP" && $0.day.year == 2025 }, "N/A is no rate")
    }

    @Test("the ECB's XML and a plain CSV")
    func otherShapes() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
              <gesmes:subject>Reference rates</gesmes:subject>
              <Cube>
                <Cube time="2025-05-09"><Cube currency="USD" rate="1.1252"/><Cube currency="JPY" rate="163.36"/></Cube>
                <Cube time="2025-05-08"><Cube currency="USD" rate="1.1297"/></Cube>
              </Cube>
            </gesmes:Envelope>
            """
        let fromXML = try RatesFile.read(Data(xml.utf8))
        #expect(fromXML.rates.count == 3 && fromXML.currencies == ["USD", "JPY"])
        #expect(
            fromXML.rates.contains {
                $0.day == Day(year: 2025, month: 5, day: 8) && $0.rate == Decimal(string: "1.1297")
            })

        let plain = "day,currency,rate,base\n2025-01-02,CHF,0.94,EUR\n2025-01-02,PBP,0.01,EUR\n2025-01-03,JPY,157.2\n"
        let fromCSV = try RatesFile.read(Data(plain.utf8))
        #expect(fromCSV.rates.map(\.currency) == ["CHF", "PBP", "JPY"])
        #expect(fromCSV.rates.allSatisfy { $0.base == "EUR" })
    }

    @Test(
        "a bad day, rate, currency or line is refused with where it is",
        arguments: [
            ("Date,USD,\n2025-13-01,1.1,\n", "error.rates.badDay"),
            ("Date,USD,\n2025-05-09,1.1.1,\n", "error.rates.badRate"),
            ("Date,USD,\n2025-05-09,-1.1,\n", "error.rates.badRate"),
            ("Date,USD,\n2025-05-09,N/A,\n", "error.rates.empty"),
            ("Date,US1,\n2025-05-09,1.1,\n", "error.rates.badCurrency"),
            ("2025-05-09,USD\n", "error.rates.badLine"),
            ("2025-05-09,USD,1e5\n", "error.rates.badRate"),
            (
                "<Cube><Cube time=\"2025-05-09\"><Cube currency=\"USD\" rate=\"x\"/></Cube></Cube>",
                "error.rates.badRate"
            ),
            ("<Cube><Cube time=\"2025-05-09\">", "error.rates.xmlBroken"),
            ("", "error.import.fileEmpty"),
        ])
    func refused(text: String, key: String) {
        #expect {
            try RatesFile.read(Data(text.utf8))
        } throws: { error in
            (error as? BillfoldError)?.phrase.key == key
        }
    }
}
