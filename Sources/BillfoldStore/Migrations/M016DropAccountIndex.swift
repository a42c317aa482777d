import FluentKit
import SQLKit

/// `transactions_by_account (account_id)` has been redundant since M015: the unique import-key
/// index starts with `account_id` and answers the same lookups (an account's rows, the check
/// before an account is deleted). One index fewer to keep is a ninth less work for every row a
/// bank import or the demo writes.
struct M016DropAccountIndex: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql.raw("DROP INDEX transactions_by_account").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("CREATE INDEX transactions_by_account ON transactions (account_id)").run()
    }
}
