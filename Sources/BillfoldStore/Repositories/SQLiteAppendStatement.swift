import BillfoldCore
import SQLiteNIO

extension TransactionRepository {
    /// One INSERT of the chunk, as `INSERT … SELECT … FROM (VALUES …)`: a column whose value is
    /// the same on every row of the chunk (the user, the account, the import, the status, the
    /// currency, an empty id …) is written once in the SELECT, and only the others row by row in
    /// VALUES. SQLite spends on every value of a VALUES list, not only on reading it: a bank
    /// import's rows went from seventeen values to six, and 200,000 of them into the table with
    /// its indexes from 3.5 to 2.1 s in `sqlite3`. The WHERE keeps the parser from taking an
    /// upsert's ON for a join's. Numbers, and currency and status words, are written into the
    /// statement, where SQLite reads them faster than it binds them; texts are bound.
    func sqliteAppend(
        _ chunk: ArraySlice<NewTransaction>, accountID: (NewTransaction) -> Int64, now: Int64, importID: Int64?
    ) -> (String, [SQLiteData]) {
        withoutActuallyEscaping(accountID) { sqliteInsert(chunk, accountID: $0, now: now, importID: importID) }
    }

    private func sqliteInsert(
        _ chunk: ArraySlice<NewTransaction>, accountID: @escaping (NewTransaction) -> Int64, now: Int64,
        importID: Int64?
    ) -> (String, [SQLiteData]) {
        // The rows are read in place, a field at a time: handing a row to a closure copies it, and
        // the copy retains each of its texts (a tenth of a million-row import's time).
        chunk.withUnsafeBufferPointer { rows in
            AppendRows(rows: rows, userID: userID, accountID: accountID, now: now, importID: importID).statement()
        }
    }
}

/// The columns of a bulk INSERT, in the statement's order.
private enum AppendColumn: String, CaseIterable {
    case userID = "user_id"
    case accountID = "account_id"
    case bookedAt = "booked_at"
    case bookedOffset = "booked_offset"
    case payee
    case originalName = "original_name"
    case notes
    case amountMinor = "amount_minor"
    case currency
    case categoryID = "category_id"
    case status
    case externalID = "external_id"
    case createdAt = "created_at"
    case updatedAt = "updated_at"
    case importID = "import_id"
    case importKey = "import_key"
    case sourceExternalID = "source_external_id"
}

/// One bulk INSERT's rows and what they share.
private struct AppendRows {
    let rows: UnsafeBufferPointer<NewTransaction>
    let userID: Int64
    let accountID: (NewTransaction) -> Int64
    let now: Int64
    let importID: Int64?

    /// Row `index`'s value of `column`.
    func value(_ column: AppendColumn, _ index: Int) -> SQLiteValue {
        switch column {
        case .userID: .integer(userID)
        case .accountID: .integer(accountID(rows[index]))
        case .bookedAt: .integer(rows[index].bookedAt.epochSeconds)
        case .bookedOffset: .integer(Int64(rows[index].bookedAt.offsetSeconds))
        case .payee: .text(rows[index].payee)
        // Most rows' original name is their payee: then it is the payee's value, not a second.
        case .originalName:
            rows[index].originalName.utf8.elementsEqual(rows[index].payee.utf8)
                ? .samePayee : .text(rows[index].originalName)
        case .notes: .text(rows[index].notes)
        case .amountMinor: .integer(rows[index].money.minorUnits)
        case .currency: .word(rows[index].money.currency.code)
        case .categoryID: rows[index].categoryID.map(SQLiteValue.integer) ?? .null
        case .status: .word(rows[index].status.rawValue)
        case .externalID: rows[index].externalID.map(SQLiteValue.text) ?? .null
        case .createdAt, .updatedAt: .integer(now)
        case .importID: importID.map(SQLiteValue.integer) ?? .null
        case .importKey: rows[index].importKey.map(SQLiteValue.text) ?? .null
        case .sourceExternalID: rows[index].sourceExternalID.map(SQLiteValue.text) ?? .null
        }
    }

    func statement() -> (String, [SQLiteData]) {
        let columns = AppendColumn.allCases
        guard !rows.isEmpty else { return ("SELECT 1 WHERE false", []) }
        // The day is always written per row, so VALUES is never empty.
        let perRow = columns.map { column in
            let shared = value(column, 0)
            return column == .bookedAt || rows.indices.dropFirst().contains { value(column, $0) != shared }
        }
        var binds: [SQLiteData] = []
        binds.reserveCapacity(rows.count * 4)
        func sql(_ value: SQLiteValue) -> String {
            switch value {
            case .integer(let number): return String(number)
            case .null, .samePayee: return "NULL"
            case .text(""): return "''"
            // A currency code or a status: letters only, so it is safe as a literal.
            case .word(let word)
            where word.utf8.allSatisfy { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }:
                return "'" + word + "'"
            case .word(let text), .text(let text):
                binds.append(.text(text))
                return "?"
            }
        }
        // The SELECT: each column's shared value, or its place among the row's values.
        var selected: [String] = []
        var place = 0
        // The payee's place among the row's values, when it has one.
        var payeePlace: String?
        for (position, column) in columns.enumerated() {
            var expression: String
            if perRow[position] {
                place += 1
                expression = "column\(place)"
            } else {
                expression = sql(value(column, 0))
            }
            if column == .payee, perRow[position] { payeePlace = expression }
            // A row whose original name is its payee says NULL for it. A payee shared by every
            // row is bound again here: each `?` takes the next bound value.
            if column == .originalName {
                expression = "coalesce(\(expression), \(payeePlace ?? sql(.text(rows[0].payee))))"
            }
            selected.append(expression)
        }
        let rowColumns = columns.indices.filter { perRow[$0] }.map { columns[$0] }
        var text =
            "INSERT INTO transactions (" + columns.map(\.rawValue).joined(separator: ", ") + ") SELECT "
            + selected.joined(separator: ", ") + " FROM (VALUES "
        text.reserveCapacity(text.utf8.count + rows.count * 8 * (rowColumns.count + 1))
        for index in rows.indices {
            text += index == 0 ? "(" : ",("
            for (position, column) in rowColumns.enumerated() {
                if position > 0 { text += "," }
                text += sql(value(column, index))
            }
            text += ")"
        }
        text += ") WHERE true"
        return (text, binds)
    }
}

/// A value of a bulk INSERT as the statement holds it. Texts are the same when their bytes are:
/// Swift takes "Müller" with a combining diaeresis for the one written with "ü", and one row's
/// spelling must not be written for another's.
enum SQLiteValue: Equatable {
    case integer(Int64)
    case text(String)
    /// A currency code or status word, written as a literal when it is letters only.
    case word(String)
    /// The original name where it is the payee.
    case samePayee
    case null

    static func == (a: SQLiteValue, b: SQLiteValue) -> Bool {
        switch (a, b) {
        case (.integer(let x), .integer(let y)): x == y
        case (.text(let x), .text(let y)), (.word(let x), .word(let y)): x.utf8.elementsEqual(y.utf8)
        case (.samePayee, .samePayee), (.null, .null): true
        default: false
        }
    }
}
