import BillfoldCore
import BillfoldImport
import BillfoldStore
import FluentKit
import Foundation

/// Writes a person's transactions out, oldest first, page by page (constant memory at any size):
/// CSV, or an hledger, ledger or beancount journal that the tools check and balance.
public struct BookExport: Sendable {
    let database: any Database
    let user: User

    public init(database: any Database, user: User) {
        self.database = database
        self.user = user
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
        var after: TransactionCursor?
        var written = 0
        // A split parent or a group row would count its money twice beside its parts or members.
        var query = query
        query.countedOnly = true
        while true {
            let page = try await transactions.ascending(query, after: after, limit: Self.pageSize)
            guard let last = page.last else { break }
            var text = ""
            for transaction in page { text += writer.entry(transaction) }
            try await sink(text)
            written += page.count
            after = TransactionCursor(bookedAt: last.bookedAt.epochSeconds, id: last.id)
            if page.count < Self.pageSize { break }
        }
        return written
    }
}
