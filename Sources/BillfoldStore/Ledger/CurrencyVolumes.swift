import BillfoldCore
import SQLKit

/// Each user's volume per currency: the sum of the absolute amounts of their transactions.
///
/// Any sum of a user's amounts in a currency (a day, a category, a search, everything) is at most
/// this volume, so while the volume fits in 64 bits every sum is exact. The volume only grows; a
/// write that would push it past 64 bits fails (PostgreSQL's BIGINT overflow, SQLite's CHECK on the
/// column's type) and is refused as a whole, with the field error below.
enum CurrencyVolumes {
    /// Adds volumes gathered in memory (`TransactionTotals.Pending`).
    static func add(_ volumes: [String: Int64], userID: Int64, on sql: any SQLDatabase) async throws {
        guard !volumes.isEmpty else { return }
        var insert = sql.insert(into: "currency_volumes").columns("user_id", "currency", "volume_minor")
        for (currency, volume) in volumes.sorted(by: { $0.key < $1.key }) {
            insert = insert.values(SQLBind(userID), SQLBind(currency), SQLBind(volume))
        }
        do {
            try await insert.onConflict(with: ["user_id", "currency"]) {
                $0.set(
                    SQLIdentifier("volume_minor"), to: SQLRaw("currency_volumes.volume_minor + excluded.volume_minor"))
            }.run()
        } catch  where isOverflow(error) {
            throw overflowError
        }
    }

    static let overflowError: BillfoldError = {
        let message = Phrase("error.store.sumsWouldOverflow")
        return BillfoldError(.invalidAmount, message, fields: ["amount": message])
    }()

    /// The drivers' overflow errors: SQLite's "integer overflow" from SUM or the CHECK on the
    /// column, PostgreSQL's SQLSTATE 22003. (Read from the error's full text: the store does not
    /// link the drivers' error types, and PostgreSQL's short description hides the state.)
    static func isOverflow(_ error: any Error) -> Bool {
        let text = String(reflecting: error)
        return text.contains("integer overflow") || text.contains("CHECK constraint failed")
            || text.contains("22003") || text.contains("out of range")
    }
}
