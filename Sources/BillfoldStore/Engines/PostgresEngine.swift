import BillfoldCore
import FluentKit
import NIOCore
import PostgresNIO
import SQLKit

/// PostgreSQL: rows through SQLKit, bulk rows by `COPY … FROM STDIN`, searches by the `LIKE` its
/// trigram indexes serve. Several instances may share the database, so writers that count across
/// them take turns under advisory locks.
struct PostgresEngine: DatabaseEngine {
    let sql: any SQLDatabase

    var searchesFullTextIndexes: Bool { false }

    var transactionsByID: String { "transactions" }

    var rowsWithKind: String { "transactions" }

    var orderedJoin: String { "JOIN" }

    func indexedBucket(of table: SumsTable) -> String { table.postgresBucketKey }

    /// The rows as PostgresNIO reads them, when every value bound is one it encodes itself;
    /// otherwise through SQLKit.
    func rows(_ statement: SQLQueryString) async throws -> [StoredRow] {
        let (text, binds) = sql.serialize(statement)
        guard let postgres = sql as? any PostgresDatabase, let bindings = Self.bindings(binds) else {
            return try await sql.raw(statement).all().map(StoredRow.sql)
        }
        sql.logStatement(text, binds)
        let logger = sql.logger
        let result = try await postgres.withConnection {
            $0.query(PostgresQuery(unsafeSQL: text, binds: bindings), logger: logger)
        }.get()
        guard let first = result.rows.first else { return [] }
        var names = first.map(\.columnName)
        // PostgresNIO's own lookup takes the last of a repeated name: so do these rows.
        for place in names.indices where names[(place + 1)...].contains(names[place]) { names[place] = "" }
        let columns = ReadColumns(names: names)
        return result.rows.map { .postgres($0.makeRandomAccess(), columns) }
    }

    /// The values as PostgresNIO binds them; nil when one is not a type it encodes (a NULL).
    static func bindings(_ binds: [any Encodable & Sendable]) -> PostgresBindings? {
        var bindings = PostgresBindings(capacity: binds.count)
        for bind in binds {
            guard let value = bind as? any PostgresThrowingDynamicTypeEncodable, (try? bindings.append(value)) != nil
            else { return nil }
        }
        return bindings
    }

    /// One multi-row INSERT through SQLKit, each value bound.
    func insert(_ rows: ArraySlice<NewTransaction>, _ stamp: NewRowStamp) async throws -> [InsertedRow] {
        let columns = LedgerColumn.written
        var builder = sql.insert(into: "transactions").columns(columns.map(\.rawValue))
        rows.withUnsafeBufferPointer { buffer in
            let bulk = BulkRows(rows: buffer, stamp: stamp)
            for index in buffer.indices {
                builder = builder.values(columns.map { bulk.value($0, index).bound(payee: buffer[index].payee) })
            }
        }
        return try await builder.ignoringConflicts().returning(LedgerColumn.returned.map { SQLColumn($0.rawValue) })
            .all().map { try InsertedRow(.sql($0)) }
    }

    /// COPY … FROM STDIN in PostgreSQL's text format, a few thousand rows per message.
    func append(
        count: Int, _ batch: inout TransactionRepository.Batch, _ stamp: NewRowStamp,
        progress: @escaping @Sendable (Int) -> Void
    ) async throws {
        guard let postgres = sql as? any PostgresDatabase else {
            throw BillfoldError(.internalError, Phrase("error.store.unsupportedDatabase"))
        }
        // Only ever called inside a database transaction, where the database is one connection:
        // that connection stays this write's until the transaction ends, and the COPY runs in it.
        let connection = try await postgres.withConnection { $0.eventLoop.makeSucceededFuture($0) }.get()
        let columns = LedgerColumn.written
        try await connection.copyFrom(table: "transactions", columns: columns.map(\.rawValue), logger: sql.logger) {
            writer in
            for range in (0..<count).chunked(Self.rowsPerCopyMessage) {
                let chunk = try batch.make(range)
                var buffer = ByteBufferAllocator().buffer(capacity: chunk.count * 160)
                chunk.withUnsafeBufferPointer { rows in
                    let bulk = BulkRows(rows: rows, stamp: stamp)
                    for index in rows.indices {
                        for (position, column) in columns.enumerated() {
                            if position > 0 { buffer.writeInteger(UInt8(ascii: "\t")) }
                            Self.writeCopyText(bulk.value(column, index), payee: rows[index].payee, to: &buffer)
                        }
                        buffer.writeInteger(UInt8(ascii: "\n"))
                    }
                }
                try await writer.write(buffer)
                progress(range.upperBound)
            }
        }
    }

    static let rowsPerCopyMessage = 5000

    /// A value in COPY's text format: `\N` for none; backslash, tab, line feed and carriage
    /// return escaped, so a payee holding them arrives as written.
    static func writeCopyText(_ column: ColumnValue, payee: String, to buffer: inout ByteBuffer) {
        let value: String
        switch column {
        case .null:
            buffer.writeString("\\N")
            return
        case .integer(let number): value = String(number)
        case .text(let text), .word(let text): value = text
        case .samePayee: value = payee
        }
        let special: (UInt8) -> Bool = { $0 == UInt8(ascii: "\\") || $0 == 9 || $0 == 10 || $0 == 13 }
        guard value.utf8.contains(where: special) else {
            buffer.writeString(value)
            return
        }
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): buffer.writeString("\\\\")
            case 9: buffer.writeString("\\t")
            case 10: buffer.writeString("\\n")
            case 13: buffer.writeString("\\r")
            default: buffer.writeInteger(byte)
            }
        }
    }

    func waitForOthers(_ key: Int64) async throws {
        try await sql.raw("SELECT pg_advisory_xact_lock(\(literal: Int(key)))").run()
    }

    /// Behind a session's advisory lock, held by one connection while `work` runs: instances
    /// started together take turns, and the later ones find the work done.
    func alone<T: Sendable>(_ key: Int64, on database: any Database, _ work: @escaping @Sendable () async throws -> T)
        async throws -> T
    {
        try await database.withConnection { connection in
            try await connection.sql.raw("SELECT pg_advisory_lock(\(literal: Int(key)))").run()
            do {
                let result = try await work()
                try await connection.sql.raw("SELECT pg_advisory_unlock(\(literal: Int(key)))").run()
                return result
            } catch {
                try? await connection.sql.raw("SELECT pg_advisory_unlock(\(literal: Int(key)))").run()
                throw error
            }
        }
    }

    /// PostgreSQL keeps its GIN indexes itself.
    func searchIndexProblems() async -> [String] { [] }
}
