import FluentKit
import SQLKit

/// Totals of a search from sums, not from every row it finds: "rewe" is in a quarter of a
/// million-row book, and summing those rows took 150–180 ms.
/// - `transaction_payee_totals`: the per-day sums' twin, per payee instead of per day
///   (`SumsTable.payees`), kept by the same writes.
/// - On SQLite, trigram indexes like M024's: `transaction_payee_search` over those sums' payees
///   (a few hundred, not a million), and `transaction_notes_search` over the notes that are not
///   empty. A search's totals are then its payees' sums plus the rows whose notes match and whose
///   payee does not (`SearchTotals`). M024's index over the rows' payees and notes keeps only the
///   payees: a row's notes were indexed twice, and a bank file's long notes made that the
///   import's dearest part. A search's rows are those either index finds. The row indexes keep
///   no sizes (`columnsize = 0`): FTS5 keeps each row's length only to rank by relevance, which
///   Billfold never does (it lists by time), and writing them was a fifth of what the two
///   indexes cost a bulk write (6.6 → 5.3 s for a million rows in `sqlite3`).
///   PostgreSQL matches the sums' payees with `LIKE` and finds the notes through M024's trigram
///   index.
struct M027AddPayeeTotals: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Frozen.Sums.payees.name)
            .field("id", .int64, .identifier(auto: true))
            .field("user_id", .int64, .required, .references("users", .id, onDelete: .cascade))
            .field("category_key", .int64, .required)
            .field("status", .string, .required)
            .field("currency", .string, .required)
            .field("payee", .string, .required)
            .field("account_id", .int64, .required)
            .field("total_minor", .int64, .required)
            .field("count", .int64, .required)
            .create()
        let sql = database.sql
        let table = Frozen.Sums.payees
        try await sql.raw(
            "CREATE UNIQUE INDEX transaction_payee_totals_key ON \(unsafeRaw: table.name) (\(unsafeRaw: table.indexedKey(on: sql)))"
        ).run()
        try await table.rebuild(on: sql)
        guard sql.dialect.name == "sqlite" else { return }
        for statement in Self.sqlite { try await sql.raw(SQLQueryString(statement)).run() }
    }

    func revert(on database: any Database) async throws {
        let sql = database.sql
        if sql.dialect.name == "sqlite" {
            for statement in [
                "DROP TRIGGER transaction_notes_search_insert", "DROP TRIGGER transaction_notes_search_delete",
                "DROP TRIGGER transaction_notes_search_update", "DROP TABLE transaction_notes_search",
                "DROP TRIGGER transaction_payee_search_insert", "DROP TRIGGER transaction_payee_search_delete",
                "DROP TABLE transaction_payee_search",
            ] + Self.dropRowsSearch + M024AddTextSearch.sqlite {
                try await sql.raw(SQLQueryString(statement)).run()
            }
        }
        try await database.schema(Frozen.Sums.payees.name).delete()
    }

    /// Empty notes stay out of the index: nine rows in ten have none.
    static let addNotes =
        "INSERT INTO transaction_notes_search (rowid, notes) SELECT NEW.id, NEW.notes WHERE NEW.notes <> '';"
    static let removeNotes = """
        INSERT INTO transaction_notes_search (transaction_notes_search, rowid, notes)
        SELECT 'delete', OLD.id, OLD.notes WHERE OLD.notes <> '';
        """
    /// The sums' payees never change: an upsert only adds to a row's total and count.
    static let addPayee = "INSERT INTO transaction_payee_search (rowid, payee) VALUES (NEW.id, NEW.payee);"
    static let removePayee = """
        INSERT INTO transaction_payee_search (transaction_payee_search, rowid, payee) VALUES ('delete', OLD.id, OLD.payee);
        """

    static let dropRowsSearch = [
        "DROP TRIGGER transaction_search_insert", "DROP TRIGGER transaction_search_delete",
        "DROP TRIGGER transaction_search_update", "DROP TABLE transaction_search",
    ]
    static let addRowPayee = "INSERT INTO transaction_search (rowid, payee) VALUES (NEW.id, NEW.payee);"
    static let removeRowPayee = """
        INSERT INTO transaction_search (transaction_search, rowid, payee) VALUES ('delete', OLD.id, OLD.payee);
        """

    static let sqlite =
        dropRowsSearch + [
            """
            CREATE VIRTUAL TABLE transaction_search USING fts5(
              payee, content = 'transactions', content_rowid = 'id', tokenize = 'trigram', columnsize = 0)
            """,
            "CREATE TRIGGER transaction_search_insert AFTER INSERT ON transactions BEGIN \(addRowPayee) END",
            "CREATE TRIGGER transaction_search_delete AFTER DELETE ON transactions BEGIN \(removeRowPayee) END",
            "CREATE TRIGGER transaction_search_update AFTER UPDATE OF payee ON transactions BEGIN \(removeRowPayee) \(addRowPayee) END",
            "INSERT INTO transaction_search (transaction_search) VALUES ('rebuild')",
        ] + [
            """
            CREATE VIRTUAL TABLE transaction_notes_search USING fts5(
              notes, content = 'transactions', content_rowid = 'id', tokenize = 'trigram', columnsize = 0)
            """,
            "CREATE TRIGGER transaction_notes_search_insert AFTER INSERT ON transactions BEGIN \(addNotes) END",
            "CREATE TRIGGER transaction_notes_search_delete AFTER DELETE ON transactions BEGIN \(removeNotes) END",
            "CREATE TRIGGER transaction_notes_search_update AFTER UPDATE OF notes ON transactions BEGIN \(removeNotes) \(addNotes) END",
            "INSERT INTO transaction_notes_search (rowid, notes) SELECT id, notes FROM transactions WHERE notes <> ''",
            """
            CREATE VIRTUAL TABLE transaction_payee_search USING fts5(
              payee, content = 'transaction_payee_totals', content_rowid = 'id', tokenize = 'trigram')
            """,
            "CREATE TRIGGER transaction_payee_search_insert AFTER INSERT ON transaction_payee_totals BEGIN \(addPayee) END",
            "CREATE TRIGGER transaction_payee_search_delete AFTER DELETE ON transaction_payee_totals BEGIN \(removePayee) END",
            "INSERT INTO transaction_payee_search (transaction_payee_search) VALUES ('rebuild')",
        ]
}
