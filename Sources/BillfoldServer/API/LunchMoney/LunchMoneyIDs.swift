import BillfoldCore
import BillfoldStore

/// Transaction ids on `/v1`. A row that came from Lunch Money answers to its Lunch Money id, the
/// one the client knew it by there; every other row to Billfold's own. An id a client sends is
/// looked up as a Lunch Money id first, then as Billfold's (so the native API's ids work too).
struct LunchMoneyIDs: Sendable {
    /// Billfold id → `/v1` id, for the rows of a page and the rows they link to.
    private var known: [Int64: Int64] = [:]

    static func v1(_ transaction: Transaction) -> Int64 {
        LunchMoneyShared.remoteID(transaction.externalID) ?? transaction.id
    }

    /// The `external_id` `/v1` shows, and takes back unchanged in an update: a row from Lunch Money
    /// gives its source's own (often null), not Billfold's key for it; any other row Billfold's.
    static func externalID(of transaction: Transaction) -> String? {
        LunchMoneyShared.remoteID(transaction.externalID) != nil ? transaction.sourceExternalID : transaction.externalID
    }

    /// The `/v1` id of a row on the page or linked from it.
    func v1(_ id: Int64) -> Int64 { known[id] ?? id }

    /// The `/v1` ids of `rows` and of the parents and groups they link to, read once.
    static func of(_ rows: [Transaction], _ service: TransactionService) async throws -> LunchMoneyIDs {
        var ids = LunchMoneyIDs()
        for row in rows { ids.known[row.id] = v1(row) }
        let linked = Set(rows.compactMap(\.parentID) + rows.compactMap(\.groupID)).subtracting(ids.known.keys)
        for row in try await service.find(Array(linked)) { ids.known[row.id] = v1(row) }
        return ids
    }

    /// Billfold's ids of the `/v1` ids a client sent, in order.
    static func local(_ ids: [Int64], _ service: TransactionService) async throws -> [Int64] {
        let found = try await service.ids(externalIDs: ids.map(LunchMoneyShared.externalID))
        return ids.map { found[LunchMoneyShared.externalID($0)] ?? $0 }
    }

    static func local(_ id: Int64, _ service: TransactionService) async throws -> Int64 {
        try await local([id], service)[0]
    }
}
