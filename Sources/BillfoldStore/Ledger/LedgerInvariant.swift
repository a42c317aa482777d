import SQLKit

/// The ledger's invariant, written once: after every write, every table derived from
/// `transactions` says what the rows say.
///
/// - Per-day and per-payee sums (`SumsTable.days`, `.payees`): for each user, category key (-1
///   for a transfer, 0 for none), status, currency, day or payee and account, the sum and count of
///   the rows that count (`kind IS NULL`: split parents and group rows are not counted, their
///   parts and members are); the day sums also what the negative amounts among them add up to,
///   and how many there are. Rows left at zero may stay.
/// - Per-block sums (`transaction_totals_by_block`, kept by triggers): the per-day sums added up
///   by blocks of `TransactionTotals.blockDays` days.
/// - Per-month sums (`transaction_totals_by_month`, kept by triggers): the per-day sums added up
///   by UTC calendar month (`MonthCut`).
/// - Per-tag sums (`TagTotals`): the per-day sums of each tag's rows that count; and each tag
///   given carries its row's time (`M042AddTagTimes`).
/// - Currency volumes (`CurrencyVolumes`): never below the sum of the absolute amounts of a
///   user's rows in a currency (volumes only grow, so every sum fits in 64 bits).
/// - SQLite's search indexes (FTS5 over the rows' payees and notes and the sums' payees): equal to
///   their content, as FTS5's own integrity check reads it.
///
/// `differences` recomputes all of them from the rows; the tests run it after random sequences of
/// every write path on both databases. A new derived table gets its line here.
public struct LedgerInvariant: Sendable {
    let sql: any SQLDatabase

    public init(sql: any SQLDatabase) { self.sql = sql }

    struct Count: Decodable { var n: Int64 }

    /// What differs from a recomputation, one line per table; empty when the invariant holds.
    public func differences() async throws -> [String] {
        var found: [String] = []
        for table in SumsTable.all {
            let key = "user_id, \(TransactionTotals.keySQL), status, currency, \(table.bucketSQL), account_id"
            let recomputed =
                "SELECT \(key), \(table.summed(sign: 1)) FROM transactions WHERE kind IS NULL GROUP BY \(key)"
            let kept =
                "SELECT \((table.uniqueKey + table.sumColumns).joined(separator: ", ")) FROM \(table.name) "
                + "WHERE NOT (count = 0 AND total_minor = 0)"
            try await compare(table.name, recomputed, kept, into: &found)
        }
        let blockKey = "user_id, category_key, status, currency, day / \(TransactionTotals.blockDays), account_id"
        try await compare(
            "transaction_totals_by_block",
            "SELECT \(blockKey), SUM(total_minor), SUM(count) FROM transaction_totals GROUP BY \(blockKey) "
                + "HAVING NOT (SUM(count) = 0 AND SUM(total_minor) = 0)",
            "SELECT user_id, category_key, status, currency, block, account_id, total_minor, count "
                + "FROM transaction_totals_by_block WHERE NOT (count = 0 AND total_minor = 0)",
            into: &found)
        let month = MonthCut.sql(ofDay: "day")
        let monthKey = "user_id, \(month), category_key, status, currency, account_id"
        try await compare(
            "transaction_totals_by_month",
            "SELECT \(monthKey), SUM(total_minor), SUM(count) FROM transaction_totals GROUP BY \(monthKey) "
                + "HAVING NOT (SUM(count) = 0 AND SUM(total_minor) = 0)",
            "SELECT user_id, month, category_key, status, currency, account_id, total_minor, count "
                + "FROM transaction_totals_by_month WHERE NOT (count = 0 AND total_minor = 0)",
            into: &found)
        let tagKey = "t.user_id, tt.tag_id, t.category_key, t.status, t.currency, t.day, t.account_id"
        try await compare(
            TagTotals.table,
            "SELECT \(tagKey), SUM(t.amount_minor), COUNT(*) FROM (SELECT id, user_id, \(TransactionTotals.keySQL) "
                + "AS category_key, status, currency, \(TransactionTotals.daySQL) AS day, account_id, amount_minor "
                + "FROM transactions WHERE kind IS NULL) t JOIN transaction_tags tt ON tt.transaction_id = t.id "
                + "GROUP BY \(tagKey)",
            "SELECT \(TagTotals.key), total_minor, count FROM \(TagTotals.table) WHERE NOT (count = 0 AND total_minor = 0)",
            into: &found)
        let untimed = try await count(
            """
            SELECT COUNT(*) AS n FROM transaction_tags tt JOIN transactions t ON t.id = tt.transaction_id
            WHERE tt.booked_at IS NULL OR tt.booked_at <> t.booked_at
            """)
        if untimed > 0 { found.append("transaction_tags: \(untimed) tags not at their row's time") }
        let short = try await count(
            """
            SELECT COUNT(*) AS n FROM (SELECT user_id, currency, SUM(ABS(amount_minor)) AS volume FROM transactions
              WHERE kind IS NULL GROUP BY user_id, currency) AS rows
            LEFT JOIN currency_volumes AS kept ON kept.user_id = rows.user_id AND kept.currency = rows.currency
            WHERE kept.volume_minor IS NULL OR kept.volume_minor < rows.volume
            """)
        if short > 0 { found.append("currency_volumes: \(short) below their rows' volume") }
        // Who set a category goes with it: no row without a category says who set one. (A row
        // with a category and no source is the person's: M032 left those rows as they were.)
        let unsourced = try await count(
            "SELECT COUNT(*) AS n FROM transactions WHERE category_id IS NULL AND category_source IS NOT NULL")
        if unsourced > 0 { found.append("category_source: \(unsourced) rows without a category say who set it") }
        found += await sql.engine.searchIndexProblems()
        return found
    }

    /// Rows in one query and not the other, both ways.
    private func compare(_ name: String, _ recomputed: String, _ kept: String, into found: inout [String]) async throws
    {
        let missing = try await count("SELECT COUNT(*) AS n FROM (\(recomputed) EXCEPT \(kept)) AS d")
        let extra = try await count("SELECT COUNT(*) AS n FROM (\(kept) EXCEPT \(recomputed)) AS d")
        if missing + extra > 0 {
            found.append("\(name): \(missing) sums the rows make are not kept, \(extra) kept are not the rows'")
        }
    }

    private func count(_ query: String) async throws -> Int64 {
        try await sql.raw(SQLQueryString(query)).first(decoding: Count.self)?.n ?? 0
    }
}
