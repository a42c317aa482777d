import BillfoldCore
import SQLKit

/// A search's totals from sums instead of from every row it finds. A row is found when its payee
/// or its notes hold the words, so its totals are the sums of the payees that hold them, plus the
/// rows whose notes hold them and whose payee does not: no row is missed or counted twice. The
/// payees are matched as the rows' search matches them (SQLite's trigram index, PostgreSQL's
/// `LIKE`), so both parts agree with the list's rows. Without a range the per-payee sums
/// (`M027AddPayeeTotals`) answer; over a range the per-payee-per-day ones (`M041AddPayeeDayTotals`)
/// answer its whole days, and the rows of those payees its partial days at the edges.
extension TransactionTotals {
    /// Nil where the sums cannot say: an import, a tag, group rows, or on SQLite words shorter
    /// than the trigram index reads (the rows' search uses `LIKE` there).
    static func searched(_ query: TransactionQuery, _ perCategory: Bool, userID: Int64, on sql: any SQLDatabase)
        async throws -> [Row]?
    {
        guard let text = query.text, query.importID == nil, query.tagID == nil, !query.onlyGroups,
            !query.foldingGroups
        else { return nil }
        let sqlite = sql.engine.searchesFullTextIndexes
        if sqlite && !text.fitsTrigramIndex { return nil }
        let (holdsWords, found) = payees(holding: text, userID: userID, sqlite: sqlite)
        var rest = query
        rest.text = nil
        let lower = query.range.lowerBound
        let upper = query.range.upperBound
        var rows: [Row]
        if lower == nil && upper == nil {
            rows = try await sums(
                query, perCategory, in: SumsTable.payees.name, by: SumsTable.payees.bucket, nil, nil,
                matching: " AND " + holdsWords, userID: userID, on: sql)
        } else {
            rows = try await overRange(
                query, perCategory, found: found, holdsWords: holdsWords, sqlite: sqlite, userID: userID, on: sql)
        }
        let notes: SQLQueryString =
            sqlite
            ? " AND id IN (" + text.found(in: "transaction_notes_search") + ") AND payee NOT IN (" + found + ")"
            : " AND " + text.contained(in: "notes") + " AND NOT " + text.contained(in: "payee")
        rows += try await scan(
            rest, perCategory, from: lower, to: upper, matching: notes, byID: true, userID: userID, on: sql)
        return rows
    }

    /// A tag narrowed by words: the tag's rows (its per-day sums know no payees) that hold them,
    /// found by id from the tag's list, a payee's words among the payees found, not through the
    /// rows' own index (a common word's list is a quarter of the book). Nil for other queries.
    static func wordsInTag(_ query: TransactionQuery, _ perCategory: Bool, userID: Int64, on sql: any SQLDatabase)
        async throws -> [Row]?
    {
        guard let text = query.text, query.tagID != nil, query.importID == nil, !query.onlyGroups else { return nil }
        var rest = query
        rest.text = nil
        return try await scan(
            rest, perCategory, from: query.range.lowerBound, to: query.range.upperBound,
            matching: wordsChecked(text, userID: userID, on: sql), byID: true, userID: userID, on: sql)
    }

    /// The words as a check of each row read some other way (after AND): its payee among the
    /// payees found, or its notes among those the notes' index finds. Both lists are short where
    /// the rows' own index would list a quarter of the book for a common word. A group row or
    /// split parent is in no sums, so its payee is looked up in the rows' index by its own id.
    static func wordsChecked(_ text: String, userID: Int64, on sql: any SQLDatabase) -> SQLQueryString {
        guard sql.engine.searchesFullTextIndexes && text.fitsTrigramIndex else {
            return " AND (" + text.checked(in: "payee") + " OR " + text.checked(in: "notes") + ")"
        }
        return " AND (payee IN (" + payees(holding: text, userID: userID, sqlite: true).found + ")"
            + " OR id IN (" + text.found(in: "transaction_notes_search") + ")"
            + " OR (kind IS NOT NULL AND EXISTS (SELECT 1 FROM transaction_search WHERE transaction_search MATCH"
            + " \(bind: text.searchPhrase) AND rowid = transactions.id)))"
    }

    /// Which of the per-payee sums hold the words (after AND), and the payees found that way: every
    /// counted row's payee is among those sums.
    static func payees(holding text: String, userID: Int64, sqlite: Bool) -> (
        holdsWords: SQLQueryString, found: SQLQueryString
    ) {
        let holdsWords: SQLQueryString =
            sqlite
            ? "id IN (" + text.found(in: "transaction_payee_search") + ")"
            : text.contained(in: "payee")
        return (
            holdsWords, "SELECT payee FROM transaction_payee_totals WHERE user_id = \(bind: userID) AND " + holdsWords
        )
    }

    /// The found payees' sums over the query's range: whole days from the per-payee-per-day sums,
    /// the partial days at the edges from those payees' rows.
    private static func overRange(
        _ query: TransactionQuery, _ perCategory: Bool, found: SQLQueryString, holdsWords: SQLQueryString,
        sqlite: Bool, userID: Int64, on sql: any SQLDatabase
    ) async throws -> [Row] {
        var rest = query
        rest.text = nil
        let ofPayees: SQLQueryString = " AND payee IN (" + found + ")"
        // PostgreSQL's index holds the payee by its MD5.
        let ofDays: SQLQueryString =
            sqlite
            ? ofPayees
            : " AND md5(payee) IN (SELECT md5(payee) FROM transaction_payee_totals WHERE user_id = \(bind: userID)"
                + " AND " + holdsWords + ")"
        return try await byDays(query.range) { firstDay, endDay in
            try await sums(
                query, perCategory, in: SumsTable.payeeDays.name, by: "day", firstDay, endDay, matching: ofDays,
                userID: userID, on: sql)
        } edge: { range in
            try await scan(
                rest, perCategory, from: range.lowerBound, to: range.upperBound, matching: ofPayees, userID: userID,
                on: sql)
        }
    }
}
