/// Where a CSV's records end, found the way the parser (yaslab/CSV.swift) reads them: a cell is
/// quoted when it starts with a quote, and inside it line breaks and delimiters are text and `""`
/// is a quote. Knowing the record ends lets the parser read parts of a large file at once; a
/// quoted cell still open at the end is a quote never closed.
///
/// It reads bytes only: the delimiter, the quote and the line breaks are ASCII, and UTF-8 never
/// uses ASCII bytes inside a longer character.
struct CSVRecordScan {
    /// Byte offsets just after a record end, one near each of `parts - 1` even cuts of the file.
    var cuts: [Int] = []
    /// The line (from 1) a quoted cell opens on when it is never closed.
    var unclosedQuoteLine: Int?

    private enum State { case fieldStart, unquoted, quoted }

    init(_ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, parts: Int) {
        let quote = UInt8(ascii: "\"")
        let cr = UInt8(ascii: "\r")
        let lf = UInt8(ascii: "\n")
        let count = bytes.count
        var state = State.fieldStart
        var line = 1
        var quoteLine = 1
        var nextCut = parts > 1 ? count / parts : Int.max
        var index = 0
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
                    if byte == lf || (byte == cr && (index + 1 == count || bytes[index + 1] != lf)) { line += 1 }
                    index += 1
                }
                continue
            }
            if byte == quote && state == .fieldStart {
                state = .quoted
                quoteLine = line
                index += 1
            } else if byte == delimiter {
                state = .fieldStart
                index += 1
            } else if byte == cr || byte == lf {
                // "\r\n" is one line break.
                index += byte == cr && index + 1 < count && bytes[index + 1] == lf ? 2 : 1
                line += 1
                state = .fieldStart
                if index >= nextCut && index < count {
                    cuts.append(index)
                    nextCut = cuts.count + 1 < parts ? count / parts * (cuts.count + 1) : Int.max
                }
            } else {
                state = .unquoted
                index += 1
            }
        }
        if state == .quoted { unclosedQuoteLine = quoteLine }
    }
}
