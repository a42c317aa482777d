import BillfoldCore
import SQLKit

/// Keeps the sums (per day and per payee: `SumsTable`) and reads the per-day ones.
///
/// A query's totals are the sums of the whole UTC days inside its range, read from the
/// aggregates, plus the rows of the partial days at its edges, read from the transactions. A
/// search's totals come from the per-payee sums (`SearchTotals`). Split parents and group rows
/// (`kind` set) are in neither: their parts and members are.
enum TransactionTotals {
    /// Days count from 1900-01-01 so every bucket number is positive and integer division floors
    /// the same way in SQLite and PostgreSQL. Bookings before 1900 are refused.
    static let shift: Int64 = 2_208_988_800
    static let earliest: Int64 = -shift
    static let daySQL = "((booked_at + 2208988800) / 86400)"
    /// Where transfers are summed: they count in an account's balance, never as spending or
    /// income, so no category's (nor the uncategorised 0's) sums hold them.
    static let transferKey: Int64 = -1
    /// A row's category key: its category, 0 for none, `transferKey` for either side of a transfer.
    static let keySQL = "CASE WHEN transfer_id IS NULL THEN COALESCE(category_id, 0) ELSE \(transferKey) END"

    static func day(_ epochSeconds: Int64) -> Int64 { (epochSeconds + shift) / 86_400 }

    /// A range read as the sums can: `whole` for its whole UTC days (the first day starting at or
    /// after its start, up to the day its end falls in; nil bounds open), `edge` for the partial
    /// days at its edges, or for all of it when it holds no whole day.
    static func byDays<Piece>(
        _ range: InstantRange, whole: (_ firstDay: Int64?, _ endDay: Int64?) async throws -> [Piece],
        edge: (InstantRange) async throws -> [Piece]
    ) async throws -> [Piece] {
        let lower = range.lowerBound
        let upper = range.upperBound
        let firstDay = lower.map { day($0 - 1) + 1 }
        let endDay = upper.map { day($0) }
        if let firstDay, let endDay, firstDay >= endDay { return try await edge(range) }
        var pieces = try await whole(firstDay, endDay)
        if let lower, let firstDay, lower < start(ofDay: firstDay) {
            pieces += try await edge(InstantRange(lowerBound: lower, upperBound: start(ofDay: firstDay)))
        }
        if let upper, let endDay, start(ofDay: endDay) < upper {
            pieces += try await edge(InstantRange(lowerBound: start(ofDay: endDay), upperBound: upper))
        }
        return pieces
    }
    static func start(ofDay day: Int64) -> Int64 { day * 86_400 - shift }
    static func daysSince1970(ofDay day: Int64) -> Int64 { day - shift / 86_400 }

    /// Adds the given transactions (by id) to the sums; `sign` -1 takes them out again.
    static func add(ids: [Int64], userID: Int64, sign: Int64 = 1, on sql: any SQLDatabase) async throws {
        guard !ids.isEmpty else { return }
        try await add(matching: "id IN (\(binds: ids))", userID: userID, sign: sign, on: sql)
    }

    /// Adds the user's transactions that match `condition` (SQL after `AND`) to the sums: a
    /// whole import is taken out in one statement, not id by id.
    static func add(matching condition: SQLQueryString, userID: Int64, sign: Int64 = 1, on sql: any SQLDatabase)
        async throws
    {
        for table in SumsTable.all {
            try await table.add(
                sign: sign, where: "user_id = \(bind: userID) AND kind IS NULL AND " + condition, on: sql)
            // A partial index (M028) holds the emptied rows: this reads those, not all the person's.
            if sign < 0 {
                try await sql.raw("DELETE FROM \(unsafeRaw: table.name) WHERE user_id = \(bind: userID) AND count = 0")
                    .run()
            }
        }
        try await TagTotals.add(
            sign: sign, where: "user_id = \(bind: userID) AND kind IS NULL AND " + condition, on: sql)
        if sign < 0 { try await TagTotals.removeEmptied(userID: userID, on: sql) }
    }

    /// Sums gathered in memory from the rows a write inserted, added to the tables once at the
    /// end: a million-row import costs a few dozen statements here, not a second pass over its rows.
    struct Pending {
        /// A sums row's key; `bucket` is the day or the payee (`SumsTable`).
        struct Key<Bucket: Hashable>: Hashable {
            var account: Int64
            var category: Int64
            var status: String
            var currency: String
            var bucket: Bucket
        }

        /// A payee's day, for the per-payee-per-day sums.
        struct PayeeDay: Hashable {
            var payee: Payee
            var day: Int64
        }

        /// A payee compared by its bytes, as the databases compare it: Swift takes "Müller" with
        /// a combining diaeresis for the one written with "ü", which the tables keep apart.
        struct Payee: Hashable {
            var text: String
            static func == (a: Payee, b: Payee) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }
            func hash(into hasher: inout Hasher) {
                // All the bytes at once: byte by byte was a Hasher call per letter, per row.
                let hashed: Void? = text.utf8.withContiguousStorageIfAvailable {
                    hasher.combine(bytes: UnsafeRawBufferPointer($0))
                }
                if hashed == nil { for byte in text.utf8 { hasher.combine(byte) } }
            }
        }

        /// A key's sums; what was spent (the negative amounts) only the day sums keep.
        struct Sum {
            var total: Int64 = 0
            var count: Int64 = 0
            var spent: Int64 = 0
            var spentCount: Int64 = 0
        }

        typealias Sums<Bucket: Hashable> = [Key<Bucket>: Sum]
        private(set) var days: Sums<Int64> = [:]
        private(set) var payees: Sums<Payee> = [:]
        private(set) var payeeDays: Sums<PayeeDay> = [:]
        /// Per currency, the sum of the absolute amounts (for `CurrencyVolumes`).
        private(set) var volumes: [String: Int64] = [:]

        /// Adds one inserted row. A volume that would outgrow 64 bits is refused like the table's.
        mutating func add(
            account: Int64, category: Int64?, status: String, currency: String, bookedAt: Int64, payee: String,
            amount: Int64
        ) throws {
            let (volume, overflow) = volumes[currency, default: 0].addingReportingOverflow(
                Int64(clamping: amount.magnitude))
            if overflow || amount == .min { throw CurrencyVolumes.overflowError }
            volumes[currency] = volume
            // Within the volume, so neither sum can overflow.
            func count<Bucket>(_ sums: inout Sums<Bucket>, _ bucket: Bucket) {
                let key = Key(
                    account: account, category: category ?? 0, status: status, currency: currency, bucket: bucket)
                sums[key, default: Sum()].total += amount
                sums[key, default: Sum()].count += 1
                if amount < 0 {
                    sums[key, default: Sum()].spent += amount
                    sums[key, default: Sum()].spentCount += 1
                }
            }
            let payee = Payee(text: payee)
            let day = day(bookedAt)
            count(&days, day)
            count(&payees, payee)
            count(&payeeDays, PayeeDay(payee: payee, day: day))
        }

        /// Adds the gathered sums to the tables. The volumes first: while a currency's volume fits
        /// in 64 bits every sum of it does, so a write too big is refused there, by name, and not
        /// by a sum overflowing in the database's own words.
        func write(userID: Int64, on sql: any SQLDatabase) async throws {
            try await CurrencyVolumes.add(volumes, userID: userID, on: sql)
            try await Self.write(days, to: .days, userID: userID, on: sql) { "\(bind: $0)" }
            try await Self.write(payees, to: .payees, userID: userID, on: sql) { "\(bind: $0.text)" }
            try await Self.write(payeeDays, to: .payeeDays, userID: userID, on: sql) {
                "\(bind: $0.payee.text), \(bind: $0.day)"
            }
        }

        /// `bucket`: the bucket's values in the order of `SumsTable.bucket`'s columns.
        private static func write<Bucket>(
            _ sums: Sums<Bucket>, to table: SumsTable, userID: Int64, on sql: any SQLDatabase,
            bucket: (Bucket) -> SQLQueryString
        ) async throws {
            for chunk in Array(sums).chunked(1000) {
                let rows = chunk.map { key, sum -> SQLQueryString in
                    let spent: SQLQueryString =
                        table.keepsSpending ? ", \(bind: sum.spent), \(bind: sum.spentCount)" : ""
                    return "(\(bind: userID), \(bind: key.category), \(bind: key.status), \(bind: key.currency), "
                        + "\(bucket(key.bucket)), \(bind: key.account), \(bind: sum.total), \(bind: sum.count)"
                        + spent + ")"
                }
                try await sql.raw(
                    table.insertInto + "VALUES " + rows.joined(separator: ", ") + table.addToExisting(on: sql)
                ).run()
            }
        }
    }

    struct Row: Decodable {
        /// The category's key (0: none) when summed per category, else 0.
        var category_key: Int64
        var currency: String
        var total: Int64
        var count: Int64
    }

    static func read(_ query: TransactionQuery, userID: Int64, on sql: any SQLDatabase) async throws -> [CurrencyTotal]
    {
        let sums = summed(try await rows(query, perCategory: false, userID: userID, on: sql))
        return try sums.sorted { $0.key.currency < $1.key.currency }.map { key, sum in
            CurrencyTotal(
                money: Money(minorUnits: sum.total, currency: try Currency(code: key.currency)), count: Int(sum.count))
        }
    }

    /// The sum and count of each category (nil: uncategorised) and currency in the query.
    static func byCategory(_ query: TransactionQuery, userID: Int64, on sql: any SQLDatabase) async throws
        -> [(categoryID: Int64?, currency: String, total: Int64, count: Int64)]
    {
        summed(try await rows(query, perCategory: true, userID: userID, on: sql)).map { key, sum in
            (key.category == 0 ? nil : key.category, key.currency, sum.total, sum.count)
        }
    }

    struct SumKey: Hashable {
        var category: Int64
        var currency: String
    }

    /// The pieces added up per category key and currency, without the empty ones.
    static func summed(_ rows: [Row]) -> [SumKey: (total: Int64, count: Int64)] {
        var sums: [SumKey: (total: Int64, count: Int64)] = [:]
        for row in rows {
            let key = SumKey(category: row.category_key, currency: row.currency)
            let sum = sums[key, default: (0, 0)]
            sums[key] = (sum.total + row.total, sum.count + row.count)
        }
        return sums.filter { $0.value.count != 0 }
    }

    /// The query's sums in pieces: from the blocks, the whole days around them and the rows of
    /// the partial days at the range's edges (or from the rows alone where the sums cannot say).
    private static func rows(_ query: TransactionQuery, perCategory: Bool, userID: Int64, on sql: any SQLDatabase)
        async throws -> [Row]
    {
        let lower = query.range.lowerBound
        let upper = query.range.upperBound
        if let searched = try await searched(query, perCategory, userID: userID, on: sql) { return searched }
        // The per-day sums know neither words nor imports, and the per-payee ones no days: such
        // queries sum their rows. A tag's sums are its own (`TagTotals`), per day.
        let byTag = TagTotals.answer(query)
        if let words = try await wordsInTag(query, perCategory, userID: userID, on: sql) { return words }
        if query.text != nil || query.importID != nil || (query.tagID != nil && !byTag) || query.onlyGroups {
            return try await scan(query, perCategory, from: lower, to: upper, userID: userID, on: sql)
        }
        return try await byDays(query.range) { firstDay, endDay in
            byTag
                ? try await sums(
                    query, perCategory, in: TagTotals.table, by: "day", firstDay, endDay,
                    matching: TagTotals.matching(query), userID: userID, on: sql)
                : try await aggregates(query, perCategory, days: firstDay, endDay, userID: userID, on: sql)
        } edge: { range in
            try await scan(
                query, perCategory, from: range.lowerBound, to: range.upperBound, userID: userID, on: sql)
        }
    }

    /// The per-day sums rolled up by `M023AddTotalsByBlock`: days 0–31 are block 0, and so on.
    static let blockDays: Int64 = 32

    /// The sums of the whole days from `firstDay` up to `endDay` (nil: unbounded): the whole
    /// blocks among them from the blocks, the days before and after those from the days. Years
    /// cost a few hundred rows, not tens of thousands.
    private static func aggregates(
        _ query: TransactionQuery, _ perCategory: Bool, days firstDay: Int64?, _ endDay: Int64?, userID: Int64,
        on sql: any SQLDatabase
    ) async throws -> [Row] {
        // The first block starting on or after `firstDay`, and the block `endDay` falls in.
        let firstBlock = firstDay.map { -floorDivision(-$0, blockDays) }
        let endBlock = endDay.map { floorDivision($0, blockDays) }
        if let firstBlock, let endBlock, firstBlock >= endBlock {
            return try await sums(
                query, perCategory, in: "transaction_totals", by: "day", firstDay, endDay, userID: userID, on: sql)
        }
        var rows = try await sums(
            query, perCategory, in: "transaction_totals_by_block", by: "block", firstBlock, endBlock, userID: userID,
            on: sql)
        if let firstDay, let firstBlock, firstDay < firstBlock * blockDays {
            rows += try await sums(
                query, perCategory, in: "transaction_totals", by: "day", firstDay, firstBlock * blockDays,
                userID: userID, on: sql)
        }
        if let endDay, let endBlock, endBlock * blockDays < endDay {
            rows += try await sums(
                query, perCategory, in: "transaction_totals", by: "day", endBlock * blockDays, endDay, userID: userID,
                on: sql)
        }
        return rows
    }

    static func floorDivision(_ a: Int64, _ b: Int64) -> Int64 {
        let quotient = a / b
        return a % b < 0 ? quotient - 1 : quotient
    }

    /// The sums of one table (the days or the blocks) from `first` up to `end` of its `unit`.
    static func sums(
        _ query: TransactionQuery, _ perCategory: Bool, in table: String, by unit: String, _ first: Int64?,
        _ end: Int64?, matching: SQLQueryString = "", userID: Int64, on sql: any SQLDatabase
    ) async throws -> [Row] {
        let statement = piece(
            select: """
                \(perCategory ? "category_key" : "CAST(0 AS BIGINT)") AS category_key, currency,
                  CAST(SUM(total_minor) AS BIGINT) AS total, CAST(SUM(count) AS BIGINT) AS count
                """,
            of: query, in: table, by: unit, first, end, userID: userID,
            groupBy: perCategory ? "category_key, currency" : "currency",
            transfers: false, matching: matching)
        return try await sql.raw(statement).all(decoding: Row.self)
    }

    /// Transfers left out of a sums table's rows (their category key is -1). Written with `+`:
    /// as a range on the key's second column it steered SQLite onto the category-led key, which
    /// reads all the person's rows, instead of an index by day or currency (M048); it narrows
    /// nothing an index could use anyway.
    static let withoutTransfers = " AND +category_key >= 0"

    /// One table's (the days' or the blocks') rows of a query from `first` up to `end` of its
    /// `unit`, grouped; transfers (their own key) only when asked for.
    static func piece(
        select: String, of query: TransactionQuery, in table: String, by unit: String, _ first: Int64?,
        _ end: Int64?, userID: Int64, groupBy: String, transfers: Bool, matching: SQLQueryString = ""
    ) -> SQLQueryString {
        var statement: SQLQueryString =
            "SELECT \(unsafeRaw: select) FROM \(unsafeRaw: table) WHERE user_id = \(bind: userID)"
        if !transfers { statement += "\(unsafeRaw: withoutTransfers)" }
        statement += conditions(query)
        if let first { statement += " AND \(unsafeRaw: unit) >= \(bind: first)" }
        if let end { statement += " AND \(unsafeRaw: unit) < \(bind: end)" }
        return statement + matching + " GROUP BY \(unsafeRaw: groupBy)"
    }

    /// A query's account, category and status filters on the sums' columns (after `AND`).
    static func conditions(_ query: TransactionQuery) -> SQLQueryString {
        var statement: SQLQueryString = ""
        if let accountID = query.accountID { statement += " AND account_id = \(bind: accountID)" }
        if let ids = query.categoryIDs { statement += " AND category_key IN (\(binds: ids))" }
        if query.uncategorized { statement += " AND category_key = 0" }
        if let status = query.status { statement += " AND status = \(bind: status.rawValue)" }
        if query.withoutPending { statement += " AND status <> \(bind: TransactionStatus.pending.rawValue)" }
        return statement
    }

    /// The query's rows between `lower` and `upper` summed; `matching` (after AND) narrows them.
    /// `byID`: the rows come from a short list of ids in the conditions (`transactionsByID`).
    static func scan(
        _ query: TransactionQuery, _ perCategory: Bool, from lower: Int64?, to upper: Int64?,
        matching: SQLQueryString = "", byID: Bool = false, userID: Int64, on sql: any SQLDatabase
    ) async throws -> [Row] {
        var slice = query
        slice.range = InstantRange(lowerBound: lower, upperBound: upper)
        let key = perCategory ? "COALESCE(category_id, 0)" : "CAST(0 AS BIGINT)"
        let statement: SQLQueryString =
            """
            SELECT \(unsafeRaw: key) AS category_key, currency, CAST(SUM(amount_minor) AS BIGINT) AS total,
              COUNT(*) AS count
            FROM \(unsafeRaw: byID ? sql.engine.transactionsByID : "transactions")
            WHERE user_id = \(bind: userID) AND transfer_id IS NULL AND kind IS NULL
            """ + slice.conditions(on: sql) + matching
            + (perCategory ? " GROUP BY COALESCE(category_id, 0), currency" : " GROUP BY currency")
        return try await sql.raw(statement).all(decoding: Row.self)
    }
}
