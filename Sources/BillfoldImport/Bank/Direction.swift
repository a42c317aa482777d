import BillfoldCore
import Foundation

/// Which way an unsigned amount went, as a bank's direction column writes it: Volksbank's
/// "S"/"H" (Soll, Haben), ING's "Af"/"Bij", Capital One's "Debit"/"Credit", CAMT's "DBIT"/"CRDT".
enum Direction {
    case out, into

    /// The words, as header keys are compared (`HeaderNames.key`).
    static let outWords: Set<String> = [
        "s", "soll", "af", "debit", "debet", "dr", "d", "dbit", "db", "ausgang", "belastung", "out",
    ]
    static let inWords: Set<String> = ["h", "haben", "bij", "credit", "cr", "c", "crdt", "eingang", "gutschrift", "in"]

    /// The direction a cell names, or nil when it names none. This runs on every row: a cell of
    /// ASCII (all the words are) is keyed byte by byte, without Foundation's folding.
    init?(_ cell: String) {
        var ascii = cell.utf8.count <= 16
        var bytes: [UInt8] = []
        for byte in cell.utf8 where ascii {
            if byte >= 0x80 {
                ascii = false
            } else if (0x41...0x5A).contains(byte) {
                bytes.append(byte + 0x20)
            } else if (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) {
                bytes.append(byte)
            }
        }
        let key = ascii ? String(decoding: bytes, as: UTF8.self) : HeaderNames.key(cell)
        if Self.outWords.contains(key) {
            self = .out
        } else if Self.inWords.contains(key) {
            self = .into
        } else {
            return nil
        }
    }

    /// Whether a column's cells are directions: at least half are filled, and nine in ten of
    /// those name one.
    static func fills(_ cells: some Collection<String>) -> Bool {
        let filled = cells.filter { !$0.isEmpty }
        guard !filled.isEmpty, filled.count * 2 >= cells.count else { return false }
        return filled.filter { Direction($0) != nil }.count * 10 >= filled.count * 9
    }

    /// `amount` (minor units) signed by this direction.
    func signed(_ amount: Int64) -> Int64 {
        let size = Int64(amount.magnitude)
        return self == .out ? -size : size
    }
}

extension CSVBankReader {
    /// The direction column, when the person named none: a column the header calls so (or leaves
    /// blank, as Volksbank does beside "Umsatz") whose values are directions. Only for a single
    /// amount column none of whose amounts is negative: signed amounts need no direction.
    static func guessDirection(
        header: [String], mapping: CSVMapping, rows: ArraySlice<(line: Int, cells: [String])>, amount: Int?
    ) -> CSVColumn? {
        guard !header.isEmpty, let amount else { return nil }
        func cells(_ index: Int) -> [String] { rows.map { index < $0.cells.count ? $0.cells[index].trimmed : "" } }
        let amounts = cells(amount)
        guard !amounts.contains(where: AmountSign.isNegative) else { return nil }
        let taken = Set(
            CSVMapping.columnFields.compactMap { field in mapping[keyPath: field.path] }.compactMap {
                index(of: $0, header)
            })
        for (index, name) in header.enumerated() where !taken.contains(index) {
            let key = HeaderNames.key(name)
            guard key.isEmpty || HeaderNames.direction.contains(key), Direction.fills(cells(index)) else { continue }
            return column(index, header)
        }
        return nil
    }

    /// The account holder's name when a file has a payee and a payer column: the name in one of
    /// them on at least half the rows, and on more rows than any other name (a landlord paid
    /// every month ties with the holder in a short file: then there is none). The other party of
    /// each row is the one that is not it. Names are compared as `entry` cleans its cells.
    static func holder(payee: Int?, payer: Int?, rows: ArraySlice<(line: Int, cells: [String])>) -> String? {
        guard let payee, let payer, rows.count >= 2 else { return nil }
        var counts: [String: Int] = [:]
        for row in rows {
            let names = Set(
                [payee, payer].compactMap {
                    $0 < row.cells.count ? cleaned(row.cells[$0]).lowercased() : nil
                })
            for name in names where !name.isEmpty { counts[name, default: 0] += 1 }
        }
        let ranked = counts.values.sorted(by: >)
        guard let most = ranked.first, most * 2 >= rows.count, ranked.dropFirst().first.map({ $0 < most }) ?? true
        else { return nil }
        return counts.first { $0.value == most }?.key
    }

    /// A text cell as it is booked: spaces collapsed, and an apostrophe that a spreadsheet-safe
    /// export put before "=", "+", "-" or "@" taken off again.
    static func cleaned(_ text: String?) -> String {
        let cell = (text ?? "").collapsedSpaces
        // Three cells of every row come here: read two bytes, copy nothing.
        var bytes = cell.utf8.makeIterator()
        guard bytes.next() == 0x27 else { return cell }
        switch bytes.next() {
        case 0x3D, 0x2B, 0x2D, 0x40: return String(cell.dropFirst())
        default: return cell
        }
    }

    /// Whom a row's money went to or came from, from a payee and a payer cell: the one that is not
    /// the account holder (none when only the holder is named: the notes say more), else by the
    /// money's way (in: who paid; out: who was paid), else the one that is filled.
    static func counterparty(payee: String, payer: String, amount: Int64, holder: String?) -> String {
        // Compared only when there is a holder: this runs on every row of a million.
        let payee = holder != nil && payee.lowercased() == holder ? "" : payee
        let payer = holder != nil && payer.lowercased() == holder ? "" : payer
        if payer.isEmpty { return payee }
        if payee.isEmpty { return payer }
        return amount > 0 ? payer : payee
    }
}
