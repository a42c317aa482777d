import BillfoldCore
import SQLiteNIO

extension BulkRows {
    /// The rows as one SQLite INSERT, as `INSERT … SELECT … FROM (VALUES …)`: a column whose value
    /// is the same on every row of the chunk (the user, the account, the import, the status, the
    /// currency, an empty id …) is written once in the SELECT, and only the others row by row in
    /// VALUES. SQLite spends on every value of a VALUES list, not only on reading it: a bank
    /// import's rows went from seventeen values to six, and 200,000 of them into the table with
    /// its indexes from 3.5 to 2.1 s in `sqlite3`. The WHERE keeps the parser from taking an
    /// upsert's ON for a join's. Numbers, and currency and status words, are written into the
    /// statement, where SQLite reads them faster than it binds them; texts are bound.
    func statement() -> (String, [SQLiteData]) {
        let columns = LedgerColumn.written
        guard !rows.isEmpty else { return ("SELECT 1 WHERE false", []) }
        // The day is always written per row, so VALUES is never empty.
        let perRow = columns.map { column in
            let shared = value(column, 0)
            return column == .bookedAt || rows.indices.dropFirst().contains { value(column, $0) != shared }
        }
        var binds: [SQLiteData] = []
        binds.reserveCapacity(rows.count * 4)
        func sql(_ value: ColumnValue) -> String {
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
