import BillfoldAPI
import BillfoldCore
import Foundation
import Vapor

/// `/v1/transactions...` in Lunch Money's shapes (reference §3.4–3.7), over the same store and
/// rules as the native API.
struct LunchMoneyTransactionsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(LunchMoneyAPI.transactions, use: list)
        routes.on(LunchMoneyAPI.addTransactions, use: insert)
        routes.on(LunchMoneyAPI.transaction, use: show)
        routes.on(LunchMoneyAPI.changeTransaction, use: update)
        routes.on(LunchMoneyAPI.unsplit, use: unsplit)
        routes.on(LunchMoneyAPI.transactionGroup, use: showGroup)
        routes.on(LunchMoneyAPI.addTransactionGroup, use: addGroup)
        routes.on(LunchMoneyAPI.deleteTransactionGroup, use: deleteGroup)
    }

    static let defaultLimit = 1000

    /// Dates both or neither (the current month by default), oldest first then by id, `offset`
    /// and `limit` (default 1000), and `has_more`.
    func list(request: Request) async throws -> Response {
        let user = try request.user
        let zone = user.preferences.zone
        let q = try request.query.decode([String: String].self)
        let tree = try await request.categoryService.tree()
        var query = TransactionQuery(range: Month(request.now, in: zone).range(in: zone))
        switch (q["start_date"], q["end_date"]) {
        case (nil, nil): break
        case (let start?, let end?):
            let from = try Self.day(start, "start_date")
            let to = try Self.day(end, "end_date")
            guard from <= to else { throw BillfoldError.validation("end_date", Phrase("error.http.lmEndBeforeStart")) }
            query.range = try InstantRange(from: from, to: to, in: zone)
        default:
            throw BillfoldError.validation("start_date", Phrase("error.http.lmDatesBothOrNeither"))
        }
        if let status = q["status"], !status.isEmpty { query.status = try TransactionStatus(parsing: status) }
        // Pending rows only when asked for (or when the status asked for is pending).
        query.withoutPending = q["pending"] != "true" && query.status == nil
        if let text = q["category_id"] {
            guard let id = Int64(text), tree.category(id) != nil else {
                return try await Self.page([], more: false, request)
            }
            query.categoryIDs = tree.idsMatching(id)
        }
        if let text = q["asset_id"] {
            guard let id = Int64(text) else { return try await Self.page([], more: false, request) }
            query.accountID = id
        }
        if let text = q["tag_id"] {
            guard let id = Int64(text) else { return try await Self.page([], more: false, request) }
            query.tagID = id
        }
        query.onlyGroups = q["is_group"] == "true"
        // Billfold keeps no recurring items or Plaid accounts: such filters match nothing.
        if q["recurring_id"] != nil || q["plaid_account_id"] != nil {
            return try await Self.page([], more: false, request)
        }
        let offset = try Self.whole(q["offset"], "offset", default: 0, range: 0...Int(Int32.max))
        let limit = try Self.whole(q["limit"], "limit", default: Self.defaultLimit, range: 1...Self.defaultLimit)
        let rows = try await request.transactionService.oldestFirst(query, offset: offset, limit: limit + 1)
        return try await Self.page(Array(rows.prefix(limit)), more: rows.count > limit, request, tree: tree)
    }

    func show(request: Request) async throws -> Response {
        let service = try request.transactionService
        guard let id = Int64(request.parameters.get("id") ?? ""),
            let transaction = try await service.find(try await LunchMoneyIDs.local(id, service))
        else { throw BillfoldError(.notFound, Phrase("error.http.lmTransactionNotFound")) }
        return .json(LunchMoneyTransactionWriter.object(try await Self.objects([transaction], request)[0]))
    }

    static func page(_ rows: [Transaction], more: Bool, _ request: Request, tree: CategoryTree? = nil) async throws
        -> Response
    {
        // Oldest first, then by Billfold's id, as the database chose the page: the same order
        // whatever the `limit`, so pages neither overlap nor skip. (Lunch Money orders by date,
        // then its own id; an import or pull stores the rows it brings in that order.)
        let objects = try await objects(rows, request, tree: tree)
        return .json(LunchMoneyTransactionWriter.page(objects, more: more))
    }

    static func objects(_ rows: [Transaction], _ request: Request, tree: CategoryTree? = nil) async throws
        -> [LunchMoneyTransactionJSON]
    {
        let user = try request.user
        let debitAsNegative = (try? request.query.get(String.self, at: "debit_as_negative")) == "true"
        var categories = tree
        if categories == nil { categories = try await request.categoryService.tree() }
        let service = try request.transactionService
        let accounts = Dictionary(try await service.accounts().map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let tags = try await service.tags.tags(of: rows.map(\.id))
        let members = try await service.children(of: rows.filter { $0.kind == .group })
        let ids = try await LunchMoneyIDs.of(rows + members.values.joined(), service)
        // Rates are read only when some row is in another currency than the primary one.
        let primary = user.preferences.currency
        let others = (rows + members.values.joined()).contains { $0.money.currency != primary }
        let base = others ? LunchMoneyBase(primary: primary, book: try await request.ratesService.book()) : nil
        return rows.map { t in
            let category = t.categoryID.flatMap { categories?.category($0) }
            return LunchMoneyTransactionJSON(
                transaction: t, category: category, group: category?.groupID.flatMap { categories?.category($0) },
                account: accounts[t.accountID], zone: user.preferences.zone, debitAsNegative: debitAsNegative,
                base: base, tags: tags[t.id] ?? [], members: t.kind == .group ? members[t.id] ?? [] : nil, ids: ids)
        }
    }

    static func day(_ text: String, _ field: String) throws -> Day {
        do { return try Day(parsing: text, field: field) } catch {
            throw BillfoldError.validation(field, Phrase("error.http.lmDateInvalid", ["field": field]))
        }
    }

    static func whole(_ text: String?, _ field: String, default value: Int, range: ClosedRange<Int>) throws -> Int {
        guard let text, !text.isEmpty else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw BillfoldError.validation(
                field,
                Phrase(
                    "error.http.lmWholeNumberOutOfRange",
                    ["field": field, "min": String(range.lowerBound), "max": String(range.upperBound)]))
        }
        return number
    }
}
