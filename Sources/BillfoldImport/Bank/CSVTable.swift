import BillfoldCore
import Foundation

/// A CSV file's rows as the parser (yaslab/CSV.swift) reads them, each with the line it starts
/// on, after the lines before the table.
struct CSVTable {
    var rows: [(line: Int, cells: [String])]

    /// The most records (blank ones aside) one file may hold: twice the largest statement
    /// Billfold is measured with, and what bounds the memory a file takes while it is read.
    static let maxRecords = 2_000_000

    /// The delimiter the file uses: of `,` `;` tab and `|`, the one that splits most lines into
    /// the same number of fields (preamble lines, which have fewer, do not decide).
    static func guessDelimiter(_ text: String) -> Character {
        let lines = text.prefix(65_536).split(whereSeparator: \.isNewline).prefix(60)
        var best: (delimiter: Character, score: Int) = (",", 0)
        for candidate in [",", ";", "\t", "|"] as [Character] {
            var counts: [Int: Int] = [:]
            for line in lines {
                var inQuotes = false
                var count = 0
                for character in line {
                    if character == "\"" { inQuotes.toggle() } else if character == candidate, !inQuotes { count += 1 }
                }
                if count > 0 { counts[count, default: 0] += 1 }
            }
            guard let (fields, lines) = counts.max(by: { ($0.value, $0.key) < ($1.value, $1.key) }) else { continue }
            let score = lines * (fields + 1)
            if score > best.score { best = (candidate, score) }
        }
        return best.delimiter
    }

    /// Reads `text` from after its first `skip` lines. A large file is cut at record ends and its
    /// parts parsed at once; a quoted cell that is never closed refuses the file with its line
    /// (the parser would take the rest of the file into that one cell).
    static func read(_ text: String, delimiter: Character, skip: Int) throws(BillfoldError) -> CSVTable {
        var start = text.startIndex
        var skipped = 0
        while skipped < skip, let end = text[start...].firstIndex(where: \.isNewline) {
            // "\r\n" is one line break.
            start = text.index(after: end)
            skipped += 1
        }
        if skipped < skip { start = text.endIndex }
        guard let scalar = delimiter.unicodeScalars.first else {
            throw BillfoldError.validation("delimiter", Phrase("error.import.chooseDelimiter"))
        }
        var body = String(text[start...])
        let (parts, unclosed) = body.withUTF8 { bytes -> ([String], Int?) in
            guard scalar.isASCII else { return ([String(decoding: bytes, as: UTF8.self)], nil) }
            let scan = CSVRecordScan(
                bytes, delimiter: UInt8(scalar.value), parts: bytes.count >= 1 << 20 ? Parallel.parts : 1)
            let bounds = [0] + scan.cuts + [bytes.count]
            let parts = (0..<bounds.count - 1).map {
                Self.text(bytes, bounds[$0]..<bounds[$0 + 1])
            }
            return (parts, scan.unclosedQuoteLine)
        }
        if let line = unclosed {
            throw BillfoldError(.invalidImportFile, Phrase("error.import.unclosedQuote", ["line": String(skip + line)]))
        }
        let budget = RecordBudget(maxRecords + parts.count * RecordBudget.step)
        let pieces = Parallel.map(parts.count) { Piece(parts[$0], delimiter: scalar, budget: budget) }
        let kept = pieces.reduce(0) { $0 + $1.rows.count }
        if kept > maxRecords || pieces.contains(where: \.tooManyRecords) {
            throw BillfoldError(.invalidImportFile, Phrase("error.import.tooManyRecords", count: maxRecords))
        }
        var rows: [(Int, [String])] = []
        rows.reserveCapacity(kept)
        var line = skip + 1
        for piece in pieces {
            rows += piece.rows.lazy.map { (line + $0.line, $0.cells) }
            if let error = piece.error {
                // The parser's own words, which are not Billfold's.
                throw BillfoldError(
                    .invalidImportFile,
                    Phrase(
                        "error.import.csvUnreadableNear", ["line": String(line + error.line), "reason": error.message]))
            }
            line += piece.lines
        }
        return CSVTable(rows: rows)
    }

    /// The text of a range of a file's bytes (cut at ASCII bytes, so whole characters).
    static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
