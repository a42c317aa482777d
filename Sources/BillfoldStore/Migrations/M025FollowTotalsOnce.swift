import FluentKit
import SQLKit

/// M023's trigger did every change of a per-day row twice: an upsert of it (the common write)
/// took the old sums out of their block and put the new ones in, two upserts and two deletes
/// where one adding the difference does; and a per-day row dropped at zero subtracted nothing.
/// Only an update that moves a row to another key or block still takes out and puts in.
struct M025FollowTotalsOnce: AsyncMigration {
    static func follow(_ row: String, _ sign: String) -> String { M023AddTotalsByBlock.follow(row, sign) }
    static func block(_ row: String) -> String { "\(row).day / \(Frozen.blockDays)" }

    /// An update that keeps the row's key and block: only the difference goes to the block.
    static let sameBlock = """
        NEW.user_id = OLD.user_id AND NEW.category_key = OLD.category_key AND NEW.status = OLD.status
          AND NEW.currency = OLD.currency AND NEW.account_id = OLD.account_id
          AND \(block("NEW")) = \(block("OLD"))
        """
    static let difference = M023AddTotalsByBlock.follow(
        "NEW", block: block("NEW"), total: "NEW.total_minor - OLD.total_minor", count: "NEW.count - OLD.count")
    static let oldHoldsSomething = "(OLD.count <> 0 OR OLD.total_minor <> 0)"

    static let sqliteTriggers = [
        "CREATE TRIGGER transaction_totals_to_blocks_insert AFTER INSERT ON transaction_totals BEGIN "
            + follow("NEW", "") + " END",
        "CREATE TRIGGER transaction_totals_to_blocks_update AFTER UPDATE ON transaction_totals WHEN \(sameBlock) BEGIN "
            + difference + " END",
        "CREATE TRIGGER transaction_totals_to_blocks_move AFTER UPDATE ON transaction_totals WHEN NOT (\(sameBlock))"
            + " BEGIN " + follow("OLD", "-") + follow("NEW", "") + " END",
        "CREATE TRIGGER transaction_totals_to_blocks_delete AFTER DELETE ON transaction_totals"
            + " WHEN \(oldHoldsSomething) BEGIN " + follow("OLD", "-") + " END",
    ]

    static let postgresFunction = """
        CREATE OR REPLACE FUNCTION transaction_totals_to_blocks() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'UPDATE' THEN
            IF \(sameBlock) THEN
              \(difference)
              RETURN NULL;
            END IF;
          END IF;
          IF TG_OP IN ('UPDATE', 'DELETE') THEN
            IF \(oldHoldsSomething) THEN
              \(follow("OLD", "-"))
            END IF;
          END IF;
          IF TG_OP IN ('INSERT', 'UPDATE') THEN
            \(follow("NEW", ""))
          END IF;
          RETURN NULL;
        END $$
        """

    func prepare(on database: any Database) async throws {
        let sql = database.sql
        if sql.dialect.name == "sqlite" {
            for name in ["insert", "update", "delete"] {
                try await sql.raw(SQLQueryString("DROP TRIGGER transaction_totals_to_blocks_\(name)")).run()
            }
            for statement in Self.sqliteTriggers { try await sql.raw(SQLQueryString(statement)).run() }
        } else {
            // The trigger calls the function by name: replacing the function is enough.
            try await sql.raw(SQLQueryString(Self.postgresFunction)).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database.sql
        if sql.dialect.name == "sqlite" {
            for name in ["insert", "update", "move", "delete"] {
                try await sql.raw(SQLQueryString("DROP TRIGGER transaction_totals_to_blocks_\(name)")).run()
            }
            for statement in M023AddTotalsByBlock.sqliteTriggers { try await sql.raw(SQLQueryString(statement)).run() }
        } else {
            try await sql.raw(
                SQLQueryString("CREATE OR REPLACE" + M023AddTotalsByBlock.postgresTriggers[0].dropFirst(6))
            )
            .run()
        }
    }
}
