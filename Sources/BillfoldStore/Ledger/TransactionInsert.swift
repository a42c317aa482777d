import BillfoldCore

/// What an insert returns of each row it wrote: enough for the sums (per day and per payee).
struct InsertedRow {
    var id: Int64
    var account_id: Int64
    var category_id: Int64?
    var status: String
    var currency: String
    var booked_at: Int64
    var amount_minor: Int64
    var payee: String
    var external_id: String?
    var import_key: String?

    init(_ row: StoredRow) throws {
        id = try row.integer("id")
        account_id = try row.integer("account_id")
        category_id = try row.integerOrNil("category_id")
        status = try row.text("status")
        currency = try row.text("currency")
        booked_at = try row.integer("booked_at")
        amount_minor = try row.integer("amount_minor")
        payee = try row.text("payee")
        external_id = try row.textOrNil("external_id")
        import_key = try row.textOrNil("import_key")
    }

    /// Whether this is the row written from `new` (rows are returned in the order sent, some
    /// skipped; only a row with a key can be).
    func isWritten(from new: NewTransaction) -> Bool {
        external_id == new.externalID && import_key == new.importKey
    }
}

extension TransactionRepository {
    /// Billfold keeps no bookings before 1900 (the sums' day numbers start there).
    static func refuseTooEarly(_ transactions: [NewTransaction]) throws {
        // By index, a field at a time: a row handed to a closure is copied, texts and all.
        for index in transactions.indices where transactions[index].bookedAt.epochSeconds < TransactionTotals.earliest {
            throw BillfoldError.validation(
                "bookedAt", Phrase("error.store.bookedBefore1900", ["time": transactions[index].bookedAt.iso8601]))
        }
    }
}

extension TransactionRepository {
    /// Inserts many rows in few statements, skipping any whose external id the user already has,
    /// after the person's rules ran on them (`rules`). Returns the ids of the rows written.
    /// `importID` names the bank file import they come from.
    @discardableResult
    public func insert(
        _ transactions: [NewTransaction], accountID: @escaping @Sendable (NewTransaction) -> Int64, now: Int64,
        importID: Int64? = nil, rules: RulesOnWrite = .personsRules
    ) async throws -> [Int64] {
        try Self.refuseTooEarly(transactions)
        return try await atomically { repository in
            var incoming = try await IncomingRules.load(rules, userID: repository.userID, on: repository.database)
            let ids = try await repository.insertRows(
                transactions, accountID: accountID, now: now, importID: importID, rules: &incoming)
            try await incoming.finish(userID: repository.userID, on: repository.database)
            return ids
        }
    }

    /// Rows per INSERT: 16 values a row, far below both drivers' bind limits.
    static let rowsPerStatement = 1000

    /// Rows written as they are, no rules run (a split's parts, a transfer's two sides: the
    /// person's own, made of what they chose).
    func insertRows(
        _ transactions: [NewTransaction], accountID: @escaping @Sendable (NewTransaction) -> Int64, now: Int64,
        importID: Int64?
    ) async throws -> [Int64] {
        var none = IncomingRules(book: RuleBook([]))
        return try await insertRows(transactions, accountID: accountID, now: now, importID: importID, rules: &none)
    }

    func insertRows(
        _ transactions: [NewTransaction], accountID: @escaping @Sendable (NewTransaction) -> Int64, now: Int64,
        importID: Int64?, rules: inout IncomingRules
    ) async throws -> [Int64] {
        var ids: [Int64] = []
        ids.reserveCapacity(transactions.count)
        var pending = TransactionTotals.Pending()
        let stamp = NewRowStamp(userID: userID, accountID: accountID, now: now, importID: importID)
        for chunk in transactions.chunked(Self.rowsPerStatement) {
            let (rows, matched) = rules.run(chunk, accountID: accountID)
            var sent = 0
            // What the sums need comes back with each inserted row; rows skipped as already there do not.
            for row in try await engine.insert(rows[...], stamp) {
                try pending.add(
                    account: row.account_id, category: row.category_id, status: row.status, currency: row.currency,
                    bookedAt: row.booked_at, payee: row.payee, amount: row.amount_minor)
                ids.append(row.id)
                guard !matched.isEmpty else { continue }
                while sent < rows.count - 1, !row.isWritten(from: rows[sent]) { sent += 1 }
                rules.written(rows[sent], id: row.id, matched: matched[sent])
                sent += 1
            }
        }
        try await pending.write(userID: userID, on: sql)
        return ids
    }
}
