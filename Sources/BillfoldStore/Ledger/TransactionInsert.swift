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
