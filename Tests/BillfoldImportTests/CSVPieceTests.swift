import BillfoldCore
import Foundation
import Testing

@testable import BillfoldImport

@Suite("CSV records split without the parser read as the parser reads them")
struct CSVPieceTests {
    /// Text made of the pieces that make CSV hard: delimiters, quotes (opening, doubled, stray,
    /// mid-cell), every line break, empty lines and cells, and letters beyond ASCII.
    static func randomCSV(_ generator: inout some RandomNumberGenerator, delimiter: Character) -> String {
        let pieces = [
            String(delimiter), String(delimiter), "\"", "\"\"", "\n", "\n", "\r\n", "\r", "REWE", "12,50", "-7.00",
            "Café", "ü", " ", "x\"y", "日本", "\t", "",
        ]
        var text = ""
        for _ in 0..<Int.random(in: 0...60, using: &generator) {
            text += pieces.randomElement(using: &generator)!
        }
        return text
    }

    @Test("thousands of random texts: the same rows, cells, lines and errors", arguments: [";", ",", "\t", "\n"])
    func sameAsParser(delimiter: Character) {
        var generator = SplitMix64(seed: 2026)
        let scalar = delimiter.unicodeScalars.first!
        for _ in 0..<4_000 {
            let text = Self.randomCSV(&generator, delimiter: delimiter)
            // The parts of a file the reader is given end at record ends, never inside an open quote.
            guard
                text.utf8.withContiguousStorageIfAvailable({
                    CSVRecordScan($0, delimiter: UInt8(scalar.value), parts: 1).unclosedQuoteLine
                }) == .some(nil)
            else { continue }
            let split = CSVTable.Piece(text, delimiter: scalar)
            let parsed = CSVTable.Piece(text, delimiter: scalar, splitting: false)
            #expect(split.rows.map(\.cells) == parsed.rows.map(\.cells), "\(text.debugDescription)")
            #expect(split.rows.map(\.line) == parsed.rows.map(\.line), "\(text.debugDescription)")
            #expect(split.lines == parsed.lines, "\(text.debugDescription)")
            #expect((split.error == nil) == (parsed.error == nil), "\(text.debugDescription)")
        }
    }

    @Test("a statement mixing plain and quoted records")
    func mixed() {
        let text =
            "Datum;Empfänger;Betrag\n01.02.2024;REWE;-12,50\n\"02.02.2024\";\"Müller; Sohn\";\"-3,00\"\r\n"
            + "03.02.2024;\"two\nlines\";1,00\n04.02.2024;Aldi;-2,00"
        let piece = CSVTable.Piece(text, delimiter: ";")
        #expect(
            piece.rows.map(\.cells) == [
                ["Datum", "Empfänger", "Betrag"], ["01.02.2024", "REWE", "-12,50"],
                ["02.02.2024", "Müller; Sohn", "-3,00"], ["03.02.2024", "two\nlines", "1,00"],
                ["04.02.2024", "Aldi", "-2,00"],
            ])
        #expect(piece.rows.map(\.line) == [0, 1, 2, 3, 5])
        #expect(piece.lines == 6)
    }
}
