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
        try Self.refuseTooEarly(transactions)
        return try await atomically { repository in
            // The sums are gathered on one core while the database writes on the other; an
            // overflowing volume throws after the rows went in, and the rollback takes them out.
            async let sums = Self.sums(of: transactions, accountID: accountID)
            if let sqlite = repository.database as? any SQLiteDatabase {
                try await repository.appendSQLite(
                    transactions, into: sqlite, accountID: accountID, now: now, importID: importID, progress: progress)
            } else if let postgres = repository.database as? any PostgresDatabase {
                try await repository.copyPostgres(
                    transactions, into: postgres, accountID: accountID, now: now, importID: importID,
                    progress: progress)
            } else {
                throw BillfoldError(.internalError, Phrase("error.store.unsupportedDatabase"))
            }
            try await sums.write(userID: repository.userID, on: repository.sql)
            return transactions.count
        }
    }

    private static func sums(of transactions: [NewTransaction], accountID: (NewTransaction) -> Int64) throws
        -> TransactionTotals.Pending
    {
        var pending = TransactionTotals.Pending()
        for t in transactions {
            try pending.add(
                account: accountID(t), category: t.categoryID, status: t.status.rawValue,
                currency: t.money.currency.code,
                bookedAt: t.bookedAt.epochSeconds, payee: t.payee, amount: t.money.minorUnits)
        }
        return pending
    }

    private func appendSQLite(
        _ transactions: [NewTransaction], into sqlite: any SQLiteDatabase,
        accountID: (NewTransaction) -> Int64, now: Int64, importID: Int64?, progress: (Int) -> Void
    ) async throws {
        let chunks = transactions.chunked(Self.sqliteRowsPerStatement)
        var written = 0
        var index = 0
        var next = chunks.first.map { sqliteAppend($0, accountID: accountID, now: now, importID: importID) }
        while let (statement, binds) = next {
            // SQLite runs this statement on its thread while the next one is written out here.
            async let ran = sqlite.rows(statement, binds)
            index += 1
            next =
                index < chunks.count
                ? sqliteAppend(chunks[index], accountID: accountID, now: now, importID: importID) : nil
            _ = try await ran
            written += chunks[index - 1].count
            progress(written)
        }
    }

    /// Rows in one bulk INSERT (at most eight bound texts each, within the 250,000 parameters
    /// SQLiteNIO's SQLite allows). Every statement ends with FTS5 writing out the search terms it gathered, so the
    /// fewer the statements, the fewer and larger the index segments to merge later: a million
    /// rows went in 2 s faster in statements of 20,000 than of 1,000.
    static let sqliteRowsPerStatement = 20_000

    /// One INSERT of the chunk with only the rows' texts and times bound: numbers (the user, the
    /// account, the category, the time, the import) and the currency and status words are
    /// written into the statement, where SQLite reads them faster than it binds them. (Numbered
    /// parameters such as `?3` would bind a shared value once, but SQLite looks each one up in
    /// a list, which costs the square of a thousand rows.)
    func sqliteAppend(
        _ chunk: ArraySlice<NewTransaction>, accountID: (NewTransaction) -> Int64, now: Int64, importID: Int64?
    ) -> (String, [SQLiteData]) {
        var binds: [SQLiteData] = []
        binds.reserveCapacity(chunk.count * 6)
        func bind(_ value: String?) -> String {
            guard let value else { return "NULL" }
            binds.append(.text(value))
            return "?"
        }
        /// A currency code or a status: letters only, so it is safe as a literal.
        func word(_ value: String) -> String {
            value.utf8.allSatisfy { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
                ? "'" + value + "'" : bind(value)
        }
        let shared = (user: String(userID), now: String(now), importID: importID.map(String.init) ?? "NULL")
        var text = "INSERT INTO transactions (" + Self.insertColumns.joined(separator: ", ") + ") VALUES "
        text.reserveCapacity(text.utf8.count + chunk.count * 90)
        for (index, t) in chunk.enumerated() {
            let values = [
                shared.user, String(accountID(t)), String(t.bookedAt.epochSeconds), String(t.bookedAt.offsetSeconds),
                bind(t.payee), bind(t.originalName), t.notes.isEmpty ? "''" : bind(t.notes),
                String(t.money.minorUnits), word(t.money.currency.code), t.categoryID.map { String($0) } ?? "NULL",
                word(t.status.rawValue), bind(t.externalID), shared.now, shared.now, shared.importID, bind(t.importKey),
                bind(t.sourceExternalID),
            ]
            text += (index == 0 ? "(" : ",(") + values.joined(separator: ",") + ")"
        }
        return (text, binds)
    }

    /// COPY … FROM STDIN in PostgreSQL's text format, a few thousand rows per message.
    private func copyPostgres(
        _ transactions: [NewTransaction], into postgres: any PostgresDatabase,
        accountID: @escaping @Sendable (NewTransaction) -> Int64, now: Int64, importID: Int64?,
        progress: @escaping @Sendable (Int) -> Void
    ) async throws {
        // Only ever called inside `atomically`, where the database is one connection's
        // transaction: that connection stays this write's until the transaction ends, and the
        // COPY runs in it.
        let connection = try await postgres.withConnection { $0.eventLoop.makeSucceededFuture($0) }.get()
        try await Self.copy(
            transactions, on: connection, user: userID, accountID: accountID, now: now, importID: importID,
            logger: database.logger, progress: progress)
    }

    private static func copy(
        _ transactions: [NewTransaction], on connection: PostgresConnection, user userID: Int64,
        accountID: (NewTransaction) -> Int64, now: Int64, importID: Int64?, logger: Logger,
        progress: (Int) -> Void
    ) async throws {
        let user = String(userID)
        let stamp = String(now)
        var written = 0
        try await connection.copyFrom(table: "transactions", columns: insertColumns, logger: logger) { writer in
            for chunk in transactions.chunked(rowsPerCopyMessage) {
                var buffer = ByteBufferAllocator().buffer(capacity: chunk.count * 160)
                for t in chunk {
                    let fields: [String?] = [
                        user, String(accountID(t)), String(t.bookedAt.epochSeconds), String(t.bookedAt.offsetSeconds),
                        t.payee, t.originalName, t.notes, String(t.money.minorUnits), t.money.currency.code,
                        t.categoryID.map(String.init), t.status.rawValue, t.externalID, stamp, stamp,
                        importID.map(String.init),
                        t.importKey, t.sourceExternalID,
                    ]
                    for (index, field) in fields.enumerated() {
                        if index > 0 { buffer.writeInteger(UInt8(ascii: "\t")) }
                        writeCopyText(field, to: &buffer)
                    }
                    buffer.writeInteger(UInt8(ascii: "\n"))
                }
                try await writer.write(buffer)
                written += chunk.count
                progress(written)
            }
        }
    }

    static let rowsPerCopyMessage = 5000

    /// A value in COPY's text format: `\N` for none; backslash, tab, line feed and carriage
    /// return escaped, so a payee holding them arrives as written.
    static func writeCopyText(_ value: String?, to buffer: inout ByteBuffer) {
        guard let value else {
            buffer.writeString("\\N")
            return
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
