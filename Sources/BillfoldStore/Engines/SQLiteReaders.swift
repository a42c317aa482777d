import Foundation
import SQLiteNIO
// SQLite's C interface, as SQLiteNIO builds and links it: the same copy of SQLite as the writing
// connections'. A second copy in one process would break SQLite's file locks between them.
import VaporCSQLite

/// A request's reads on SQLite, outside any database transaction, run right where the request
/// runs. Through the driver, each statement hops to SQLite's thread pool and back through the
/// event loop: a list question's seven statements spent a third of the server's time switching
/// threads at 16 connections, and each statement was prepared again. A read here takes an idle
/// connection of its own, runs the statement (prepared once per connection and kept) and hands
/// the connection back. Only a statement SQLite calls read-only runs here, on connections that
/// may not write (`query_only`); anything else, a busy moment with every connection in use, or
/// a statement that fails is run by the driver as before, which reports any failure as it always
/// has (a statement that fails here fails there too, so it runs twice: only a broken statement
/// pays that).
///
/// A read blocks its thread for as long as SQLite works, as the driver's thread did: reads in WAL
/// mode never wait for the writer, so that is the statement's own work and nothing else.
public final class SQLiteReaders: @unchecked Sendable {  // Its pool is behind the lock.
    private let path: String
    private let cacheKibibytes: Int
    private let limit: Int
    private let lock = NSLock()
    nonisolated(unsafe) private var pool = Pool()  // Only under `lock`.

    private struct Pool {
        var idle: [ReadConnection] = []
        var opened = 0
        var closed = false
        var answered = 0
    }

    /// How many statements the readers have answered (for tests: that requests do read here).
    var answered: Int { lock.withLock { pool.answered } }

    /// `limit` connections at most, each with `cacheKibibytes` of page cache.
    public init(path: String, cacheKibibytes: Int, limit: Int) {
        self.path = path
        self.cacheKibibytes = cacheKibibytes
        self.limit = limit
    }

    /// The statement's rows, or nil when it is not one to run here (it writes, it is more than one
    /// statement, it failed) or every connection is in use: the caller then runs it as before.
    func rows(_ text: String, _ binds: [SQLiteData]) -> [ReadRow]? {
        guard Self.reads(text), let connection = take() else { return nil }
        switch connection.rows(text, binds) {
        case .rows(let rows):
            give(connection, healthy: true, answered: true)
            return rows
        case .declined:
            give(connection, healthy: true)
            return nil
        case .failed(let closing):
            give(connection, healthy: !closing)
            return nil
        }
    }

    /// Closes every idle connection; one still in use is closed when it comes back.
    public func close() {
        let idle = lock.withLock {
            pool.closed = true
            defer { pool.idle = [] }
            return pool.idle
        }
        for connection in idle { connection.close() }
    }

    /// A statement that begins as a read (`SELECT`, `WITH`); SQLite then confirms it changes
    /// nothing once it is prepared.
    static func reads(_ text: String) -> Bool {
        let utf8 = text.utf8.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }
        func starts(_ word: String) -> Bool {
            let head = utf8.prefix(word.utf8.count)
            return head.count == word.utf8.count && zip(head, word.utf8).allSatisfy { $0 | 0x20 == $1 }
        }
        return starts("select") || starts("with")
    }

    private func take() -> ReadConnection? {
        let (found, open) = lock.withLock { () -> (ReadConnection?, Bool) in
            if pool.closed { return (nil, false) }
            if let idle = pool.idle.popLast() { return (idle, false) }
            guard pool.opened < limit else { return (nil, false) }
            pool.opened += 1
            return (nil, true)
        }
        if let found { return found }
        guard open else { return nil }
        guard let opened = ReadConnection(path: path, cacheKibibytes: cacheKibibytes) else {
            lock.withLock { pool.opened -= 1 }
            return nil
        }
        return opened
    }

    /// A connection whose file or memory failed a statement is closed rather than kept: whatever
    /// went wrong stays with it.
    private func give(_ connection: ReadConnection, healthy: Bool, answered: Bool = false) {
        let keep = lock.withLock { () -> Bool in
            if answered { pool.answered += 1 }
            guard healthy, !pool.closed else {
                pool.opened -= 1
                return false
            }
            pool.idle.append(connection)
            return true
        }
        if !keep { connection.close() }
    }
}

/// One connection of `SQLiteReaders`, used by one thread at a time (it is handed over under the
/// pool's lock), with the statements it has prepared.
private final class ReadConnection: @unchecked Sendable {
    private var handle: OpaquePointer?
    private var prepared: [String: Kept] = [:]
    /// Texts that prepared but are not single reads, so they go to the driver unprepared here.
    private var declined: Set<String> = []
    private var uses = 0

    private struct Kept {
        let statement: OpaquePointer
        var lastUse: Int
    }

    /// Statements kept prepared per connection. A person's filters give a few dozen texts (a list
    /// of ids has a place for each); past this many the one used longest ago is let go.
    private static let kept = 256

    init?(path: String, cacheKibibytes: Int) {
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
        guard sqlite_nio_sqlite3_open_v2(path, &handle, flags, nil) == SQLITE_OK else {
            close()
            return nil
        }
        // Waits rather than fails in the rare moments a reader must (the WAL being reset).
        sqlite_nio_sqlite3_busy_timeout(handle, 5_000)
        let settings = [
            "PRAGMA query_only = 1", "PRAGMA cache_size = -\(cacheKibibytes)", "PRAGMA mmap_size = 0",
            "PRAGMA temp_store = MEMORY",
        ]
        for setting in settings where sqlite_nio_sqlite3_exec(handle, setting, nil, nil, nil) != SQLITE_OK {
            close()
            return nil
        }
    }

    func close() {
        for kept in prepared.values { sqlite_nio_sqlite3_finalize(kept.statement) }
        prepared = [:]
        sqlite_nio_sqlite3_close_v2(handle)
        handle = nil
    }

    enum Outcome {
        case rows([ReadRow])
        /// Not a single statement that only reads: for the driver, and nothing is wrong here.
        case declined
        /// It did not prepare or run: for the driver, which reports why. A connection whose file
        /// or memory failed it is closed; after an ordinary error (a typo, a busy moment) it is kept.
        case failed(closing: Bool)

        /// SQLite's primary codes that say the connection itself is in trouble.
        static func failed(_ status: Int32) -> Outcome {
            let serious = [SQLITE_NOMEM, SQLITE_IOERR, SQLITE_CORRUPT, SQLITE_CANTOPEN, SQLITE_NOTADB, SQLITE_MISUSE]
            return .failed(closing: serious.contains(status & 0xFF))
        }
    }

    func rows(_ text: String, _ binds: [SQLiteData]) -> Outcome {
        let statement: OpaquePointer
        switch prepare(text) {
        case .success(let prepared?): statement = prepared
        case .success(nil): return .declined
        case .failure(let failure): return .failed(failure.status)
        }
        defer {
            sqlite_nio_sqlite3_reset(statement)
            sqlite_nio_sqlite3_clear_bindings(statement)
        }
        for (index, value) in binds.enumerated() {
            let status = bind(value, at: Int32(index + 1), in: statement)
            if status != SQLITE_OK { return .failed(status) }
        }
        let count = sqlite_nio_sqlite3_column_count(statement)
        let columns = ReadColumns(
            names: (0..<count).map { column in
                sqlite_nio_sqlite3_column_name(statement, column).map { String(cString: $0) } ?? ""
            })
        var rows: [ReadRow] = []
        while true {
            switch sqlite_nio_sqlite3_step(statement) {
            case SQLITE_ROW:
                rows.append(ReadRow(columns: columns, values: (0..<count).map { value(statement, $0) }))
            case SQLITE_DONE:
                return .rows(rows)
            case let status:
                return .failed(status)
            }
        }
    }

    private struct DidNotPrepare: Error { let status: Int32 }

    /// The statement prepared once for this connection; nil when it changes anything or is
    /// followed by another.
    private func prepare(_ text: String) -> Result<OpaquePointer?, DidNotPrepare> {
        uses += 1
        if let known = prepared[text]?.statement {
            prepared[text]?.lastUse = uses
            return .success(known)
        }
        if declined.contains(text) { return .success(nil) }
        var statement: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let (status, alone) = text.withCString { start in
            let status = sqlite_nio_sqlite3_prepare_v3(
                handle, start, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, &tail)
            return (status, (tail.map { String(cString: $0) } ?? "").allSatisfy(\.isWhitespace))
        }
        guard status == SQLITE_OK, let statement else {
            sqlite_nio_sqlite3_finalize(statement)
            return .failure(DidNotPrepare(status: status == SQLITE_OK ? SQLITE_ERROR : status))
        }
        guard alone, sqlite_nio_sqlite3_stmt_readonly(statement) != 0 else {
            sqlite_nio_sqlite3_finalize(statement)
            if declined.count >= Self.kept { declined.removeAll() }
            declined.insert(text)
            return .success(nil)
        }
        keep(statement, for: text)
        return .success(statement)
    }

    private func keep(_ statement: OpaquePointer, for text: String) {
        if prepared.count >= Self.kept, let stale = prepared.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            sqlite_nio_sqlite3_finalize(stale.value.statement)
            prepared[stale.key] = nil
        }
        prepared[text] = Kept(statement: statement, lastUse: uses)
    }

    /// Binds as SQLiteNIO binds (texts and blobs copied by SQLite).
    private func bind(_ value: SQLiteData, at index: Int32, in statement: OpaquePointer) -> Int32 {
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        let status: Int32
        switch value {
        case .integer(let integer): status = sqlite_nio_sqlite3_bind_int64(statement, index, Int64(integer))
        case .float(let float): status = sqlite_nio_sqlite3_bind_double(statement, index, float)
        case .text(let text):
            status = sqlite_nio_sqlite3_bind_text64(
                statement, index, text, UInt64(text.utf8.count), transient, UInt8(SQLITE_UTF8))
        case .blob(let blob):
            status = blob.withUnsafeReadableBytes {
                sqlite_nio_sqlite3_bind_blob64(statement, index, $0.baseAddress, UInt64($0.count), transient)
            }
        case .null: status = sqlite_nio_sqlite3_bind_null(statement, index)
        }
        return status
    }

    /// A column's value as SQLiteNIO reads it.
    private func value(_ statement: OpaquePointer, _ column: Int32) -> SQLiteData {
        switch sqlite_nio_sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer(Int(sqlite_nio_sqlite3_column_int64(statement, column)))
        case SQLITE_FLOAT: return .float(sqlite_nio_sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            guard let text = sqlite_nio_sqlite3_column_text(statement, column) else { return .text("") }
            return .text(String(cString: text))
        case SQLITE_BLOB:
            let count = Int(sqlite_nio_sqlite3_column_bytes(statement, column))
            guard count > 0, let bytes = sqlite_nio_sqlite3_column_blob(statement, column) else {
                return .blob(ByteBuffer())
            }
            return .blob(ByteBuffer(bytes: UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }
}
