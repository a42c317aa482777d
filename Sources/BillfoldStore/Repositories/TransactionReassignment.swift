import BillfoldCore
import SQLKit

extension TransactionRepository {
    /// Moves every transaction in the `from` categories to `target` (nil: uncategorised), as a
    /// deleted category's transactions must. Writes each one's history line, and moves its place
    /// in the per-day sums from the old category to the new without re-reading the transactions.
    /// Returns how many moved. The caller runs this inside a database transaction.
    public func reassign(from categories: [Int64], to target: Int64?, now: Int64) async throws -> Int {
        guard !categories.isEmpty else { return 0 }
        struct Count: Decodable { var count: Int64 }
        let inFrom: SQLQueryString = "user_id = \(bind: userID) AND category_id IN (\(binds: categories))"
        let count =
            try await sql.raw("SELECT COUNT(*) AS count FROM transactions WHERE " + inFrom)
            .first(decoding: Count.self)?.count ?? 0
        guard count > 0 else { return 0 }
        let newValue: SQLQueryString = target.map { "\(bind: String($0))" } ?? "NULL"
        try await sql.raw(
            """
            INSERT INTO transaction_changes (user_id, transaction_id, field, old_value, new_value, changed_at)
            SELECT user_id, id, 'category', CAST(category_id AS TEXT), 
            """ + newValue + ", \(bind: now) FROM transactions WHERE " + inFrom
        ).run()
        for table in SumsTable.all {
            try await sql.raw(
                table.insertInto
                    + """
                    SELECT user_id, \(bind: target ?? 0), status, currency, \(unsafeRaw: table.bucket), account_id, SUM(total_minor),
                      SUM(count)
                    FROM \(unsafeRaw: table.name) WHERE user_id = \(bind: userID) AND category_key IN (\(binds: categories))
                    GROUP BY user_id, status, currency, \(unsafeRaw: table.bucket), account_id
                    """ + table.addToExisting(on: sql)
            ).run()
            try await sql.raw(
                "DELETE FROM \(unsafeRaw: table.name) WHERE user_id = \(bind: userID) AND category_key IN (\(binds: categories))"
            ).run()
        }
        try await LunchMoneySyncRepository(database: database, userID: userID).enqueueMoves(
            from: categories, to: target, now: now)
        let newCategory: SQLQueryString = target.map { "\(bind: $0)" } ?? "NULL"
        try await sql.raw(
            "UPDATE transactions SET category_id = " + newCategory + ", updated_at = \(bind: now) WHERE " + inFrom
        ).run()
        return Int(count)
    }
}
