import BillfoldAPI
import BillfoldCore
import BillfoldImport
import BillfoldStore
import Vapor

/// `GET /payback/transactions`: the signed-in user's transactions in the PAYBACK file's shape,
/// newest first, so clients written for PAYBACK's backend read Billfold unchanged.
///
/// `category` is the PAYBACK number for categories an import made, the Billfold category id for
/// the others, and 0 for uncategorised transactions.
struct PaybackFeedController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(PaybackAPI.transactions, use: feed)
    }

    func feed(request: Request) async throws -> Response {
        let service = try request.transactionService
        let filter = try TransactionFilter(query: try request.query.decode([String: String].self))
        let numbers = try await service.categories.sourceKeys()
            .compactMapValues(PaybackImport.number(fromSourceKey:))
        // The format has no paging; walk the whole filter by keyset, without totals.
        let query = try await service.query(filter)
        var all: [Transaction] = []
        var cursor: TransactionCursor?
        repeat {
            let page = try await service.transactions.page(query, after: cursor, limit: PageSize.maximum)
            all += page.transactions
            cursor = page.next
        } while cursor != nil
        let file = PaybackWriter.file(all) { t in t.categoryID.map { numbers[$0] ?? Int($0) } ?? 0 }
        return try file.apiResponse()
    }
}
