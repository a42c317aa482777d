import BillfoldCore
import FluentKit
import SQLKit

/// One user's categories. Read and written with plain SQL: every list request needs the tree,
/// and Fluent's reflective model decoding cost more than the list query itself.
public struct CategoryRepository: Sendable {
    let database: any Database
    let sql: any SQLDatabase
    let userID: Int64

    public init(database: any Database, userID: Int64) {
        self.database = database
        self.sql = database.sql
        self.userID = userID
    }

    /// The source keys of the categories imports made, by category id.
    public func sourceKeys() async throws -> [Int64: String] {
        struct Row: Decodable {
            var id: Int64
            var source_key: String
        }
        let rows = try await sql.raw(
            "SELECT id, source_key FROM categories WHERE user_id = \(bind: userID) AND source_key IS NOT NULL"
        ).all(decoding: Row.self)
        return Dictionary(rows.map { ($0.id, $0.source_key) }, uniquingKeysWith: { first, _ in first })
    }

    /// The user's categories as a tree (once per request that only reads: `CategoryTreeMemo`).
    public func tree() async throws -> CategoryTree {
        if let known = CategoryTreeMemo.current?.tree(of: userID) { return known }
        let tree = CategoryTree(
            try await database.storedRows(CategoryRow.select + " WHERE user_id = \(bind: userID)")
                .map { try CategoryRow.category($0) })
        CategoryTreeMemo.current?.keep(tree, of: userID)
        return tree
    }

    public func find(_ id: Int64) async throws -> Category? {
        try await database.storedRows(CategoryRow.select + " WHERE user_id = \(bind: userID) AND id = \(bind: id)")
            .first.map { try CategoryRow.category($0) }
    }

    /// How many transactions each category holds (uncategorised ones are left out), read from the
    /// 32-day blocks of the sums so it costs the same for a hundred transactions or a million.
    public func sums() async throws -> [Int64: [CurrencyTotal]] {
        struct Row: Decodable {
            var category_key: Int64
            var currency: String
            var total: Int64
            var count: Int64
        }
        let rows = try await sql.raw(
            """
            SELECT category_key, currency, CAST(SUM(total_minor) AS BIGINT) AS total, CAST(SUM(count) AS BIGINT) AS count
            FROM transaction_totals_by_block WHERE user_id = \(bind: userID) AND category_key > 0
            GROUP BY category_key, currency
            """
        ).all(decoding: Row.self)
        var sums: [Int64: [CurrencyTotal]] = [:]
        for row in rows where row.count != 0 {
            let money = Money(minorUnits: row.total, currency: Currency(stored: row.currency))
            sums[row.category_key, default: []].append(CurrencyTotal(money: money, count: Int(row.count)))
        }
        return sums
    }

    /// Each category's own number of transactions (a group's does not include its children's).
    public func transactionCounts() async throws -> [Int64: Int] {
        try await sums().mapValues { $0.reduce(0) { $0 + $1.count } }
    }

    /// Every category with its transaction count and totals.
    public func usage() async throws -> [CategoryUsage] {
        async let tree = tree()
        async let sums = sums()
        return CategoryUsage.collect(try await tree.all, sums: try await sums)
    }

    /// Adds a category the caller has validated.
    public func create(_ draft: CategoryDraft, sourceKey: String? = nil, now: Int64) async throws
        -> Category
    {
        CategoryTreeMemo.current?.forget()
        defer { CategoryTreeMemo.current?.forget() }  // And after: a read beside the write may have kept the old tree.
        struct Inserted: Decodable { var id: Int64 }
        let row = try await sql.insert(into: "categories")
            .columns(
                "user_id", "name", "name_key", "description", "group_id", "is_group", "colour", "icon", "is_income",
                "exclude_from_budget", "exclude_from_totals", "archived", "archived_at", "position", "source_key",
                "created_at"
            )
            .values(
                SQLBind(userID), SQLBind(draft.name), SQLBind(CategoryRules.nameKey(draft.name)),
                SQLBind(draft.description), SQLBind(draft.groupID), SQLBind(draft.isGroup), SQLBind(draft.colour),
                SQLBind(draft.icon), SQLBind(draft.flags.isIncome), SQLBind(draft.flags.excludeFromBudget),
                SQLBind(draft.flags.excludeFromTotals), SQLBind(draft.flags.archived),
                SQLBind(draft.flags.archived ? now : nil), SQLBind(Int64(draft.order)), SQLBind(sourceKey),
                SQLBind(now)
            )
            .returning("id").first(decoding: Inserted.self)
        guard let row else { throw BillfoldError(.internalError, Phrase("error.store.categoryGotNoID")) }
        return Category(
            id: row.id, name: draft.name, description: draft.description, groupID: draft.groupID,
            isGroup: draft.isGroup, colour: draft.colour, icon: draft.icon, flags: draft.flags, order: draft.order,
            createdAt: now)
    }

    /// Replaces a category's fields with a validated draft; nil when the user has no such category.
    public func update(_ id: Int64, _ draft: CategoryDraft, now: Int64) async throws -> Category? {
        CategoryTreeMemo.current?.forget()
        defer { CategoryTreeMemo.current?.forget() }
        guard let old = try await find(id) else { return nil }
        guard CategoryDraft(old) != draft else { return old }
        let archivedAt: SQLQueryString =
            draft.flags.archived == old.flags.archived
            ? "archived_at" : (draft.flags.archived ? "\(bind: now)" : "NULL")
        try await sql.raw(
            """
            UPDATE categories SET name = \(bind: draft.name), name_key = \(bind: CategoryRules.nameKey(draft.name)),
              description = \(bind: draft.description), group_id = \(bind: draft.groupID),
              colour = \(bind: draft.colour), icon = \(bind: draft.icon), is_income = \(bind: draft.flags.isIncome),
              exclude_from_budget = \(bind: draft.flags.excludeFromBudget),
              exclude_from_totals = \(bind: draft.flags.excludeFromTotals), archived = \(bind: draft.flags.archived),
              archived_at = 
            """ + archivedAt
                + ", position = \(bind: Int64(draft.order)), updated_at = \(bind: now) WHERE id = \(bind: id) AND user_id = \(bind: userID)"
        ).run()
        var updated = Category(
            id: id, name: draft.name, description: draft.description, groupID: draft.groupID, isGroup: old.isGroup,
            colour: draft.colour, icon: draft.icon, flags: draft.flags, order: draft.order, createdAt: old.createdAt)
        updated.updatedAt = now
        return updated
    }

    /// Carries out a deletion plan in one database transaction: transactions move first, then a
    /// group's kept children move to the top level, then the categories go.
    public func delete(_ plan: CategoryDeletion.Plan, now: Int64) async throws -> Int {
        CategoryTreeMemo.current?.forget()
        defer { CategoryTreeMemo.current?.forget() }
        return try await database.transaction { db in
            let sql = db.sql
            let moved = try await TransactionRepository(database: db, userID: userID)
                .reassign(from: plan.deleted, to: plan.destination.categoryID, now: now)
            if !plan.movedOut.isEmpty {
                try await sql.raw(
                    """
                    UPDATE categories SET group_id = NULL, updated_at = \(bind: now)
                    WHERE user_id = \(bind: userID) AND id IN (\(binds: plan.movedOut))
                    """
                ).run()
            }
            try await sql.raw(
                "DELETE FROM categories WHERE user_id = \(bind: userID) AND id IN (\(binds: plan.deleted))"
            ).run()
            return moved
        }
    }

    /// The category an import made for `sourceKey`, made now when missing. A category of the
    /// same kind and name already in place is taken over rather than duplicated.
    public func forSource(
        _ sourceKey: String, name: String, groupID: Int64? = nil, isGroup: Bool = false,
        colour: String = "", icon: String = "", description: String = "", flags: CategoryFlags = CategoryFlags(),
        now: Int64
    ) async throws -> Category {
        if let existing = try await database.storedRows(
            CategoryRow.select + " WHERE user_id = \(bind: userID) AND source_key = \(bind: sourceKey)"
        ).first {
            return try CategoryRow.category(existing)
        }
        let tree = try await tree()
        var draft = CategoryDraft(
            name: name, description: description, groupID: groupID, isGroup: isGroup, colour: colour, icon: icon,
            flags: flags)
        var copy = 1
        while let clash = tree.sibling(named: draft.name, in: groupID) {
            if clash.isGroup == isGroup {
                // The same category on both sides: it keeps the source's id from now on.
                try await adopt(sourceKey, for: clash.id)
                return clash
            }
            copy += 1
            draft.name = "\(name) (\(copy))"
        }
        return try await create(draft, sourceKey: sourceKey, now: now)
    }

    /// Gives a category the source's key when it has none yet (and no other category has it).
    public func adopt(_ sourceKey: String, for id: Int64) async throws {
        CategoryTreeMemo.current?.forget()
        defer { CategoryTreeMemo.current?.forget() }
        try await sql.raw(
            """
            UPDATE categories SET source_key = \(bind: sourceKey)
            WHERE user_id = \(bind: userID) AND id = \(bind: id) AND source_key IS NULL
            AND NOT EXISTS (SELECT 1 FROM categories c WHERE c.user_id = \(bind: userID) AND c.source_key = \(bind: sourceKey))
            """
        ).run()
    }

    /// Checks that a transaction may be put in this category: it must be the user's own and not
    /// a group. The same error for a missing and for another user's category.
    public func assignable(_ id: Int64) async throws -> Category {
        guard let category = try await find(id) else {
            throw BillfoldError.validation("categoryId", Phrase("error.core.noCategoryWithID", ["id": String(id)]))
        }
        guard !category.isGroup else {
            throw BillfoldError.validation(
                "categoryId", Phrase("error.store.categoryIsGroup", ["name": category.name]))
        }
        return category
    }
}

/// A `categories` row as the repository reads it.
enum CategoryRow {
    static let select: SQLQueryString = """
        SELECT id, name, description, group_id, is_group, colour, icon, is_income, exclude_from_budget,
          exclude_from_totals, archived, position, created_at, updated_at FROM categories
        """

    /// A row of `select`.
    static func category(_ row: StoredRow) throws -> Category {
        Category(
            id: try row.integer("id"), name: try row.text("name"), description: try row.text("description"),
            groupID: try row.integerOrNil("group_id"), isGroup: try row.flag("is_group"),
            colour: try row.text("colour"), icon: try row.text("icon"),
            flags: CategoryFlags(
                isIncome: try row.flag("is_income"), excludeFromBudget: try row.flag("exclude_from_budget"),
                excludeFromTotals: try row.flag("exclude_from_totals"), archived: try row.flag("archived")),
            order: Int(try row.integer("position")), createdAt: try row.integer("created_at"),
            updatedAt: try row.integerOrNil("updated_at"))
    }
}
