import BillfoldCore
import FluentKit
import Logging
import SQLKit

/// What differs between the two databases Billfold runs on, behind one protocol: how the ledger
/// writes rows (one at a time and in bulk), how rows are read, how a search finds its words, and
/// how writers in several instances take turns. Which database it is is decided in one place
/// (`SQLDatabase.engine`); every other statement is the same SQL on both.
protocol DatabaseEngine: Sendable {
    /// The database, as SQLKit speaks to it.
    var sql: any SQLDatabase { get }

    /// Whether a search's words are found through SQLite's FTS5 trigram indexes
    /// (`M027AddPayeeTotals`); otherwise by the `LIKE` that PostgreSQL's trigram indexes serve.
    var searchesFullTextIndexes: Bool { get }

    /// The transactions table as a statement names it when its rows come from a short list of
    /// ids (the words' notes, a tag's rows): SQLite is held to the ids (`NOT INDEXED` leaves it
    /// the rowid alone), since without statistics it would rather walk the person's rows and look
    /// each up in the list; PostgreSQL's planner weighs both with its own.
    var transactionsByID: String { get }

    /// The transactions table as a statement names it when it asks only for the rows the sums
    /// leave out (split parents, group rows: `kind IS NOT NULL`, a few, `M026`): SQLite is held
    /// to their index, since it would rather walk an account's or a category's rows to check each.
    var rowsWithKind: String { get }

    /// The join that reads its left side first, in that side's order (a tag's list by time):
    /// SQLite's `CROSS JOIN` keeps the order it is written in; PostgreSQL's planner picks it.
    var orderedJoin: String { get }

    /// The bucket of a sums table as its unique index holds it (an upsert's conflict target).
    func indexedBucket(of table: SumsTable) -> String

    /// The statement's rows, read column by column.
    func rows(_ statement: SQLQueryString) async throws -> [StoredRow]

    /// Writes new rows, skipping any whose external id or import key the user already has, and
    /// returns what the sums need of those written.
    func insert(_ rows: ArraySlice<NewTransaction>, _ stamp: NewRowStamp) async throws -> [InsertedRow]

    /// The bulk write: `count` rows that `batch` makes a range at a time, none of them there yet
    /// (`TransactionRepository.append`). Only inside a database transaction.
    func append(
        count: Int, _ batch: inout TransactionRepository.Batch, _ stamp: NewRowStamp,
        progress: @escaping @Sendable (Int) -> Void) async throws

    /// Until this database transaction ends, other instances' transactions asking for `key` wait.
    func waitForOthers(_ key: Int64) async throws

    /// Runs `work` while no other instance runs work under `key` on the same database.
    func alone<T: Sendable>(_ key: Int64, on database: any Database, _ work: @escaping @Sendable () async throws -> T)
        async throws -> T

    /// What is wrong with the search indexes; empty when nothing is.
    func searchIndexProblems() async -> [String]
}

extension SQLDatabase {
    /// The engine for this database: the one place that asks which database it is.
    var engine: any DatabaseEngine {
        dialect.name == "sqlite" ? SQLiteEngine(sql: self) : PostgresEngine(sql: self)
    }
}

extension SQLDatabase {
    /// Logs a statement run past SQLKit as SQLKit logs its own (the bench's floors are read from
    /// that log).
    func logStatement(_ text: String, _ binds: [any Encodable & Sendable]) {
        guard let level = queryLogLevel else { return }
        logger.log(
            level: level, "Executing query",
            metadata: ["sql": .string(text), "binds": .array(binds.map { .string("\($0)") })])
    }
}

extension Database {
    /// The statement's rows, read as `StoredRow`s (on SQLite straight from SQLiteNIO).
    func storedRows(_ statement: SQLQueryString) async throws -> [StoredRow] {
        try await sql.engine.rows(statement)
    }

    /// Runs `work` while no other instance runs work under `key` on the same database (the
    /// migrations of instances started together on one PostgreSQL). SQLite is one process's.
    public func alone<T: Sendable>(_ key: Int64, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        try await sql.engine.alone(key, on: self, work)
    }
}
