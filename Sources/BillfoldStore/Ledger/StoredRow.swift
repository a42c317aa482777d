import PostgresNIO
import SQLKit
import SQLiteNIO

/// A result row read column by column. SQLiteKit hands every value through a generic Codable
/// decoder, which cost a list request a tenth of its time (fifty rows of twenty columns, and the
/// categories); on SQLite the values are read straight from SQLiteNIO's row instead, and on
/// PostgreSQL from PostgresNIO's (through SQLKit, a million rows took 20 s to decode).
enum StoredRow {
    case sqlite(SQLiteRow)
    case read(ReadRow)
    /// PostgresNIO's row with its statement's column names, looked up by walking them
    /// (`ReadColumns`): PostgresNIO's own lookup hashed each name twice a value, a tenth of a
    /// list request's time on the server.
    case postgres(PostgresRandomAccessRow, ReadColumns)
    case sql(any SQLRow)

    func integer(_ column: String) throws -> Int64 {
        guard let value = try integerOrNil(column) else { throw Self.missing(column) }
        return value
    }

    func integerOrNil(_ column: String) throws -> Int64? { try value(column, as: Int64.self) }

    func text(_ column: String) throws -> String {
        guard let value = try textOrNil(column) else { throw Self.missing(column) }
        return value
    }

    func textOrNil(_ column: String) throws -> String? { try value(column, as: String.self) }

    /// A yes-or-no column: SQLite keeps it as 0 or 1, PostgreSQL as a boolean.
    func flag(_ column: String) throws -> Bool {
        guard let value = try value(column, as: Bool.self) else { throw Self.missing(column) }
        return value
    }

    /// The column's value, nil for NULL; on SQLite converted as SQLiteNIO converts its values (a
    /// flag is 0 or 1, an integer read as text is its digits).
    private func value<T: Decodable & SQLiteDataConvertible & PostgresDecodable>(_ column: String, as type: T.Type)
        throws -> T?
    {
        switch self {
        case .sql(let row): return try row.decode(column: column, as: T?.self)
        case .postgres(let row, let columns):
            guard let place = columns.place(of: column) else { throw Self.missingColumn(column) }
            let cell = row[place]
            return cell.bytes == nil ? nil : try cell.decode(T.self)
        case .sqlite(let row): return try Self.value(row.column(column), in: column)
        case .read(let row): return try Self.value(row.column(column), in: column)
        }
    }

    private static func value<T: SQLiteDataConvertible>(_ data: SQLiteData?, in column: String) throws -> T? {
        if case .some(.null) = data { return nil }
        guard let data, let value = T(sqliteData: data) else { throw Self.unexpected(data, in: column) }
        return value
    }

    static func missing(_ column: String) -> DecodingError {
        DecodingError.valueNotFound(Any.self, .init(codingPath: [], debugDescription: "Column \(column) is NULL"))
    }

    static func missingColumn(_ column: String) -> DecodingError {
        DecodingError.keyNotFound(
            SQLiteStoredColumn(column), .init(codingPath: [], debugDescription: "No column \(column)"))
    }

    static func unexpected(_ value: SQLiteData?, in column: String) -> DecodingError {
        DecodingError.typeMismatch(
            Any.self,
            .init(codingPath: [], debugDescription: "Column \(column) holds \(value.map { "\($0)" } ?? "nothing")"))
    }
}

extension StoredRow {
    /// The values a statement binds, as SQLite takes them; nil for one of a type not known here
    /// (the statement then goes through SQLKit).
    static func sqliteValues(_ binds: [any Encodable & Sendable]) -> [SQLiteData]? {
        var values: [SQLiteData] = []
        values.reserveCapacity(binds.count)
        // The values SQLiteKit's own encoder would send for these types.
        for bind in binds {
            guard let value = (bind as? any SQLiteDataConvertible)?.sqliteData else { return nil }
            values.append(value)
        }
        return values
    }
}

/// A column's name as a coding key, for the error of a statement that did not read it.
struct SQLiteStoredColumn: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
