import BillfoldCore
import SQLKit

/// Questions whose filters never meet, answered "nothing" from the sums before any page is
/// walked: an account crossed with categories (the groceries of a points card), a tag crossed
/// with an account or categories it never holds. Each index answers one side, and walking it
/// found nothing after reading all of it (105–245 ms for an account, 60 ms on PostgreSQL for a
/// tag, at a million rows).
extension TransactionRepository {
    /// Whether the query surely holds no row. Everything that could hold one counts as one, so
    /// "nothing" is never wrong: the sums' days or blocks around the range; transfers (their
    /// sums key is their own, whatever category they carry); the rows the sums leave out (split
    /// parents, group rows: few, through their own index). Words only narrow, so are not asked.
    func holdsNothing(_ query: TransactionQuery) async throws -> Bool {
        let categorised = query.categoryIDs != nil || query.uncategorized
        let crossed =
            query.accountID != nil && categorised || query.tagID != nil && (query.accountID != nil || categorised)
        guard crossed, query.importID == nil, !query.onlyGroups else { return false }
        var sums = query
        sums.categoryIDs = query.categoryIDs.map { $0 + [TransactionTotals.transferKey] }
        sums.uncategorized = false
        var counted: SQLQueryString
        let day = TransactionTotals.day
        if let tagID = query.tagID {
            counted =
                "SELECT 1 FROM \(unsafeRaw: TagTotals.table) WHERE user_id = \(bind: userID) AND tag_id = \(bind: tagID)"
            if let lower = query.range.lowerBound { counted += " AND day >= \(bind: day(lower))" }
            if let upper = query.range.upperBound { counted += " AND day <= \(bind: day(upper))" }
        } else {
            let block = { TransactionTotals.floorDivision(day($0), TransactionTotals.blockDays) }
            counted = "SELECT 1 FROM transaction_totals_by_block WHERE user_id = \(bind: userID)"
            if let lower = query.range.lowerBound { counted += " AND block >= \(bind: block(lower))" }
            if let upper = query.range.upperBound { counted += " AND block <= \(bind: block(upper))" }
        }
        counted += " AND count <> 0" + TransactionTotals.conditions(sums)
        if query.uncategorized { counted += " AND category_key IN (0, \(literal: TransactionTotals.transferKey))" }
        var others = query
        others.foldingGroups = false
        others.text = nil
        let uncounted: SQLQueryString =
            "SELECT 1 FROM \(unsafeRaw: engine.rowsWithKind) WHERE user_id = \(bind: userID) AND kind IS NOT NULL"
            + others.conditions(on: sql)
        let found = try await engine.rows(
            "SELECT CASE WHEN EXISTS (" + counted + ") OR EXISTS (" + uncounted + ") THEN 1 ELSE 0 END AS found")
        return try found.first?.integer("found") == 0
    }
}
