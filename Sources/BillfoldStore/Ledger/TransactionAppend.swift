import BillfoldCore
import FluentKit
import SQLKit

/// The bulk write path: rows the caller knows are new (a bank import whose keys were checked
/// inside the same database transaction, generated demo data) are written without asking each
/// one back. SQLite takes multi-row INSERTs with directly bound values, PostgreSQL a COPY; the
/// sums (per day and per payee) come from the rows in memory and are written once. A row that collides after
/// all (another import of the same file committed first) fails the whole write as a conflict.
extension TransactionRepository {
    /// Writes `transactions` and returns how many; `progress` hears how many are written so far.
    public func append(
        _ transactions: [NewTransaction], accountID: @escaping @Sendable (NewTransaction) -> Int64, now: Int64,
        importID: Int64? = nil, rules: RulesOnWrite = .personsRules,
        progress: @escaping @Sendable (Int) -> Void = { _ in }
    ) async throws -> Int {
        try await append(
            count: transactions.count, accountID: accountID, now: now, importID: importID, rules: rules,
            progress: progress
        ) { Array(transactions[$0]) }
    }

    /// Writes `count` rows that `rows` makes a range at a time (from `0..<count`), and returns
    /// how many. Each range is made, summed and written out as a statement while the database
    /// runs the one before, so a million rows are made on one core as the other writes them.
    public func append(
        count: Int, accountID: @escaping @Sendable (NewTransaction) -> Int64, now: Int64, importID: Int64? = nil,
        rules: RulesOnWrite = .personsRules, progress: @escaping @Sendable (Int) -> Void = { _ in },
        rows: @escaping @Sendable (Range<Int>) throws -> [NewTransaction]
    ) async throws -> Int {
        try await atomically { repository in
            let incoming = try await IncomingRules.load(rules, userID: repository.userID, on: repository.database)
            var batch = Batch(accountID: accountID, rows: rows, rules: incoming)
            let stamp = NewRowStamp(userID: repository.userID, accountID: accountID, now: now, importID: importID)
            try await repository.engine.append(count: count, &batch, stamp, progress: progress)
            // An overflowing volume threw while its rows were made; the rollback takes out what went in.
            try await batch.sums.write(userID: repository.userID, on: repository.sql)
            try await batch.rules.finish(userID: repository.userID, on: repository.database)
            return count
        }
    }

    /// The rows of one bulk write as they are made (the person's rules run on each), and their
    /// sums (per day and per payee).
    struct Batch {
        let accountID: @Sendable (NewTransaction) -> Int64
        let rows: @Sendable (Range<Int>) throws -> [NewTransaction]
        var rules: IncomingRules
        var sums = TransactionTotals.Pending()

        /// The rows of `range`, checked and added to the sums.
        mutating func make(_ range: Range<Int>) throws -> [NewTransaction] {
            var made = try rows(range)
            // Rows written in bulk (bank files, the demo) come without tags of their own: only
            // rules give them any, so without rules they are written as made.
            if !rules.book.isEmpty {
                let (ran, matched) = rules.run(made[...], accountID: accountID)
                for index in ran.indices where !matched[index].isEmpty {
                    rules.written(ran[index], account: accountID(ran[index]), matched: matched[index])
                }
                made = ran
            }
            try TransactionRepository.refuseTooEarly(made)
            // Read in place, not copied row by row (see `BulkRows`).
            try made.withUnsafeBufferPointer { rows in
                for index in rows.indices {
                    try sums.add(
                        account: accountID(rows[index]), category: rows[index].categoryID,
                        status: rows[index].status.rawValue, currency: rows[index].money.currency.code,
                        bookedAt: rows[index].bookedAt.epochSeconds, payee: rows[index].payee,
                        amount: rows[index].money.minorUnits)
                }
            }
            return made
        }
    }
}
