import FluentKit
import SQLKit

/// An account's rows newest first, through an index of their own. Without it a page of a quiet
/// account (a savings account, a card used once a month) walked all the person's rows in time
/// order to find fifty of its own: 270 ms for an empty account among a million rows. The
/// import-key index (`M016DropAccountIndex`) starts with the account too, but holds only
/// imported rows and no times. Not led by the person: an index holding the person, the time and
/// the id would cover their other lookups too, and SQLite then read all a person's rows through
/// it and sorted them (a search's page listed by id went from 1 ms to 500).
struct M043IndexAccounts: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql.raw(
            "CREATE INDEX transactions_by_account ON transactions (account_id, booked_at, id)"
        ).run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP INDEX transactions_by_account").run()
    }
}
