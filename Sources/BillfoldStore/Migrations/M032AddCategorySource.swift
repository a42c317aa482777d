import FluentKit
import SQLKit

/// How each transaction got its category (`person`, `rule`, `suggestion`, `import`,
/// `lunchmoney`; NULL while it has none), so rules never overwrite the person's choice and
/// suggestions learn from the person's own decisions. Rows already there: a category the person
/// changed is theirs; otherwise a Lunch Money row's is Lunch Money's, a row brought with its own
/// id (a bank file, PAYBACK, an app's import through `/v1`) the file's, and any other (made by
/// hand, the demo's) the person's.
struct M032AddCategorySource: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = database.sql
        try await sql.raw(
            """
            ALTER TABLE transactions ADD COLUMN category_source TEXT
              CHECK (category_source IN ('person', 'rule', 'suggestion', 'import', 'lunchmoney'))
            """
        ).run()
        try await sql.raw(SQLQueryString(Self.backfill)).run()
    }

    /// Who most likely set each category already there.
    static let backfill = """
        UPDATE transactions SET category_source = CASE
          WHEN EXISTS (SELECT 1 FROM transaction_changes c WHERE c.transaction_id = transactions.id
            AND c.field = 'category') THEN 'person'
          WHEN external_id LIKE 'lunchmoney:%' THEN 'lunchmoney'
          WHEN import_id IS NOT NULL OR (external_id IS NOT NULL AND external_id NOT LIKE 'demo-%')
            THEN 'import'
          ELSE 'person' END
        WHERE category_id IS NOT NULL
        """

    func revert(on database: any Database) async throws {
        try await database.sql.raw("ALTER TABLE transactions DROP COLUMN category_source").run()
    }
}
