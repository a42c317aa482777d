import BillfoldCore
import FluentKit
import Logging
import NIOCore
import PostgresNIO
import SQLKit
import SQLiteNIO

/// The bulk write path: rows the caller knows are new (a bank import whose keys were checked
/// inside the same database transaction, generated demo data) are written without asking each
/// one back. SQLite takes multi-row INSERTs with directly bound values, PostgreSQL a COPY; the
/// sums (per day and per payee) come from the rows in memory and are written once. A row that collides after
/// all (another import of the same file committed first) fails the whole write as a conflict.
extension TransactionRepository {
    /// Writes `transactions` and returns how many; `progress` hears how many are written so far.
    public func append(
        _ transactions: [NewTransaction], accountID: @escaping @Sendable (NewTransaction) -> Int64, now: Int64,
        importID: Int64? = nil, progress: @escaping @Sendable (Int) -> Void = { _ in }
    ) async throws -> Int {
        try await append(
            count: transactions.count, accountID: accountID, now: now, importID: importID, progress: progress
        ) { Array(transactions[$0]) }
    }

    /// Writes `count` rows that `rows` makes a range at a time (from `0..<count`), and returns
    /// how many. Each range is made, summed and written out as a statement while the database
    /// runs the one before, so a million rows are made on one core as the other writes them.
    public func append(
        count: Int, accountID: @escaping @Sendable (NewTransaction) -> Int64, now: Int64, importID: Int64? = nil,
        progress: @escaping @Sendable (Int) -> Void = { _ in },
        rows: @escaping @Sendable (Range<Int>) throws -> [NewTransaction]
    ) async throws -> Int {
        try await atomically { repository in
            var batch = Batch(accountID: accountID, rows: rows)
            if let sqlite = repository.database as? any SQLiteDatabase {
                try await repository.appendSQLite(
                    count: count, into: sqlite, batch: &batch, now: now, importID: importID, progress: progress)
            } else if let postgres = repository.database as? any PostgresDatabase {
                try await repository.copyPostgres(
                    count: count, into: postgres, batch: &batch, now: now, importID: importID, progress: progress)
            } else {
                throw BillfoldError(.internalError, Phrase("error.store.unsupportedDatabase"))
            }
            // An overflowing volume threw while its rows were made; the rollback takes out what went in.
            try await batch.sums.write(userID: repository.userID, on: repository.sql)
            return count
        }
    }

    /// The rows of one bulk write as they are made, and their sums (per day and per payee).
    struct Batch {
        let accountID: @Sendable (NewTransaction) -> Int64
        let rows: @Sendable (Range<Int>) throws -> [NewTransaction]
        var sums = TransactionTotals.Pending()

        /// The rows of `range`, checked and added to the sums.
        mutating func make(_ range: Range<Int>) throws -> [NewTransaction] {
            let made = try rows(range)
            try TransactionRepository.refuseTooEarly(made)
            // Read in place, not copied row by row (see `BulkRows`).
            try made.withUnsafeBufferPointer { rows in
                for index in rows.indices {
                    try sums.add(
                        account: accountID(rows[index]), category: rows[index].categoryID,
                        status: rows[index].status.rawValue, currency: rows[index].money.currency.code,
                        bookedAt: rows[index].bookedAt.epochSeconds, payee: rows[index].payee,
                        amount: rows[index].money.minorUnits)
                }
            }
            return made
        }
    }

    private func appendSQLite(
        count: Int, into sqlite: any SQLiteDatabase, batch: inout Batch, now: Int64, importID: Int64?,
        progress: (Int) -> Void
    ) async throws {
        let ranges = (0..<count).chunked(Self.sqliteRowsPerStatement)
        let accountID = batch.accountID
        func statement(_ index: Int) throws -> (String, [SQLiteData])? {
            guard index < ranges.count else { return nil }
            return sqliteAppend(try batch.make(ranges[index])[...], accountID: accountID, now: now, importID: importID)
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
    /// SQLiteNIO's SQLite allows). Every statement ends with FTS5 writing out the search terms it gathered, so the
    /// fewer the statements, the fewer and larger the index segments to merge later: a million
    /// rows went in 2 s faster in statements of 20,000 than of 1,000.
    static let sqliteRowsPerStatement = 20_000

    /// COPY … FROM STDIN in PostgreSQL's text format, a few thousand rows per message.
    private func copyPostgres(
        count: Int, into postgres: any PostgresDatabase, batch: inout Batch, now: Int64, importID: Int64?,
        progress: @escaping @Sendable (Int) -> Void
    ) async throws {
        // Only ever called inside `atomically`, where the database is one connection's
        // transaction: that connection stays this write's until the transaction ends, and the
        // COPY runs in it.
        let connection = try await postgres.withConnection { $0.eventLoop.makeSucceededFuture($0) }.get()
        let accountID = batch.accountID
        try await connection.copyFrom(table: "transactions", columns: Self.insertColumns, logger: database.logger) {
            writer in
            for range in (0..<count).chunked(Self.rowsPerCopyMessage) {
                let chunk = try batch.make(range)
                var buffer = ByteBufferAllocator().buffer(capacity: chunk.count * 160)
                chunk.withUnsafeBufferPointer { rows in
                    let bulk = BulkRows(rows: rows, userID: userID, accountID: accountID, now: now, importID: importID)
                    for index in rows.indices {
                        for (position, column) in InsertColumn.allCases.enumerated() {
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
}
