import BillfoldCore
import CSV
import Foundation

/// A CSV file's rows as the parser (yaslab/CSV.swift) reads them, each with the line it starts
/// on, after the lines before the table.
struct CSVTable {
    var rows: [(line: Int, cells: [String])]
    var delimiter: Character

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

    /// Reads `text` from after its first `skip` lines.
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
            throw BillfoldError.validation("delimiter", "Choose a delimiter such as , ; or tab.")
        }
        let reader: CSVReader
        do {
            reader = try CSVReader(string: String(text[start...]), delimiter: scalar)
        } catch {
            throw BillfoldError(.invalidImportFile, "The CSV could not be read: \(error).")
        }
        var rows: [(Int, [String])] = []
        var line = skip + 1
        while let cells = reader.next() {
            rows.append((line, cells))
            // A quoted cell may hold line breaks; the next row starts after them.
            line += 1 + cells.reduce(0) { $0 + $1.filter(\.isNewline).count }
        }
        if let error = reader.error {
            throw BillfoldError(.invalidImportFile, "The CSV could not be read near line \(line): \(error).")
        }
        return CSVTable(rows: rows, delimiter: delimiter)
    }
}
