import BillfoldAPI
import BillfoldCore
import BillfoldImport
import Vapor

/// `GET /payback/transactions`: the signed-in user's transactions in the PAYBACK file's shape,
/// newest first, so clients written for PAYBACK's backend read Billfold unchanged.
///
/// `category` is the PAYBACK number for categories an import made, the Billfold category id for
/// the others, and 0 for uncategorised transactions. After the items, `totals`: the whole
/// filter's sum per currency (the app's planned Feed shows the sum of every transaction).
///
/// The file's shape has no paging, so by default the whole filter comes as one body, written a
/// page at a time as the rows are read: a million rows cost the memory of one page. A client that
/// wants pages sends `limit` (1–500) and/or `cursor`, and finds the next page's address in a
/// `Link: <…>; rel="next"` header.
struct PaybackFeedController: RouteCollection {
    /// Rows read per step of the stream.
    static let streamPage = 1000

    func boot(routes: any RoutesBuilder) throws {
        routes.on(PaybackAPI.transactions, use: feed)
    }

    func feed(request: Request) async throws -> Response {
        let service = try request.transactionService
        let values = try request.query.decode([String: String].self)
        let filter = try TransactionFilter(query: values)
        let cursor = try TransactionCursor(parameter: values["cursor"])
        let paged = values["limit"] != nil || cursor != nil
        let limit = try PageSize.parse(values["limit"])
        let numbers = try await service.categorySourceKeys()
            .compactMapValues(PaybackImport.number(fromSourceKey:))
        // PAYBACK's apps sum what they get: split parents and group rows would count twice.
        var counted = try await service.query(filter)
        counted.countedOnly = true
        let query = counted
        let items: @Sendable ([Transaction]) -> [PaybackFile.Item] = { rows in
            rows.map { t in PaybackWriter.item(t, category: t.categoryID.map { numbers[$0] ?? Int($0) } ?? 0) }
        }
        guard paged else { return Self.stream(query, service: service, items: items) }
        async let totals = service.totals(query)
        let page = try await service.page(query, after: cursor, limit: limit)
        var body = ByteBuffer(string: PaybackFeedJSON.start)
        var rows = PaybackFeedJSON.items(items(page.transactions), first: true)
        body.writeBuffer(&rows)
        var end = PaybackFeedJSON.end(totals: try await totals.map(PaybackWriter.total))
        body.writeBuffer(&end)
        let response = Response.json(body)
        if let next = page.next {
            let kept = values.filter { $0.key != "cursor" }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            let address = PaybackAPI.transactions.path(query: kept + [("cursor", next.token)])
            response.headers.replaceOrAdd(name: "Link", value: "<\(address)>; rel=\"next\"")
        }
        return response
    }

    /// The whole query as one body, written a page at a time as the pages are read.
    private static func stream(
        _ query: TransactionQuery, service: TransactionService,
        items: @escaping @Sendable ([Transaction]) -> [PaybackFile.Item]
    ) -> Response {
        let response = Response(
            status: .ok,
            body: .init(asyncStream: { writer in
                do {
                    try await writer.write(.buffer(ByteBuffer(string: PaybackFeedJSON.start)))
                    var after: TransactionCursor?
                    var first = true
                    repeat {
                        let page = try await service.page(query, after: after, limit: streamPage)
                        if !page.transactions.isEmpty {
                            try await writer.write(
                                .buffer(PaybackFeedJSON.items(items(page.transactions), first: first)))
                            first = false
                        }
                        after = page.next
                    } while after != nil
                    let totals = try await service.totals(query).map(PaybackWriter.total)
                    try await writer.write(.buffer(PaybackFeedJSON.end(totals: totals)))
                    try await writer.write(.end)
                } catch {
                    try await writer.write(.error(error))
                }
            }))
        response.headers.contentType = .json
        return response
    }
}
