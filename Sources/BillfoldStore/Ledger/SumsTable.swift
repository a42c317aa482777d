import SQLKit

/// One of the tables the transactions' sums are kept in, under the same key but for their
/// bucket: per UTC day (`transaction_totals`, for ranges), per payee
/// (`transaction_payee_totals`, for searches: `SearchTotals`) and per payee and day
/// (`transaction_payee_day_totals`, for searches over a range). Every write that moves a sum
/// moves it in all of them.
struct SumsTable: Sendable {
    /// The table's name.
    let name: String
    /// The columns that split the sums: `day`, `payee`, or `payee, day`.
    let bucket: String
    /// A transaction row's bucket.
    let bucketSQL: String
    /// The bucket as PostgreSQL's unique index holds it: a payee can be longer than a B-tree
    /// entry may be (a bank's 10 kB text, 200 letters under many accents), its MD5 never is.
    let postgresBucketKey: String

    static let days = SumsTable(
        name: "transaction_totals", bucket: "day", bucketSQL: TransactionTotals.daySQL, postgresBucketKey: "day")
    static let payees = SumsTable(
        name: "transaction_payee_totals", bucket: "payee", bucketSQL: "payee", postgresBucketKey: "(md5(payee))")
    /// Per payee and day (`M041AddPayeeDayTotals`): a search's totals over a range.
    static let payeeDays = SumsTable(
        name: "transaction_payee_day_totals", bucket: "payee, day", bucketSQL: "payee, \(TransactionTotals.daySQL)",
        postgresBucketKey: "(md5(payee)), day")
    static let all = [days, payees, payeeDays]

    /// The unique key in the order of its index: a category's totals (the list's filters) are
    /// found by its prefix; an account's are read from the person's rows.
    var uniqueKey: [String] { ["user_id", "category_key", "status", "currency", bucket, "account_id"] }

    /// The unique index's columns and expressions on `sql`'s database.
    func indexedKey(on sql: any SQLDatabase) -> String {
        let bucketKey = sql.engine.indexedBucket(of: self)
        return uniqueKey.map { $0 == bucket ? bucketKey : $0 }.joined(separator: ", ")
    }

    /// The start of every statement that adds to the sums: the key's columns, then the sum and count.
    var insertInto: SQLQueryString {
        SQLQueryString("INSERT INTO \(name) (\(uniqueKey.joined(separator: ", ")), total_minor, count) ")
    }

    /// Adds a new row's sum and count to the row already there for its key.
    func addToExisting(on sql: any SQLDatabase) -> SQLQueryString {
        SQLQueryString(
            """
             ON CONFLICT (\(indexedKey(on: sql))) DO UPDATE SET
              total_minor = \(name).total_minor + excluded.total_minor,
              count = \(name).count + excluded.count
            """)
    }

    /// Adds the transactions matching `condition` (after WHERE) to the sums by this table's key;
    /// `sign` -1 takes them out.
    func add(sign: Int64, where condition: SQLQueryString, on sql: any SQLDatabase) async throws {
        let key = "user_id, \(TransactionTotals.keySQL), status, currency, \(bucketSQL), account_id"
        let sums: SQLQueryString =
            "SELECT \(unsafeRaw: key), \(literal: Int(sign)) * SUM(amount_minor), \(literal: Int(sign)) * COUNT(*)"
        try await sql.raw(
            insertInto + sums + " FROM transactions WHERE " + condition + " GROUP BY \(unsafeRaw: key)"
                + addToExisting(on: sql)
        ).run()
    }
}
