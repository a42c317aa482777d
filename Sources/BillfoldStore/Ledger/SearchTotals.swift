import BillfoldCore
import SQLKit

/// A search's totals from the per-payee sums (`M027AddPayeeTotals`) instead of from every row it
/// finds. A row is found when its payee or its notes hold the words, so its totals are the sums
/// of the payees that hold them, plus the rows whose notes hold them and whose payee does not:
/// no row is missed or counted twice. The payees are matched as the rows' search matches them
/// (SQLite's trigram index, PostgreSQL's `LIKE`), so both parts agree with the list's rows.
extension TransactionTotals {
    /// Nil where the sums cannot say: a range (the payee sums know no days), an import, a tag, or
    /// on SQLite words shorter than the trigram index reads (the rows' search uses `LIKE` there).
    static func searched(_ query: TransactionQuery, _ perCategory: Bool, userID: Int64, on sql: any SQLDatabase)
        async throws -> [Row]?
    {
        guard let text = query.text, query.range.lowerBound == nil, query.range.upperBound == nil,
            query.importID == nil, query.tagID == nil, !query.onlyGroups, !query.foldingGroups
        else { return nil }
        let sqlite = sql.engine.searchesFullTextIndexes
        if sqlite && !text.fitsTrigramIndex { return nil }
        let payees: SQLQueryString =
            sqlite
            ? "id IN (" + text.found(in: "transaction_payee_search") + ")"
            : text.contained(in: "payee")
        let ofPayees = try await sums(
            query, perCategory, in: SumsTable.payees.name, by: SumsTable.payees.bucket, nil, nil,
            matching: " AND " + payees, userID: userID, on: sql)
        // A counted row's payee is in the sums, so "its payee does not match" is "not among them".
        let notes: SQLQueryString =
            sqlite
            ? " AND id IN (" + text.found(in: "transaction_notes_search") + ")"
                + " AND payee NOT IN (SELECT payee FROM transaction_payee_totals"
                + " WHERE user_id = \(bind: userID) AND " + payees + ")"
            : " AND " + text.contained(in: "notes") + " AND NOT " + text.contained(in: "payee")
        var rest = query
        rest.text = nil
        let ofNotes = try await scan(rest, perCategory, from: nil, to: nil, matching: notes, userID: userID, on: sql)
        return ofPayees + ofNotes
    }
}
