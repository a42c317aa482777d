import BillfoldCore
import SQLKit

extension TransactionRepository {
    /// Moves every transaction in the `from` categories to `target` (nil: uncategorised), as a
    /// deleted category's transactions must: the person chose where they go. Writes each one's
    /// history lines (by `INSERT … SELECT`, a statement for any number of rows), and moves its
    /// place in the sums from the old category to the new without re-reading the transactions.
    /// Returns how many moved. The caller runs this inside a database transaction, after putting
    /// the moves of Lunch Money's rows in the outbox.
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
            INSERT INTO transaction_changes (user_id, transaction_id, field, old_value, new_value, changed_at, source)
            SELECT user_id, id, 'category', CAST(category_id AS TEXT), 
            """ + newValue + ", \(bind: now), \(bind: Self.deleted) FROM transactions WHERE " + inFrom
        ).run()
        // Who set the category: the person now, or no one for uncategorised. A line says so where
        // it was someone else (as `TransactionEdit.edits` decides for one change).
        let newSource: SQLQueryString = target == nil ? "NULL" : "\(bind: CategorySource.person.rawValue)"
        if target != nil {
            try await sql.raw(
                """
                INSERT INTO transaction_changes (user_id, transaction_id, field, old_value, new_value, changed_at, source)
                SELECT user_id, id, 'categorySource', category_source, 
                """ + newSource + ", \(bind: now), \(bind: Self.deleted) FROM transactions WHERE " + inFrom
                    + " AND category_source <> " + newSource
            ).run()
        }
        for table in SumsTable.all {
            try await sql.raw(
                table.insertInto
                    + """
                    SELECT user_id, \(bind: target ?? 0), status, currency, \(unsafeRaw: table.bucket), account_id,
                      \(unsafeRaw: table.sumColumns.map { "SUM(\($0))" }.joined(separator: ", "))
                    FROM \(unsafeRaw: table.name) WHERE user_id = \(bind: userID) AND category_key IN (\(binds: categories))
                    GROUP BY user_id, status, currency, \(unsafeRaw: table.bucket), account_id
                    """ + table.addToExisting(on: sql)
            ).run()
            try await sql.raw(
                "DELETE FROM \(unsafeRaw: table.name) WHERE user_id = \(bind: userID) AND category_key IN (\(binds: categories))"
            ).run()
        }
        try await TagTotals.move(categories, to: target ?? 0, userID: userID, on: sql)
        let newCategory: SQLQueryString = target.map { "\(bind: $0)" } ?? "NULL"
        try await sql.raw(
            "UPDATE transactions SET category_id = " + newCategory + ", category_source = " + newSource
                + ", updated_at = \(bind: now) WHERE " + inFrom
        ).run()
        return Int(count)
    }

    private static let deleted = ChangeSource.categoryDeleted.rawValue
}
