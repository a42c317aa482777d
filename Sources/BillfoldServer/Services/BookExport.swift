import BillfoldCore
import BillfoldImport
import BillfoldStore
import FluentKit
import Foundation

/// Writes a person's transactions out, oldest first, page by page (constant memory at any size):
/// CSV, or an hledger, ledger or beancount journal that the tools check and balance, with the
/// prices of the days used so the tools convert into the primary currency as Billfold does.
public struct BookExport: Sendable {
    let database: any Database
    let user: User
    let rates: RateBook
    /// The day the export is made in the person's zone (its closing prices are for it).
    let today: Day

    public init(database: any Database, user: User, rates: RateBook, today: Day) {
        self.database = database
        self.user = user
        self.rates = rates
        self.today = today
    }

    /// Rows read per page.
    static let pageSize = 5000

    /// Writes `query`'s transactions in `format` to `sink`, in pieces; how many were written.
    @discardableResult
    public func write(
        _ format: ExportFormat, _ query: TransactionQuery = .everything,
        to sink: @Sendable (String) async throws -> Void
    ) async throws -> Int {
        let transactions = TransactionRepository(database: database, userID: user.id)
        let writer = ExportWriter(
            format: format, accounts: try await AccountRepository(database: database, userID: user.id).all(),
            categories: try await CategoryRepository(database: database, userID: user.id).tree(),
            currencies: try await transactions.currencies(), primary: user.preferences.currency,
            zone: user.preferences.zone)
        try await sink(writer.header())
        var prices = PriceDirectives(format: format, primary: user.preferences.currency, book: rates)
        var written = 0
        // A split parent or a group row would count its money twice beside its parts or members.
        var query = query
        query.countedOnly = true
        let pageQuery = query
        // The next page is read while this one is written, the database and the text each on a core.
        var page = try await transactions.ascending(pageQuery, after: nil, limit: Self.pageSize)
        while let last = page.last {
            let after = TransactionCursor(bookedAt: last.bookedAt.epochSeconds, id: last.id)
            let more = page.count == Self.pageSize
            async let next = more ? transactions.ascending(pageQuery, after: after, limit: Self.pageSize) : []
            try await sink(writer.entries(page, prices: &prices))
            written += page.count
            page = try await next
        }
        try await sink(prices.closing(today: today))
        return written
    }
}
