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
    /// Whether the table also keeps the money spent (the negative amounts alone) and how many rows
    /// spent it: the day sums do, for Home's chart (`M044AddSpentSums`), where income in a
    /// category must not hide what was spent in it.
    var keepsSpending = false

    static let days = SumsTable(
        name: "transaction_totals", bucket: "day", bucketSQL: TransactionTotals.daySQL, postgresBucketKey: "day",
        keepsSpending: true)
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

    /// What each row sums, after its key: the total and count, and what was spent where kept.
    var sumColumns: [String] { ["total_minor", "count"] + (keepsSpending ? ["spent_minor", "spent_count"] : []) }

    /// `sumColumns` summed from transaction rows, `sign` -1 to take them out.
    func summed(sign: Int64) -> String {
        var sums = ["SUM(amount_minor)", "COUNT(*)"]
        if keepsSpending {
            sums += [
                "SUM(CASE WHEN amount_minor < 0 THEN amount_minor ELSE 0 END)",
                "SUM(CASE WHEN amount_minor < 0 THEN 1 ELSE 0 END)",
            ]
        }
        return sums.map { "\(sign) * \($0)" }.joined(separator: ", ")
    }

    /// The start of every statement that adds to the sums: the key's columns, then the sums.
    var insertInto: SQLQueryString {
        SQLQueryString("INSERT INTO \(name) (\((uniqueKey + sumColumns).joined(separator: ", "))) ")
    }

    /// Adds a new row's sums to the row already there for its key.
    func addToExisting(on sql: any SQLDatabase) -> SQLQueryString {
        let sets = sumColumns.map { "\($0) = \(name).\($0) + excluded.\($0)" }.joined(separator: ", ")
        return SQLQueryString(" ON CONFLICT (\(indexedKey(on: sql))) DO UPDATE SET \(sets)")
    }

    /// Adds the transactions matching `condition` (after WHERE) to the sums by this table's key;
    /// `sign` -1 takes them out.
    func add(sign: Int64, where condition: SQLQueryString, on sql: any SQLDatabase) async throws {
        let key = "user_id, \(TransactionTotals.keySQL), status, currency, \(bucketSQL), account_id"
        try await sql.raw(
            insertInto + "SELECT \(unsafeRaw: key), \(unsafeRaw: summed(sign: sign)) FROM transactions WHERE "
                + condition + " GROUP BY \(unsafeRaw: key)" + addToExisting(on: sql)
        ).run()
    }
}
