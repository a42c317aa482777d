import BillfoldCore
import SQLKit

/// The per-day sums of each tag (`M040AddTagTotals`): a tag's totals, alone or with any other
/// filter but words, are read from these and the rows of the partial days at the range's edges,
/// as `TransactionTotals` reads the per-day sums. Kept beside those by every write that moves a
/// row's sums (`TransactionTotals.add`), and by tagging and untagging (`add(tagsOf:)`).
enum TagTotals {
    static let table = "transaction_tag_totals"
    static let key = "user_id, tag_id, category_key, status, currency, day, account_id"
    static let addToExisting: SQLQueryString =
        " ON CONFLICT (\(unsafeRaw: key)) DO UPDATE SET"
        + " total_minor = \(unsafeRaw: table).total_minor + excluded.total_minor,"
        + " count = \(unsafeRaw: table).count + excluded.count"

    /// Adds the tags of the transactions matching `condition` (after WHERE, over the rows'
    /// own columns) to the sums; `sign` -1 takes them out.
    static func add(sign: Int64, where condition: SQLQueryString, on sql: any SQLDatabase) async throws {
        let statement: SQLQueryString =
            "INSERT INTO \(unsafeRaw: table) (\(unsafeRaw: key), total_minor, count)"
            + " SELECT t.user_id, tt.tag_id, t.category_key, t.status, t.currency, t.day, t.account_id,"
            + " \(literal: Int(sign)) * SUM(t.amount_minor), \(literal: Int(sign)) * COUNT(*)"
            + " FROM (SELECT id, user_id, \(unsafeRaw: TransactionTotals.keySQL) AS category_key, status, currency,"
            + " \(unsafeRaw: TransactionTotals.daySQL) AS day, account_id, amount_minor FROM transactions WHERE "
            + condition + ") t JOIN transaction_tags tt ON tt.transaction_id = t.id"
            // SQLite reads an upsert's SELECT unambiguously only with a WHERE of its own.
            + " WHERE TRUE GROUP BY t.user_id, tt.tag_id, t.category_key, t.status, t.currency, t.day, t.account_id"
            + addToExisting
        try await sql.raw(statement).run()
    }

    /// Adds (or with `sign` -1 takes out) every tag the given transactions carry now: around
    /// a change of their tags, out before and in after.
    static func add(tagsOf ids: [Int64], userID: Int64, sign: Int64 = 1, on sql: any SQLDatabase) async throws {
        for chunk in ids.chunked(500) {
            try await add(
                sign: sign, where: "user_id = \(bind: userID) AND kind IS NULL AND id IN (\(binds: Array(chunk)))",
                on: sql)
        }
        if sign < 0 { try await removeEmptied(userID: userID, on: sql) }
    }

    /// Moves the sums of `categories` under category key `target`: their rows' category changes
    /// in one statement (`TransactionReassignment`), not row by row.
    static func move(_ categories: [Int64], to target: Int64, userID: Int64, on sql: any SQLDatabase) async throws {
        let rest = "user_id, tag_id, status, currency, day, account_id"
        try await sql.raw(
            "INSERT INTO \(unsafeRaw: table) (\(unsafeRaw: key), total_minor, count)"
                + " SELECT user_id, tag_id, \(bind: target), status, currency, day, account_id, SUM(total_minor),"
                + " SUM(count) FROM \(unsafeRaw: table) WHERE user_id = \(bind: userID)"
                + " AND category_key IN (\(binds: categories)) GROUP BY \(unsafeRaw: rest)" + addToExisting
        ).run()
        try await sql.raw(
            "DELETE FROM \(unsafeRaw: table) WHERE user_id = \(bind: userID) AND category_key IN (\(binds: categories))"
        ).run()
    }

    /// Deletes the sums a write left at nothing (through their partial index).
    static func removeEmptied(userID: Int64, on sql: any SQLDatabase) async throws {
        try await sql.raw("DELETE FROM \(unsafeRaw: table) WHERE user_id = \(bind: userID) AND count = 0").run()
    }

    /// Whether the sums can answer `query`'s totals: a tag, without words, an import or group rows.
    static func answer(_ query: TransactionQuery) -> Bool {
        query.tagID != nil && query.text == nil && query.importID == nil && !query.onlyGroups
    }

    /// `query`'s tag as a condition on the sums (after AND).
    static func matching(_ query: TransactionQuery) -> SQLQueryString {
        guard let tagID = query.tagID else { return "" }
        return " AND tag_id = \(bind: tagID)"
    }
}
