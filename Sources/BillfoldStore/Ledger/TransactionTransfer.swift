import BillfoldCore
import SQLKit

/// Transfers between two of the person's accounts: two transactions, one out and one in, that
/// name each other. The per-day sums keep them under their own key, so they move balances and
/// never count as spending or income.
extension TransactionRepository {
    /// Writes both sides and links them; the ids of the side going out and the side coming in.
    public func transfer(
        out: NewTransaction, from: Int64, into: NewTransaction, to: Int64, now: Int64
    ) async throws -> (out: Int64, into: Int64) {
        try Self.refuseTooEarly([out, into])
        return try await atomically { repository in
            let outID = try await repository.insertRows([out], accountID: { _ in from }, now: now, importID: nil)
            let inID = try await repository.insertRows([into], accountID: { _ in to }, now: now, importID: nil)
            guard let outID = outID.first, let inID = inID.first else {
                throw BillfoldError(.conflict, Phrase("error.store.transferNotRecorded"))
            }
            try await repository.link(outID, inID)
            return (outID, inID)
        }
    }

    /// Makes two transactions one transfer: out of the sums as ordinary rows, in as a transfer.
    private func link(_ first: Int64, _ second: Int64) async throws {
        try await TransactionTotals.add(ids: [first, second], userID: userID, sign: -1, on: sql)
        try await sql.raw(
            """
            UPDATE transactions SET transfer_id = CASE WHEN id = \(bind: first) THEN \(bind: second) ELSE \(bind: first) END
            WHERE user_id = \(bind: userID) AND id IN (\(bind: first), \(bind: second))
            """
        ).run()
        try await TransactionTotals.add(ids: [first, second], userID: userID, on: sql)
    }
}
