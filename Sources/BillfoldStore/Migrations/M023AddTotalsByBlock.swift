import FluentKit
import SQLKit

/// The per-day sums rolled up into blocks of 32 days (`TransactionTotals.blockDays`), so a total
/// over years reads a few hundred rows instead of tens of thousands: the whole blocks inside a
/// range from here, the days at its edges from the per-day sums.
///
/// A trigger on `transaction_totals` keeps the blocks in step with every write to the per-day
/// sums (an insert, an upsert, a delete, a category's sums moved), in the same database
/// transaction, so no writer has to know of them.
struct M023AddTotalsByBlock: AsyncMigration {
    static let key = "user_id, category_key, status, currency, block, account_id"

    func prepare(on database: any Database) async throws {
        let sql = database.sql
        try await database.schema("transaction_totals_by_block")
            .field("user_id", .int64, .required, .references("users", .id, onDelete: .cascade))
            .field("category_key", .int64, .required)
            .field("status", .string, .required)
            .field("currency", .string, .required)
            .field("block", .int64, .required)
            .field("account_id", .int64, .required)
            .field("total_minor", .int64, .required)
            .field("count", .int64, .required)
            .unique(on: "user_id", "category_key", "status", "currency", "block", "account_id")
            .create()
        for statement in sql.dialect.name == "sqlite" ? Self.sqliteTriggers : Self.postgresTriggers {
            try await sql.raw(SQLQueryString(statement)).run()
        }
        try await sql.raw(
            """
            INSERT INTO transaction_totals_by_block (\(unsafeRaw: Self.key), total_minor, count)
            SELECT user_id, category_key, status, currency, day / \(literal: Frozen.blockDays),
              account_id, SUM(total_minor), SUM(count)
            FROM transaction_totals
            GROUP BY user_id, category_key, status, currency, day / \(literal: Frozen.blockDays), account_id
            """
        ).run()
    }

    func revert(on database: any Database) async throws {
        let sql = database.sql
        if sql.dialect.name == "sqlite" {
            for name in ["insert", "update", "delete"] {
                try await sql.raw(SQLQueryString("DROP TRIGGER transaction_totals_to_blocks_\(name)")).run()
            }
        } else {
            try await sql.raw("DROP TRIGGER transaction_totals_to_blocks ON transaction_totals").run()
            try await sql.raw("DROP FUNCTION transaction_totals_to_blocks()").run()
        }
        try await database.schema("transaction_totals_by_block").delete()
    }

    /// Adds a per-day row's sums (`sign` "+" or "-", of `row` NEW or OLD) to its block, and
    /// drops a block left at zero.
    static func follow(_ row: String, _ sign: String) -> String {
        follow(
            row, block: "\(row).day / \(Frozen.blockDays)", total: "\(sign)\(row).total_minor",
            count: "\(sign)\(row).count")
    }

    /// Adds `total` and `count` to the block `block` of `row`'s key, and drops it if left at zero.
    static func follow(_ row: String, block: String, total: String, count: String) -> String {
        """
        INSERT INTO transaction_totals_by_block (\(key), total_minor, count)
        VALUES (\(row).user_id, \(row).category_key, \(row).status, \(row).currency,
          \(block), \(row).account_id, \(total), \(count))
        ON CONFLICT (\(key)) DO UPDATE SET
          total_minor = transaction_totals_by_block.total_minor + excluded.total_minor,
          count = transaction_totals_by_block.count + excluded.count;
        DELETE FROM transaction_totals_by_block WHERE user_id = \(row).user_id
          AND category_key = \(row).category_key AND status = \(row).status AND currency = \(row).currency
          AND block = \(block) AND account_id = \(row).account_id AND count = 0;
        """
    }

    static let sqliteTriggers = [
        "CREATE TRIGGER transaction_totals_to_blocks_insert AFTER INSERT ON transaction_totals BEGIN "
            + follow("NEW", "") + " END",
        "CREATE TRIGGER transaction_totals_to_blocks_update AFTER UPDATE ON transaction_totals BEGIN "
            + follow("OLD", "-") + follow("NEW", "") + " END",
        "CREATE TRIGGER transaction_totals_to_blocks_delete AFTER DELETE ON transaction_totals BEGIN "
            + follow("OLD", "-") + " END",
    ]

    static let postgresTriggers = [
        """
        CREATE FUNCTION transaction_totals_to_blocks() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP IN ('UPDATE', 'DELETE') THEN
            \(follow("OLD", "-"))
          END IF;
          IF TG_OP IN ('INSERT', 'UPDATE') THEN
            \(follow("NEW", ""))
          END IF;
          RETURN NULL;
        END $$
        """,
        """
        CREATE TRIGGER transaction_totals_to_blocks AFTER INSERT OR UPDATE OR DELETE ON transaction_totals
        FOR EACH ROW EXECUTE FUNCTION transaction_totals_to_blocks()
        """,
    ]
}
