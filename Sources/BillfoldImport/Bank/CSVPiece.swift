import CSV
import Foundation

extension CSVTable {
    /// One part of a file as the parser reads it, its lines counted from 0.
    ///
    /// A record without a quoted cell reads as its text split at the delimiter, and is split
    /// here: CSV.swift builds every cell a character at a time, which was a quarter of reading
    /// a million-row statement. Records with quoted cells go through the parser, a run of them
    /// at a time, so a file that quotes every cell is read by it whole as before.
    ///
    /// Blank records (nothing but spaces, tabs and delimiters) are counted as lines and not kept:
    /// a file of line breaks costs nothing, whatever its size. A part stops at `maxRecords` kept
    /// records (`tooManyRecords`), so what it holds is bounded however much is sent.
    struct Piece {
        var rows: [(line: Int, cells: [String])] = []
        /// How many lines the part spans.
        var lines = 0
        var error: (line: Int, message: String)?
        /// It held more than `CSVTable.maxRecords` records and was read no further.
        var tooManyRecords = false

        /// What the parts of one file may keep between them, when read at once.
        let budget: RecordBudget?

        /// `splitting`: split records without quoted cells (off, the parser reads everything,
        /// which the tests compare with). `budget`: shared with the file's other parts.
        init(_ text: String, delimiter: UnicodeScalar, splitting: Bool = true, budget: RecordBudget? = nil) {
            self.budget = budget
            guard splitting, delimiter.isASCII else {
                parse(text, delimiter: delimiter)
                return
            }
            var text = text
            text.withUTF8 { bytes in
                let byte = UInt8(delimiter.value)
                var index = 0
                // Where the current run of records with quoted cells started.
                var run: Int?
                while index < bytes.count, error == nil, !tooManyRecords {
                    let record = CSVRecordScan.record(bytes, from: index, delimiter: byte)
                    if record.hasQuotedCell {
                        run = run ?? index
                    } else {
                        if let start = run {
                            parse(CSVTable.text(bytes, start..<index), delimiter: delimiter)
                            run = nil
                        }
                        if !Self.isBlank(bytes, index..<record.textEnd, delimiter: byte) {
                            keep(lines, Self.split(bytes, index..<record.textEnd, at: byte))
                        }
                        lines += 1
                    }
                    index = record.end
                }
                if let start = run, error == nil, !tooManyRecords {
                    parse(CSVTable.text(bytes, start..<bytes.count), delimiter: delimiter)
                }
            }
        }

        /// Reads `text` with the parser, after the rows read so far.
        private mutating func parse(_ text: String, delimiter: UnicodeScalar) {
            let reader: CSVReader
            do {
                reader = try CSVReader(string: text, delimiter: delimiter)
            } catch {
                self.error = (lines, "\(error)")
                return
            }
            while !tooManyRecords, let cells = reader.next() {
                if !cells.allSatisfy(Self.isBlank) { keep(lines, cells) }
                lines += 1
                // A quoted cell may hold line breaks (LF, CR or CR LF, as the records are
                // found); the next row starts after them.
                for cell in cells {
                    var previous: UInt8 = 0
                    for byte in cell.utf8 {
                        if byte == 0x0A || (previous == 0x0D && byte != 0x0A) { lines += 1 }
                        previous = byte
                    }
                    if previous == 0x0D { lines += 1 }
                }
            }
            if let error = reader.error { self.error = (lines, "\(error)") }
        }

        /// Keeps a record, up to `CSVTable.maxRecords`.
        private mutating func keep(_ line: Int, _ cells: [String]) {
            // The parts draw on the file's budget a few thousand rows at a time.
            let full =
                rows.count >= CSVTable.maxRecords
                || (rows.count % RecordBudget.step == 0 && budget?.take(RecordBudget.step) == false)
            guard !full else {
                tooManyRecords = true
                return
            }
            rows.append((line, cells))
        }

        /// A cell of nothing but spaces and tabs.
        private static func isBlank(_ cell: String) -> Bool { cell.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 } }

        /// A record of nothing but spaces, tabs and delimiters.
        private static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, delimiter: UInt8) -> Bool
        {
            range.allSatisfy { bytes[$0] == delimiter || bytes[$0] == 0x20 || bytes[$0] == 0x09 }
        }

        /// The cells of a record without quoted cells: its text between delimiters.
        private static func split(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, at delimiter: UInt8)
            -> [String]
        {
            var cells: [String] = []
            var start = range.lowerBound
            for index in range where bytes[index] == delimiter {
                cells.append(CSVTable.text(bytes, start..<index))
                start = index + 1
            }
            cells.append(CSVTable.text(bytes, start..<range.upperBound))
            return cells
        }
    }
}

/// The records all parts of a file may keep together: each part takes from it a few thousand at a
/// time, so no part keeps much past the file's limit before all stop.
final class RecordBudget: @unchecked Sendable {  // guarded by `lock`
    static let step = 4_096
    private let lock = NSLock()
    private var left: Int

    init(_ limit: Int) { left = limit }

    /// Takes `count`; false once the budget is spent.
    func take(_ count: Int) -> Bool {
        lock.withLock {
            guard left > 0 else { return false }
            left -= count
            return true
        }
    }
}
