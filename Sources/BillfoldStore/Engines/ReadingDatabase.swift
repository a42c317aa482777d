import FluentKit
import Logging
import NIOCore
import SQLKit
import SQLiteNIO

/// A request's SQLite database outside a transaction, whose SQL reads run on `SQLiteReaders`
/// (`Database.reading(with:)`). Everything else, Fluent's own queries, writes, and a transaction
/// with everything in it, goes to the database it wraps.
struct ReadingDatabase: Database, SQLDatabase {
    let base: any Database
    let readers: SQLiteReaders

    private var baseSQL: any SQLDatabase { base.sql }

    var context: DatabaseContext { base.context }
    var inTransaction: Bool { false }

    func execute(query: DatabaseQuery, onOutput: @escaping @Sendable (any DatabaseOutput) -> Void)
        -> EventLoopFuture<Void>
    { base.execute(query: query, onOutput: onOutput) }

    func execute(schema: DatabaseSchema) -> EventLoopFuture<Void> { base.execute(schema: schema) }

    func execute(enum: DatabaseEnum) -> EventLoopFuture<Void> { base.execute(enum: `enum`) }

    func transaction<T>(_ closure: @escaping @Sendable (any Database) -> EventLoopFuture<T>) -> EventLoopFuture<T> {
        base.transaction(closure)
    }

    func withConnection<T>(_ closure: @escaping @Sendable (any Database) -> EventLoopFuture<T>) -> EventLoopFuture<T> {
        base.withConnection(closure)
    }

    var logger: Logger { baseSQL.logger }
    var eventLoop: any EventLoop { baseSQL.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { baseSQL.version }
    var dialect: any SQLDialect { baseSQL.dialect }
    var queryLogLevel: Logger.Level? { baseSQL.queryLogLevel }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void)
        -> EventLoopFuture<Void>
    {
        baseSQL.execute(sql: query, onRow)
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        let (text, binds) = serialize(query)
        if let values = StoredRow.sqliteValues(binds), let rows = read(text, values, binds) {
            rows.forEach(onRow)
        } else {
            try await baseSQL.execute(sql: query, onRow)
        }
    }

    /// The rows of a read, logged as the driver logs a statement (the bench's floors are read from
    /// that log); nil for a statement the readers leave to the driver.
    func read(_ text: String, _ values: [SQLiteData], _ binds: [any Encodable & Sendable]) -> [ReadRow]? {
        guard let rows = readers.rows(text, values) else { return nil }
        logStatement(text, binds)
        return rows
    }
}

extension Database {
    /// This database with its SQL reads on `readers`; itself inside a transaction, whose reads
    /// must see its own writes, and on PostgreSQL.
    public func reading(with readers: SQLiteReaders?) -> any Database {
        guard let readers, !inTransaction, !(self is ReadingDatabase), sql.dialect.name == "sqlite" else { return self }
        return ReadingDatabase(base: self, readers: readers)
    }
}
