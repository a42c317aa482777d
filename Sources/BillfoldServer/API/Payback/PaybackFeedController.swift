import BillfoldAPI
import BillfoldCore
import BillfoldImport
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
        let numbers = try await service.categorySourceKeys()
            .compactMapValues(PaybackImport.number(fromSourceKey:))
        // The format has no paging: the whole filter, without totals.
        // PAYBACK's apps sum what they get: split parents and group rows would count twice.
        var query = try await service.query(filter)
        query.countedOnly = true
        let all = try await service.all(query)
        let file = PaybackWriter.file(all) { t in t.categoryID.map { numbers[$0] ?? Int($0) } ?? 0 }
        return try file.apiResponse()
    }
}
