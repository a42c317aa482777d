import SQLKit
import SQLiteKit
import SQLiteNIO

/// A row read by `SQLiteReaders`: its values as SQLiteNIO would have given them, by column name.
struct ReadRow: SQLRow, Sendable {
    let columns: ReadColumns
    let values: [SQLiteData]

    func column(_ name: String) -> SQLiteData? { columns.place(of: name).map { values[$0] } }

    var allColumns: [String] { columns.names }

    func contains(column: String) -> Bool { columns.place(of: column) != nil }

    func decodeNil(column name: String) throws -> Bool { column(name).map { $0 == .null } ?? true }

    /// Decoded as SQLiteKit decodes a driver's row, so a statement answers the same either way.
    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        guard let data = self.column(column) else {
            throw StoredRow.missingColumn(column)
        }
        return try SQLiteDataDecoder().decode(D.self, from: data)
    }
}

/// The column names of one statement's rows, shared by all of them (a reader's rows, and
/// PostgreSQL's read by the engine); the first of a repeated name wins, as in SQLiteNIO (the
/// PostgreSQL engine blanks the earlier ones, as PostgresNIO takes the last).
final class ReadColumns: Sendable {
    let names: [String]

    init(names: [String]) { self.names = names }

    /// Found by walking the names: a statement has a few dozen columns at most, and comparing short
    /// names costs less than hashing one (a page of fifty rows looks up a thousand values).
    func place(of name: String) -> Int? { names.firstIndex(of: name) }
}
