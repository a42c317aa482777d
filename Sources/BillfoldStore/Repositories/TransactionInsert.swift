import BillfoldCore
import FluentKit
import SQLKit
import SQLiteNIO

/// What an insert returns of each row it wrote: enough for the sums (per day and per payee).
struct InsertedRow {
    var id: Int64
    var account_id: Int64
    var category_id: Int64?
    var status: String
    var currency: String
    var booked_at: Int64
    var amount_minor: Int64
    var payee: String

    init(_ row: StoredRow) throws {
        id = try row.integer("id")
        account_id = try row.integer("account_id")
        category_id = try row.integerOrNil("category_id")
        status = try row.text("status")
        currency = try row.text("currency")
        booked_at = try row.integer("booked_at")
        amount_minor = try row.integer("amount_minor")
        payee = try row.text("payee")
    }
}

extension TransactionRepository {
    static let insertColumns = InsertColumn.allCases.map(\.rawValue)
    static let returnedColumns = [
        "id", "account_id", "category_id", "status", "currency", "booked_at", "amount_minor", "payee",
    ]

    /// One multi-row INSERT through SQLKit (PostgreSQL). A row whose external id or import key
    /// the user already has is skipped, not an error.
    func insertSQL(
        _ chunk: ArraySlice<NewTransaction>, accountID: (NewTransaction) -> Int64, now: Int64, importID: Int64?
    ) async throws -> [InsertedRow] {
        var builder = sql.insert(into: "transactions").columns(Self.insertColumns)
        for t in chunk {
            builder = builder.values(
                SQLBind(userID), SQLBind(accountID(t)), SQLBind(t.bookedAt.epochSeconds),
                SQLBind(t.bookedAt.offsetSeconds), SQLBind(t.payee), SQLBind(t.originalName), SQLBind(t.notes),
                SQLBind(t.money.minorUnits), SQLBind(t.money.currency.code), SQLBind(t.categoryID),
                SQLBind(t.status.rawValue), SQLBind(t.externalID), SQLBind(now), SQLBind(now), SQLBind(importID),
                SQLBind(t.importKey), SQLBind(t.sourceExternalID))
        }
        return try await builder.ignoringConflicts().returning(Self.returnedColumns.map { SQLColumn($0) })
            .all().map { try InsertedRow(.sql($0)) }
    }

    /// The same on SQLite, as the bulk path writes it (values bound directly, not through
    /// Codable), skipping rows already there and answering what the sums need of the others.
    func insertSQLite(
        _ chunk: ArraySlice<NewTransaction>, into sqlite: any SQLiteDatabase, accountID: (NewTransaction) -> Int64,
        now: Int64, importID: Int64?
    ) async throws -> [InsertedRow] {
        let (statement, binds) = sqliteAppend(chunk, accountID: accountID, now: now, importID: importID)
        return try await sqlite.rows(
            statement + " ON CONFLICT DO NOTHING RETURNING " + Self.returnedColumns.joined(separator: ", "), binds
        ).map { try InsertedRow(.sqlite($0)) }
    }

    /// Billfold keeps no bookings before 1900 (the sums' day numbers start there).
    static func refuseTooEarly(_ transactions: [NewTransaction]) throws {
        // By index, a field at a time: a row handed to a closure is copied, texts and all.
        for index in transactions.indices where transactions[index].bookedAt.epochSeconds < TransactionTotals.earliest {
            throw BillfoldError.validation(
                "bookedAt", Phrase("error.store.bookedBefore1900", ["time": transactions[index].bookedAt.iso8601]))
        }
    }
}
