import CSV

extension CSVTable {
    /// One part of a file as the parser reads it, its lines counted from 0.
    ///
    /// A record without a quoted cell reads as its text split at the delimiter, and is split
    /// here: CSV.swift builds every cell a character at a time, which was a quarter of reading
    /// a million-row statement. Records with quoted cells go through the parser, a run of them
    /// at a time, so a file that quotes every cell is read by it whole as before.
    struct Piece {
        var rows: [(line: Int, cells: [String])] = []
        /// How many lines the part spans.
        var lines = 0
        var error: (line: Int, message: String)?

        /// `splitting`: split records without quoted cells (off, the parser reads everything,
        /// which the tests compare with).
        init(_ text: String, delimiter: UnicodeScalar, splitting: Bool = true) {
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
                while index < bytes.count, error == nil {
                    let record = CSVRecordScan.record(bytes, from: index, delimiter: byte)
                    if record.hasQuotedCell {
                        run = run ?? index
                    } else {
                        if let start = run {
                            parse(CSVTable.text(bytes, start..<index), delimiter: delimiter)
                            run = nil
                        }
                        rows.append((lines, Self.split(bytes, index..<record.textEnd, at: byte)))
                        lines += 1
                    }
                    index = record.end
                }
                if let start = run, error == nil {
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
            while let cells = reader.next() {
                rows.append((lines, cells))
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
