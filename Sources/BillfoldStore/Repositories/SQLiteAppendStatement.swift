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
        let stamp = SQLiteValue.integer(now)
        let columns: [(name: String, value: (NewTransaction) -> SQLiteValue)] = [
            ("user_id", { [userID] _ in .integer(userID) }),
            ("account_id", { .integer(accountID($0)) }),
            ("booked_at", { .integer($0.bookedAt.epochSeconds) }),
            ("booked_offset", { .integer(Int64($0.bookedAt.offsetSeconds)) }),
            ("payee", { .text($0.payee) }),
            // Most rows' original name is their payee: then it is the payee's value, not a second.
            (
                "original_name",
                {
                    $0.originalName.utf8.elementsEqual($0.payee.utf8) ? .samePayee : .text($0.originalName)
                }
            ),
            ("notes", { .text($0.notes) }),
            ("amount_minor", { .integer($0.money.minorUnits) }),
            ("currency", { .word($0.money.currency.code) }),
            ("category_id", { $0.categoryID.map(SQLiteValue.integer) ?? .null }),
            ("status", { .word($0.status.rawValue) }),
            ("external_id", { $0.externalID.map(SQLiteValue.text) ?? .null }),
            ("created_at", { _ in stamp }),
            ("updated_at", { _ in stamp }),
            ("import_id", { _ in importID.map(SQLiteValue.integer) ?? .null }),
            ("import_key", { $0.importKey.map(SQLiteValue.text) ?? .null }),
            ("source_external_id", { $0.sourceExternalID.map(SQLiteValue.text) ?? .null }),
        ]
        guard let first = chunk.first else { return ("SELECT 1 WHERE false", []) }
        // The day is always written per row, so VALUES is never empty.
        let perRow = columns.map { column in
            let shared = column.value(first)
            return column.name == "booked_at" || chunk.dropFirst().contains { column.value($0) != shared }
        }
        var binds: [SQLiteData] = []
        binds.reserveCapacity(chunk.count * 4)
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
        for (column, (name, value)) in columns.enumerated() {
            var expression: String
            if perRow[column] {
                place += 1
                expression = "column\(place)"
            } else {
                expression = sql(value(first))
            }
            if name == "payee", perRow[column] { payeePlace = expression }
            // A row whose original name is its payee says NULL for it. A payee shared by every
            // row is bound again here: each `?` takes the next bound value.
            if name == "original_name" {
                expression = "coalesce(\(expression), \(payeePlace ?? sql(.text(first.payee))))"
            }
            selected.append(expression)
        }
        let rowColumns = columns.indices.filter { perRow[$0] }.map { columns[$0].value }
        var text =
            "INSERT INTO transactions (" + columns.map(\.name).joined(separator: ", ") + ") SELECT "
            + selected.joined(separator: ", ") + " FROM (VALUES "
        text.reserveCapacity(text.utf8.count + chunk.count * 8 * (rowColumns.count + 1))
        for (index, row) in chunk.enumerated() {
            text += index == 0 ? "(" : ",("
            for (position, value) in rowColumns.enumerated() {
                if position > 0 { text += "," }
                text += sql(value(row))
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
