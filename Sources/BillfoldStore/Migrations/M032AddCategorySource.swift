import FluentKit
import SQLKit

/// How each transaction got its category (`person`, `rule`, `suggestion`, `import`,
/// `lunchmoney`; NULL while it has none), so rules never overwrite the person's choice and
/// suggestions learn from the person's own decisions. Rows already there: a Lunch Money row's
/// category is Lunch Money's unless it differs from the one last agreed with Lunch Money (or,
/// never synced, the person changed it); a row brought with
/// its own id (a bank file, PAYBACK, an app's import through `/v1`) has the file's unless the
/// person changed it; any other (made by hand, the demo's) is the person's, which a category
/// without a source reads as, so those rows are not rewritten (most of a large book). In one
/// transaction: stopped halfway, it leaves nothing and runs again.
struct M032AddCategorySource: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.transaction { try await Self.add(on: $0.sql) }
    }

    private static func add(on sql: any SQLDatabase) async throws {
        try await sql.raw(
            """
            ALTER TABLE transactions ADD COLUMN category_source TEXT
              CHECK (category_source IN ('person', 'rule', 'suggestion', 'import', 'lunchmoney'))
            """
        ).run()
        try await sql.raw(SQLQueryString(Self.backfill)).run()
    }

    /// Who most likely set each category already there, where it was not the person.
    static let backfill = """
        UPDATE transactions SET category_source = CASE
          WHEN external_id LIKE 'lunchmoney:%' THEN CASE
            WHEN EXISTS (SELECT 1 FROM lunchmoney_synced s WHERE s.transaction_id = transactions.id
              AND (s.category IS NULL OR s.category <> CAST(transactions.category_id AS TEXT))) THEN 'person'
            WHEN NOT EXISTS (SELECT 1 FROM lunchmoney_synced s WHERE s.transaction_id = transactions.id)
              AND EXISTS (SELECT 1 FROM transaction_changes c WHERE c.transaction_id = transactions.id
                AND c.field = 'category') THEN 'person'
            ELSE 'lunchmoney' END
          WHEN EXISTS (SELECT 1 FROM transaction_changes c WHERE c.transaction_id = transactions.id
            AND c.field = 'category') THEN 'person'
          ELSE 'import' END
        WHERE category_id IS NOT NULL AND (import_id IS NOT NULL
          OR (external_id IS NOT NULL AND external_id NOT LIKE 'demo-%'))
        """

    func revert(on database: any Database) async throws {
        try await database.sql.raw("ALTER TABLE transactions DROP COLUMN category_source").run()
    }
}
