import BillfoldCore
import SQLKit

/// The list's pages, newest first: from a window of the newest rows where that answers soonest,
/// else from the query's own indexes, a tag's from its list in time order.
extension TransactionRepository {
    /// A page of the query, newest first (ties by id), starting after `cursor`.
    /// Returns the rows and the cursor of the next page, nil on the last.
    public func page(_ query: TransactionQuery, after cursor: TransactionCursor?, limit: Int)
        async throws -> (transactions: [Transaction], next: TransactionCursor?)
    {
        if try await holdsNothing(query) { return ([], nil) }
        // A rare word's own index lists fewer rows than the window would read: its rows, by id
        // where the words are a list of ids (SQLite's full-text indexes; else `LIKE` checks rows).
        var rare = false
        if let text = query.text { rare = try await rowsWithPayees(holding: text) <= Self.searchWindow }
        let recent = rare ? nil : try await recentMatches(query, after: cursor, limit: limit + 1)
        var rows = recent?.rows ?? []
        if rows.count <= limit && recent?.complete != true {
            let listed = rare ? try await listsFewRows(query.text) : false
            rows = try await engine.rows(pageStatement(query, after: cursor, limit: limit + 1, byID: listed))
                .map(TransactionRow.init)
        }
        let transactions = rows.prefix(limit).map { $0.transaction() }
        let next =
            rows.count > limit
            ? transactions.last.map { TransactionCursor(bookedAt: $0.bookedAt.epochSeconds, id: $0.id) }
            : nil
        return (transactions, next)
    }

    /// How many of the newest rows a search or a category group reads before it asks its index.
    static let searchWindow = 2000

    /// For a search or a category group, its matches among the newest rows the rest of the
    /// filter reaches. A common word ("rewe" in a quarter of the rows) or a big group (Food, two
    /// thirds) fills a page there after a few dozen rows, where the word's index would first list
    /// every row that has it, and the group's keysets read a page per category; a rare word (the
    /// payee sums count its rows) goes straight to its index. And where the rest of the filter
    /// reaches fewer rows than the window (a status in a past quarter, the uncategorised), the
    /// window has read them all: its matches are the whole answer (`complete`), however few. Nil
    /// when there is nothing to try. The web's folded list checks its group rule on the window's
    /// rows with the whole filter, as the group's own row must pass it. The window matches words
    /// with `LIKE`, as PostgreSQL's search does; on SQLite only words of three ASCII characters or
    /// more, since `LIKE` there folds only A–Z where the index (which the totals and later pages
    /// use) folds every letter, so "müller" must not find "MÜLLER" in one and miss it in the
    /// other. Not for pages so big (a feed's, an export's) that the window seldom fills them.
    func recentMatches(_ query: TransactionQuery, after cursor: TransactionCursor?, limit: Int)
        async throws -> (rows: [TransactionRow], complete: Bool)?
    {
        guard limit * 4 <= Self.searchWindow else { return nil }
        var recent = query
        recent.foldingGroups = false
        // What the window's rows are then checked for.
        var checked = TransactionQuery.everything
        var also: SQLQueryString = ""
        if let text = query.text {
            let sqlite = engine.searchesFullTextIndexes
            guard !sqlite || (text.fitsTrigramIndex && text.allSatisfy(\.isASCII)) else { return nil }
            recent.text = nil
            checked.text = text
        }
        if let ids = query.categoryIDs, ids.count > 1 {
            recent.categoryIDs = nil
            checked.categoryIDs = ids
        }
        guard checked != .everything else { return nil }
        if query.foldingGroups { also += query.foldingCondition(fullTextIndex: false, window: userID) }
        let window = pageStatement(recent, after: cursor, limit: Self.searchWindow)
        let statement: SQLQueryString =
            "SELECT * FROM (" + window + ") AS recent WHERE TRUE" + checked.conditions(fullTextIndex: false) + also
            + " ORDER BY booked_at DESC, id DESC LIMIT \(literal: limit)"
        let rows = try await engine.rows(statement).map(TransactionRow.init)
        guard rows.count < limit else { return (rows, false) }
        let read = try await engine.rows(
            "SELECT COUNT(*) AS read FROM ("
                + pageStatement(recent, after: cursor, limit: Self.searchWindow, columns: "id")
                + ") AS recent")
        return (rows, try read.first?.integer("read") ?? 0 < Int64(Self.searchWindow))
    }

    /// Whether the words find their rows as a short list of ids (SQLite's full-text indexes), the
    /// notes' matches too: a word in every note ("Kartenzahlung") would list a million ids to
    /// sort, where walking the rows in time order stops at a page. Counted up to the window.
    private func listsFewRows(_ text: String?) async throws -> Bool {
        guard let text, engine.searchesFullTextIndexes, text.fitsTrigramIndex else { return false }
        let notes = try await engine.rows(
            "SELECT COUNT(*) AS found FROM (SELECT rowid FROM transaction_notes_search WHERE transaction_notes_search"
                + " MATCH \(bind: text.searchPhrase) LIMIT \(literal: Self.searchWindow + 1)) AS notes")
        return try notes.first?.integer("found") ?? 0 <= Int64(Self.searchWindow)
    }

    /// How many of the person's rows have a payee holding the words, from the per-payee sums.
    private func rowsWithPayees(holding text: String) async throws -> Int64 {
        let sqlite = engine.searchesFullTextIndexes
        let holding = TransactionTotals.payees(holding: text, userID: userID, sqlite: sqlite).holdsWords
        let found = try await engine.rows(
            "SELECT CAST(COALESCE(SUM(count), 0) AS BIGINT) AS found FROM transaction_payee_totals"
                + " WHERE user_id = \(bind: userID) AND " + holding)
        return try found.first?.integer("found") ?? 0
    }

    /// Newest first after the cursor. A group's categories are read one keyset each and merged,
    /// so the database never sorts all of a group's rows to find the newest few; each keyset
    /// reads only the time and id its index holds, and only the page's rows are read whole (half
    /// the statement's time for a group of four).
    /// `columns`: what each row of the page gives (all a transaction's, or only what a count needs).
    /// `byID`: the rows are few and listed by id (a rare word's), so they are read by id and
    /// sorted, where SQLite would walk all the person's rows in time order probing the list.
    func pageStatement(
        _ query: TransactionQuery, after cursor: TransactionCursor?, limit: Int,
        columns pageColumns: SQLQueryString = TransactionRow.columns, byID: Bool = false
    ) -> SQLQueryString {
        func select(
            _ query: TransactionQuery, columns: SQLQueryString = pageColumns, also: SQLQueryString = ""
        )
            -> SQLQueryString
        {
            let rows = rowsRead(query, byID: byID)
            var statement: SQLQueryString = "SELECT " + columns + rows.from + also
            if let cursor {
                statement +=
                    " AND (\(unsafeRaw: rows.time), \(unsafeRaw: rows.id)) < (\(bind: cursor.bookedAt), \(bind: cursor.id))"
            }
            return statement
                + " ORDER BY \(unsafeRaw: rows.time) DESC, \(unsafeRaw: rows.id) DESC LIMIT \(literal: limit)"
        }
        // A tag's own list is walked once, whatever categories it is checked for.
        guard let ids = query.categoryIDs, ids.count > 1, query.tagID == nil else { return select(query) }
        // A member is folded under its group row when that row passes the whole filter, not
        // only the arm's one category.
        let folding: SQLQueryString =
            query.foldingGroups ? query.foldingCondition(fullTextIndex: engine.searchesFullTextIndexes) : ""
        let arms = ids.map { id -> SQLQueryString in
            var one = query
            one.categoryIDs = [id]
            one.foldingGroups = false
            return "SELECT * FROM (" + select(one, columns: "booked_at, id", also: folding)
                + ") AS c\(unsafeRaw: String(id))"
        }
        let newest: SQLQueryString =
            "SELECT id FROM (" + arms.joined(separator: " UNION ALL ")
            + ") AS keys ORDER BY booked_at DESC, id DESC LIMIT \(literal: limit)"
        // The page's rows by id: SQLite would rather walk the person's index in time order and
        // probe the list with each row than sort fifty (`transactionsByID`).
        return "SELECT " + pageColumns + " FROM \(unsafeRaw: engine.transactionsByID) WHERE user_id = \(bind: userID)"
            + " AND id IN (" + newest + ") ORDER BY booked_at DESC, id DESC"
    }

    /// Where a statement reads `query`'s rows from (`FROM … WHERE`, with the query's conditions)
    /// and the columns that order them by time: a tag's rows through the tag's own list in the
    /// order of their times (`M042AddTagTimes`), walked first (`orderedJoin`), so a page reads a
    /// page's worth of the list instead of all of it sorted; any other query's from the rows.
    func rowsRead(_ query: TransactionQuery, byID: Bool = false) -> (from: SQLQueryString, time: String, id: String) {
        guard let tagID = query.tagID else {
            let table = byID ? engine.transactionsByID : "transactions"
            return (
                " FROM \(unsafeRaw: table) WHERE user_id = \(bind: userID)" + query.conditions(on: sql), "booked_at",
                "id"
            )
        }
        var rest = query
        rest.tagID = nil
        rest.text = nil
        // The group rule asks of the group's row the whole filter, the tag and words too.
        rest.foldingGroups = false
        let folding: SQLQueryString =
            query.foldingGroups ? query.foldingCondition(fullTextIndex: engine.searchesFullTextIndexes) : ""
        // Words are checked on the tag's rows as they come, not listed first.
        let words = query.text.map { TransactionTotals.wordsChecked($0, userID: userID, on: sql) } ?? ""
        let from: SQLQueryString =
            " FROM (SELECT transaction_id AS tagged_id, booked_at AS tagged_at FROM transaction_tags"
            + " WHERE tag_id = \(bind: tagID)) AS tagged \(unsafeRaw: engine.orderedJoin) transactions"
            + " ON transactions.id = tagged.tagged_id WHERE transactions.user_id = \(bind: userID)"
            + rest.conditions(on: sql) + words + folding
        return (from, "tagged.tagged_at", "tagged.tagged_id")
    }
}
