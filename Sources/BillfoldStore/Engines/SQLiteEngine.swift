import BillfoldCore
import FluentKit
import Logging
import SQLKit
import SQLiteNIO

/// SQLite: rows read straight from SQLiteNIO, bulk rows as `INSERT … SELECT … FROM (VALUES …)`,
/// searches through FTS5 trigram indexes. One process writes, and its write transactions already
/// take turns (the server's write gate), so there are no other instances to wait for.
struct SQLiteEngine: DatabaseEngine {
    let sql: any SQLDatabase

    var searchesFullTextIndexes: Bool { true }

    var transactionsByID: String { "transactions NOT INDEXED" }

    var rowsWithKind: String { "transactions INDEXED BY transactions_with_kind" }

    var orderedJoin: String { "CROSS JOIN" }

    func indexedBucket(of table: SumsTable) -> String { table.bucket }

    /// Fluent's SQLite database is SQLiteNIO's too; a bare SQLKit one (never in Billfold) fails
    /// the write by name rather than crashing.
    private var native: any SQLiteDatabase {
        get throws {
            let driver = (sql as? ReadingDatabase)?.base ?? sql
            guard let native = driver as? any SQLiteDatabase else {
                throw BillfoldError(.internalError, Phrase("error.store.unsupportedDatabase"))
            }
            return native
        }
    }

    /// SQLiteKit hands every value through a generic Codable decoder, which cost a list request a
    /// tenth of its time; the statement is logged as SQLKit logs it (the bench's floors are read
    /// from that log) and run by SQLiteNIO itself, or by `SQLiteReaders` where it can.
    func rows(_ statement: SQLQueryString) async throws -> [StoredRow] {
        let (text, binds) = sql.serialize(statement)
        guard let native = try? native, let values = StoredRow.sqliteValues(binds) else {
            return try await sql.raw(statement).all().map(StoredRow.sql)
        }
        if let reading = sql as? ReadingDatabase, let rows = reading.read(text, values, binds) {
            return rows.map(StoredRow.read)
        }
        sql.logStatement(text, binds)
        return try await native.rows(text, values).map(StoredRow.sqlite)
    }

    /// As the bulk path writes them (values bound directly, not through Codable), skipping rows
    /// already there.
    func insert(_ rows: ArraySlice<NewTransaction>, _ stamp: NewRowStamp) async throws -> [InsertedRow] {
        let (statement, binds) = rows.withUnsafeBufferPointer { BulkRows(rows: $0, stamp: stamp).statement() }
        return try await native.rows(
            statement + " ON CONFLICT DO NOTHING RETURNING " + LedgerColumn.list(LedgerColumn.returned), binds
        ).map { try InsertedRow(.sqlite($0)) }
    }

    /// Each statement is made while SQLite runs the one before.
    func append(
        count: Int, _ batch: inout TransactionRepository.Batch, _ stamp: NewRowStamp,
        progress: @escaping @Sendable (Int) -> Void
    ) async throws {
        let sqlite = try native
        let ranges = (0..<count).chunked(Self.rowsPerStatement)
        func statement(_ index: Int) throws -> (String, [SQLiteData])? {
            guard index < ranges.count else { return nil }
            return try batch.make(ranges[index]).withUnsafeBufferPointer {
                BulkRows(rows: $0, stamp: stamp).statement()
            }
        }
        var index = 0
        var next = try statement(index)
        while let (text, binds) = next {
            // SQLite runs this statement on its thread while the next one is made here.
            async let ran = sqlite.rows(text, binds)
            index += 1
            next = try statement(index)
            _ = try await ran
            progress(ranges[index - 1].upperBound)
        }
    }

    /// Rows in one bulk INSERT (at most eight bound texts each, within the 250,000 parameters
    /// SQLiteNIO's SQLite allows). Every statement ends with FTS5 writing out the search terms it
    /// gathered, so the fewer the statements, the fewer and larger the index segments to merge
    /// later: a million rows went in 2 s faster in statements of 20,000 than of 1,000.
    static let rowsPerStatement = 20_000

    func waitForOthers(_ key: Int64) async throws {}

    func alone<T: Sendable>(_ key: Int64, on database: any Database, _ work: @escaping @Sendable () async throws -> T)
        async throws -> T
    { try await work() }

    /// FTS5's own integrity check of each search index.
    func searchIndexProblems() async -> [String] {
        var found: [String] = []
        for index in ["transaction_search", "transaction_notes_search", "transaction_payee_search"] {
            do {
                try await sql.raw("INSERT INTO \(ident: index) (\(ident: index), rank) VALUES ('integrity-check', 1)")
                    .run()
            } catch {
                found.append("\(index): \(String(reflecting: error))")
            }
        }
        return found
    }
}

extension SQLiteDatabase {
    /// The statement's rows, gathered on SQLite's own thread by the connection: the database's
    /// `query(_:_:)` sends every row through the event loop, a hop per row, which cost an export
    /// a third of its time.
    func rows(_ statement: String, _ binds: [SQLiteData]) async throws -> [SQLiteRow] {
        try await withConnection { connection in
            // Filled by `query`'s callback, which runs on one thread before `query` returns.
            nonisolated(unsafe) var rows: [SQLiteRow] = []
            try await connection.query(statement, binds) { rows.append($0) }
            return rows
        }
    }
}
