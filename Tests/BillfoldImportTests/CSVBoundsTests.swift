import BillfoldCore
import Foundation
import Testing

@testable import BillfoldImport

@Suite("What a CSV costs is bounded by what is kept, not by what is sent")
struct CSVBoundsTests {
    @Test("blank records are counted as lines and not kept, in plain and quoted runs, on every core")
    func blankRecordsAreNotKept() throws {
        // Large enough to be cut into parts read at once.
        let blanks = String(repeating: "\n", count: 3_000_000) + String(repeating: " ;\t;\r\n", count: 500_000)
        let text = blanks + "\"\";\" \"\n" + "Datum;Betrag\n01.02.2024;-1,00\n"
        let table = try CSVTable.read(text, delimiter: ";", skip: 0)
        #expect(table.rows.map(\.cells) == [["Datum", "Betrag"], ["01.02.2024", "-1,00"]])
        #expect(table.rows.map(\.line) == [3_500_002, 3_500_003])
    }

    @Test("a file of nothing but line breaks is refused as having no rows")
    func onlyLineBreaks() {
        #expect(throws: BillfoldError.self) {
            try CSVBankReader.read(String(repeating: "\n", count: 100_000), mapping: CSVMapping(), currency: .eur)
        }
    }

    @Test("more records than a file may hold are refused with the limit, before they are all kept")
    func tooManyRecords() {
        let text = String(repeating: "x\n", count: CSVTable.maxRecords + 1)
        do {
            _ = try CSVTable.read(text, delimiter: ",", skip: 0)
            Issue.record("read \(CSVTable.maxRecords + 1) records")
        } catch {
            #expect(error.code == .invalidImportFile)
            #expect(error.phrase.key == "error.import.tooManyRecords")
        }
    }

    @Test("an error about a file of a hundred thousand columns quotes a few and says how many more")
    func manyColumns() throws {
        let header = (0..<100_000).map { "column \($0)" }.joined(separator: ",")
        let text = "Date,Amount," + header + "\n01/02/2024,-1.00\n"
        var mapping = CSVMapping()
        mapping.payee = .name("Shop")
        do {
            _ = try CSVBankReader.read(text, mapping: mapping, currency: .eur)
            Issue.record("read a column that is not there")
        } catch {
            let message = error.message + error.fields.values.joined()
            #expect(message.utf8.count < 4_000, "\(message.utf8.count) bytes")
            #expect(message.contains("“column 9”") && !message.contains("“column 10”"))
            #expect(message.contains("and 99,990 more"))
        }
    }
}
