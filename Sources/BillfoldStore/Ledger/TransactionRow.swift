import BillfoldCore
import SQLKit

/// A row of the transactions table as SQL returns it (and as a delete keeps it for undo).
struct TransactionRow: Codable {
    var id: Int64
    var account_id: Int64
    var booked_at: Int64
    var booked_offset: Int
    var payee: String
    var original_name: String
    var notes: String
    var amount_minor: Int64
    var currency: String
    var category_id: Int64?
    var category_source: String?
    var status: String
    var external_id: String?
    var created_at: Int64
    var updated_at: Int64
    var import_id: Int64?
    var transfer_id: Int64?
    var kind: String?
    var parent_id: Int64?
    var group_id: Int64?
    var source_external_id: String?

    static let columns = SQLQueryString(LedgerColumn.list(LedgerColumn.read))
    /// The same columns of a table aliased `alias`, under their own names (for joins).
    static func columns(of alias: String) -> String { LedgerColumn.list(LedgerColumn.read, of: alias) }

    init(_ row: any SQLRow) throws { try self.init(StoredRow.sql(row)) }

    /// Reads the columns one by one: lists read 50 rows a request, and a keyed Decodable
    /// container costs twice as much.
    init(_ row: StoredRow) throws {
        id = try row.integer("id")
        account_id = try row.integer("account_id")
        booked_at = try row.integer("booked_at")
        booked_offset = Int(try row.integer("booked_offset"))
        payee = try row.text("payee")
        original_name = try row.text("original_name")
        notes = try row.text("notes")
        amount_minor = try row.integer("amount_minor")
        currency = try row.text("currency")
        category_id = try row.integerOrNil("category_id")
        category_source = try row.textOrNil("category_source")
        status = try row.text("status")
        external_id = try row.textOrNil("external_id")
        created_at = try row.integer("created_at")
        updated_at = try row.integer("updated_at")
        import_id = try row.integerOrNil("import_id")
        transfer_id = try row.integerOrNil("transfer_id")
        kind = try row.textOrNil("kind")
        parent_id = try row.integerOrNil("parent_id")
        group_id = try row.integerOrNil("group_id")
        source_external_id = try row.textOrNil("source_external_id")
    }

    /// Who set the category of a row kept before categories kept it (M032's rule without the
    /// history): Lunch Money's row Lunch Money, a row brought with its own id the file, else the
    /// person (no source).
    var sourceBeforeM032: CategorySource? {
        if external_id?.hasPrefix("lunchmoney:") == true { return .lunchMoney }
        if import_id != nil || (external_id.map { !$0.hasPrefix("demo-") } ?? false) { return .importFile }
        return nil
    }

    /// The row's value of `column`, as an undo writes it back.
    func value(_ column: LedgerColumn, userID: Int64, importKey: String?) -> any SQLExpression {
        switch column {
        case .id: SQLBind(id)
        case .userID: SQLBind(userID)
        case .accountID: SQLBind(account_id)
        case .bookedAt: SQLBind(booked_at)
        case .bookedOffset: SQLBind(booked_offset)
        case .payee: SQLBind(payee)
        case .originalName: SQLBind(original_name)
        case .notes: SQLBind(notes)
        case .amountMinor: SQLBind(amount_minor)
        case .currency: SQLBind(currency)
        case .categoryID: SQLBind(category_id)
        case .categorySource: SQLBind(category_source)
        case .status: SQLBind(status)
        case .externalID: SQLBind(external_id)
        case .createdAt: SQLBind(created_at)
        case .updatedAt: SQLBind(updated_at)
        case .importID: SQLBind(import_id)
        case .importKey: SQLBind(importKey)
        case .sourceExternalID: SQLBind(source_external_id)
        case .transferID: SQLBind(transfer_id)
        case .kind: SQLBind(kind)
        case .parentID: SQLBind(parent_id)
        case .groupID: SQLBind(group_id)
        }
    }

    /// Who set a stored category: none without one; the person where the column says nothing.
    static func categorySource(_ categoryID: Int64?, _ stored: String?) -> CategorySource? {
        categoryID == nil ? nil : stored.flatMap(CategorySource.init(rawValue:)) ?? .person
    }

    func transaction() -> Transaction {
        var transaction = Transaction(
            id: id, accountID: account_id,
            bookedAt: BookingTime(epochSeconds: booked_at, offsetSeconds: booked_offset),
            payee: payee, originalName: original_name, notes: notes,
            money: Money(minorUnits: amount_minor, currency: Currency(stored: currency)),
            status: TransactionStatus(rawValue: status) ?? .uncleared, categoryID: category_id,
            externalID: external_id, createdAt: created_at, updatedAt: updated_at,
            importID: import_id)
        // A category deleted without moving its rows (the key's ON DELETE SET NULL) leaves a source behind.
        transaction.categorySource = Self.categorySource(category_id, category_source)
        transaction.transferID = transfer_id
        transaction.kind = kind.flatMap(TransactionKind.init(rawValue:))
        transaction.parentID = parent_id
        transaction.groupID = group_id
        transaction.sourceExternalID = source_external_id
        return transaction
    }
}

extension TransactionQuery {
    /// The WHERE conditions after `user_id = ?`, each starting with AND, for `database`:
    /// a search's words are found through SQLite's full-text indexes (`M027AddPayeeTotals`), and
    /// on PostgreSQL by the LIKE its trigram indexes serve.
    func conditions(on database: any SQLDatabase) -> SQLQueryString {
        conditions(fullTextIndex: database.engine.searchesFullTextIndexes)
    }

    func conditions(fullTextIndex: Bool) -> SQLQueryString {
        var sql: SQLQueryString = ""
        if let ids = categoryIDs {
            sql +=
                ids.count == 1
                ? " AND category_id = \(bind: ids[0])" : " AND category_id IN (\(binds: ids))"
        }
        if uncategorized { sql += " AND category_id IS NULL" }
        if let accountID { sql += " AND account_id = \(bind: accountID)" }
        if let importID { sql += " AND import_id = \(bind: importID)" }
        if let tagID {
            sql += " AND id IN (SELECT transaction_id FROM transaction_tags WHERE tag_id = \(bind: tagID))"
        }
        if onlyGroups { sql += " AND kind = 'group'" }
        if countedOnly { sql += " AND kind IS NULL" }
        if foldingGroups { sql += foldingCondition(fullTextIndex: fullTextIndex) }
        if let status { sql += " AND status = \(bind: status.rawValue)" }
        if withoutPending { sql += " AND status <> \(bind: TransactionStatus.pending.rawValue)" }
        if let lower = range.lowerBound { sql += " AND booked_at >= \(bind: lower)" }
        if let upper = range.upperBound { sql += " AND booked_at < \(bind: upper)" }
        if let text {
            if fullTextIndex && text.fitsTrigramIndex {
                // The trigram indexes (payees, notes) find any run of three or more characters,
                // ignoring case.
                sql +=
                    " AND id IN (" + text.found(in: "transaction_search") + " UNION ALL "
                    + text.found(in: "transaction_notes_search") + ")"
            } else {
                sql += " AND (" + text.contained(in: "payee") + " OR " + text.contained(in: "notes") + ")"
            }
        }
        return sql
    }
}

extension TransactionQuery {
    /// Leaves out a group's members whose group row passes this whole filter (after AND): the
    /// web list shows them under that row. `window`: the person's rows checked are a window's
    /// (`recent`, without their owner's column), not the table's.
    func foldingCondition(fullTextIndex: Bool, window userID: Int64? = nil) -> SQLQueryString {
        // Inside the subquery the bare column names are the group row's (`g`).
        var groupRow = self
        groupRow.foldingGroups = false
        let rows = userID == nil ? "transactions" : "recent"
        let owner: SQLQueryString = userID.map { "\(bind: $0)" } ?? "transactions.user_id"
        return " AND (\(unsafeRaw: rows).group_id IS NULL OR NOT EXISTS (SELECT 1 FROM transactions g"
            + " WHERE g.id = \(unsafeRaw: rows).group_id AND g.user_id = " + owner
            + groupRow.conditions(fullTextIndex: fullTextIndex) + "))"
    }
}

extension String {
    /// Escapes LIKE's wildcards so a search for "50%" finds "50%", not everything.
    var likeEscaped: String {
        replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
    }

    /// Whether SQLite's trigram indexes can find these words: runs of three characters or more.
    var fitsTrigramIndex: Bool { unicodeScalars.count >= 3 }

    /// The (lowercased) words as one quoted FTS5 phrase, so nothing in them is read as syntax.
    var searchPhrase: String { "\"" + replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// The rowids whose text in `index`, one of SQLite's trigram indexes, holds these words.
    func found(in index: String) -> SQLQueryString {
        "SELECT rowid FROM \(unsafeRaw: index) WHERE \(unsafeRaw: index) MATCH \(bind: searchPhrase)"
    }

    /// Whether `column`, lowercased, holds these (lowercased) words: the search without an index.
    func contained(in column: String) -> SQLQueryString {
        "LOWER(\(unsafeRaw: column)) LIKE \(bind: "%" + likeEscaped + "%") ESCAPE '\\'"
    }

    /// The same test as a check of rows read some other way (a tag's, by id): written so no
    /// index can serve it, since PostgreSQL would otherwise cross the words' trigram index with
    /// another one (an account's) and read tens of thousands of rows to check a few thousand.
    func checked(in column: String) -> SQLQueryString { contained(in: column + " || ''") }
}
