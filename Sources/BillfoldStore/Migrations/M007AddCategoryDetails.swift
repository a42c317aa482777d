import FluentKit
import SQLKit

/// The flags and order categories carry (PRODUCT §3), and a database-level guarantee that names
/// are unique per user within a group, ignoring case.
///
/// `name_key` holds the name as `CategoryRules.nameKey` folds it: SQLite's `lower()` folds ASCII
/// only, so the fold is done in Swift and stored. Earlier duplicates (imports could make them)
/// are renamed "Name (2)" so the unique index can be built.
struct M007AddCategoryDetails: AsyncMigration {
    static let columns = [
        "is_income BOOLEAN NOT NULL DEFAULT false",
        "exclude_from_budget BOOLEAN NOT NULL DEFAULT false",
        "exclude_from_totals BOOLEAN NOT NULL DEFAULT false",
        "archived BOOLEAN NOT NULL DEFAULT false",
        "archived_at BIGINT",
        "position BIGINT NOT NULL DEFAULT 0",
        "name_key TEXT NOT NULL DEFAULT ''",
    ]

    func prepare(on database: any Database) async throws {
        let sql = database.sql
        // One column per statement: SQLite's ALTER TABLE adds one at a time.
        for column in Self.columns {
            try await sql.raw("ALTER TABLE categories ADD COLUMN \(unsafeRaw: column)").run()
        }
        struct Row: Decodable {
            var id: Int64
            var user_id: Int64
            var group_id: Int64?
            var name: String
        }
        let rows = try await sql.raw("SELECT id, user_id, group_id, name FROM categories ORDER BY id")
            .all(decoding: Row.self)
        var taken = Set<String>()
        for row in rows {
            var name = row.name
            var copy = 1
            func slot() -> String { "\(row.user_id)/\(row.group_id ?? 0)/\(Frozen.categoryNameKey(name))" }
            while taken.contains(slot()) {
                copy += 1
                name = "\(row.name) (\(copy))"
            }
            taken.insert(slot())
            try await sql.raw(
                "UPDATE categories SET name = \(bind: name), name_key = \(bind: Frozen.categoryNameKey(name)) WHERE id = \(bind: row.id)"
            ).run()
        }
        try await sql.raw(
            "CREATE UNIQUE INDEX categories_unique_name ON categories (user_id, COALESCE(group_id, 0), name_key)"
        ).run()
    }

    func revert(on database: any Database) async throws {
        let sql = database.sql
        try await sql.raw("DROP INDEX categories_unique_name").run()
        for column in Self.columns.reversed() {
            let name = column.prefix { $0 != " " }
            try await sql.raw("ALTER TABLE categories DROP COLUMN \(unsafeRaw: String(name))").run()
        }
    }
}
