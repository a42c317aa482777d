import SQLKit

/// One of the two tables the transactions' sums are kept in, under the same key but for one
/// column: per UTC day (`transaction_totals`, for ranges) and per payee
/// (`transaction_payee_totals`, for searches: `SearchTotals`). Every write that moves a sum
/// moves it in both.
struct SumsTable: Sendable {
    /// The table's name.
    let name: String
    /// The column that splits the sums: `day` or `payee`.
    let bucket: String
    /// A transaction row's bucket.
    let bucketSQL: String

    static let days = SumsTable(name: "transaction_totals", bucket: "day", bucketSQL: TransactionTotals.daySQL)
    static let payees = SumsTable(name: "transaction_payee_totals", bucket: "payee", bucketSQL: "payee")
    static let all = [days, payees]

    /// The unique key in the order of its index: a category's totals (the list's filters) are
    /// found by its prefix; an account's are read from the person's rows.
    var uniqueKey: [String] { ["user_id", "category_key", "status", "currency", bucket, "account_id"] }

    /// The start of every statement that adds to the sums: the key's columns, then the sum and count.
    var insertInto: SQLQueryString {
        SQLQueryString("INSERT INTO \(name) (\(uniqueKey.joined(separator: ", ")), total_minor, count) ")
    }

    /// Adds a new row's sum and count to the row already there for its key.
    var addToExisting: SQLQueryString {
        SQLQueryString(
            """
             ON CONFLICT (\(uniqueKey.joined(separator: ", "))) DO UPDATE SET
              total_minor = \(name).total_minor + excluded.total_minor,
              count = \(name).count + excluded.count
            """)
    }

    /// The transactions' sums by this table's key, for `insertInto`: `sign` -1 takes them out.
    func grouped(sign: Int64, where condition: SQLQueryString) -> SQLQueryString {
        let key = "user_id, \(TransactionTotals.keySQL), status, currency, \(bucketSQL), account_id"
        return insertInto
            + """
            SELECT \(unsafeRaw: key), \(literal: Int(sign)) * SUM(amount_minor), \(literal: Int(sign)) * COUNT(*)
            FROM transactions WHERE 
            """ + condition + " GROUP BY \(unsafeRaw: key)"
    }

    /// Recomputes every user's sums from the transactions. Before migration M021 there are no
    /// split parents or group rows, nor the column that marks them.
    func rebuild(on sql: any SQLDatabase, beforeSplits: Bool = false) async throws {
        try await sql.raw("DELETE FROM \(unsafeRaw: name)").run()
        try await sql.raw(grouped(sign: 1, where: beforeSplits ? "id > 0" : "kind IS NULL")).run()
    }
}
