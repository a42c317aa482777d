/// Where a CSV's records end, found the way the parser (yaslab/CSV.swift) reads them: a cell is
/// quoted when it starts with a quote, and inside it line breaks and delimiters are text and `""`
/// is a quote; outside, a line break ends the record before anything else. Knowing the record
/// ends lets the parser read parts of a large file at once, and tells the records with a quoted
/// cell (which the parser reads) from those it would read as their text split at the delimiter;
/// a quoted cell still open at the end is a quote never closed.
///
/// It reads bytes only: the delimiter, the quote and the line breaks are ASCII, and UTF-8 never
/// uses ASCII bytes inside a longer character.
struct CSVRecordScan {
    /// Byte offsets just after a record end, one near each of `parts - 1` even cuts of the file.
    var cuts: [Int] = []
    /// The line (from 1) a quoted cell opens on when it is never closed.
    var unclosedQuoteLine: Int?

    init(_ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, parts: Int) {
        var line = 1
        var nextCut = parts > 1 ? bytes.count / parts : Int.max
        var index = 0
        while index < bytes.count {
            let record = Self.record(bytes, from: index, delimiter: delimiter)
            if let opened = record.unclosedQuoteBreaks {
                unclosedQuoteLine = line + opened
                return
            }
            line += record.innerBreaks + 1
            index = record.end
            if index >= nextCut && index < bytes.count {
                cuts.append(index)
                nextCut = cuts.count + 1 < parts ? bytes.count / parts * (cuts.count + 1) : Int.max
            }
        }
    }

    /// One record as the parser reads it.
    struct Record {
        /// Where its text ends, before the line break that ends it.
        var textEnd: Int
        /// Just after that line break (the end of the bytes for the last record).
        var end: Int
        /// It has a quoted cell: only such a record can read otherwise than split at its delimiters.
        var hasQuotedCell: Bool
        /// The line breaks inside its quoted cells.
        var innerBreaks: Int
        /// For a quoted cell never closed, the line breaks before it opens within the record.
        var unclosedQuoteBreaks: Int?
    }

    private enum State { case fieldStart, unquoted, quoted }

    /// The record that starts at byte `start`.
    static func record(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, delimiter: UInt8) -> Record {
        let quote = UInt8(ascii: "\"")
        let cr = UInt8(ascii: "\r")
        let lf = UInt8(ascii: "\n")
        let count = bytes.count
        var state = State.fieldStart
        var hasQuotedCell = false
        var breaks = 0
        var breaksBeforeQuote = 0
        var index = start
        while index < count {
            let byte = bytes[index]
            if state == .quoted {
                if byte == quote {
                    let next = index + 1 < count ? bytes[index + 1] : nil
                    switch next {
                    case nil, cr, lf:
                        // Closed; the line break ends the record below.
                        state = .fieldStart
                        index += 1
                    case delimiter:
                        state = .fieldStart
                        index += 2
                    default:
                        // `""` is a quote; any other character after a quote stays in the cell.
                        index += 2
                    }
                } else {
                    if byte == lf || (byte == cr && (index + 1 == count || bytes[index + 1] != lf)) { breaks += 1 }
                    index += 1
                }
                continue
            }
            if byte == quote && state == .fieldStart {
                state = .quoted
                hasQuotedCell = true
                breaksBeforeQuote = breaks
                index += 1
            } else if byte == cr || byte == lf {
                // "\r\n" is one line break; a line break ends the record even when it is the
                // delimiter chosen, as it does in the parser.
                let end = index + (byte == cr && index + 1 < count && bytes[index + 1] == lf ? 2 : 1)
                return Record(
                    textEnd: index, end: end, hasQuotedCell: hasQuotedCell, innerBreaks: breaks,
                    unclosedQuoteBreaks: nil)
            } else if byte == delimiter {
                state = .fieldStart
                index += 1
            } else {
                state = .unquoted
                index += 1
            }
        }
        return Record(
            textEnd: count, end: count, hasQuotedCell: hasQuotedCell, innerBreaks: breaks,
            unclosedQuoteBreaks: state == .quoted ? breaksBeforeQuote : nil)
    }
}
