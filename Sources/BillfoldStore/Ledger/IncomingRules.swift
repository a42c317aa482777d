import BillfoldCore
import FluentKit
import SQLKit

/// Whether the person's rules run on rows being written. Every way a transaction comes in runs
/// them (the default of `TransactionRepository.insert` and `append`); the one exception writes a
/// copy of another ledger's rows (a Lunch Money pull), whose rule changes are then made as
/// changes, so they reach the other side.
public enum RulesOnWrite: Sendable {
    case personsRules
    case none
}

/// The person's rules as they run on one write of new rows, inside its database transaction:
/// each row changed before it is written, then the tags rules gave and how often each rule
/// matched written beside the rows.
struct IncomingRules {
    let book: RuleBook
    private(set) var counts: [Int64: Int] = [:]
    /// Each written row that rules tagged, with its tags.
    private(set) var tagged: [(id: Int64, tags: [Int64])] = []
    /// Rows written without their ids being read back (the bulk path), found again by key.
    private(set) var taggedByKey: [(account: Int64, importKey: String, tags: [Int64])] = []

    static func load(_ rules: RulesOnWrite, userID: Int64, on database: any Database) async throws -> IncomingRules {
        switch rules {
        case .none: IncomingRules(book: RuleBook([]))
        case .personsRules: IncomingRules(book: try await RuleRepository(database: database, userID: userID).book())
        }
    }

    /// The rows with the rules run on them, and for each the rules that matched; no list at all
    /// when there is nothing to write beside the rows (no rules, no tags).
    func run(_ rows: ArraySlice<NewTransaction>, accountID: (NewTransaction) -> Int64)
        -> (rows: [NewTransaction], matched: [[Int64]])
    {
        var rows = Array(rows)
        guard !book.isEmpty else {
            let tagged = rows.contains { !$0.tagIDs.isEmpty }
            return (rows, tagged ? Array(repeating: [], count: rows.count) : [])
        }
        var matched: [[Int64]] = []
        matched.reserveCapacity(rows.count)
        var texts = RuleTexts()
        for index in rows.indices {
            let account = accountID(rows[index])
            matched.append(book.apply(to: &rows[index], accountID: account, texts: &texts))
        }
        return (rows, matched)
    }

    /// Notes a row as written with id `id`.
    mutating func written(_ row: NewTransaction, id: Int64, matched: [Int64]) {
        for rule in matched { counts[rule, default: 0] += 1 }
        if !row.tagIDs.isEmpty { tagged.append((id, row.tagIDs)) }
    }

    /// Notes a row written by the bulk path, whose id is not read back.
    mutating func written(_ row: NewTransaction, account: Int64, matched: [Int64]) {
        for rule in matched { counts[rule, default: 0] += 1 }
        if !row.tagIDs.isEmpty, let key = row.importKey { taggedByKey.append((account, key, row.tagIDs)) }
    }

    /// Writes the tags and the rules' counts.
    func finish(userID: Int64, on database: any Database) async throws {
        let sql = database.sql
        var lines = tagged.flatMap { row in row.tags.map { (row.id, $0) } }
        for (account, keys) in Dictionary(grouping: taggedByKey, by: \.account) {
            struct Found: Decodable {
                var id: Int64
                var import_key: String
            }
            let tags = Dictionary(keys.map { ($0.importKey, $0.tags) }, uniquingKeysWith: { a, _ in a })
            for chunk in Array(tags.keys).chunked(500) {
                let found = try await sql.raw(
                    """
                    SELECT id, import_key FROM transactions WHERE user_id = \(bind: userID)
                    AND account_id = \(bind: account) AND import_key IN (\(binds: Array(chunk)))
                    """
                ).all(decoding: Found.self)
                for row in found { lines += (tags[row.import_key] ?? []).map { (row.id, $0) } }
            }
        }
        for chunk in lines.chunked(500) {
            var insert = sql.insert(into: "transaction_tags").columns("transaction_id", "tag_id", "user_id")
            for (id, tag) in chunk { insert = insert.values(SQLBind(id), SQLBind(tag), SQLBind(userID)) }
            try await insert.run()
        }
        // The rows are new, so the tags written here are all they carry.
        try await TagTotals.add(tagsOf: Array(Set(lines.map(\.0))), userID: userID, on: sql)
        try await RuleRepository(database: database, userID: userID).countMatches(counts)
    }
}
