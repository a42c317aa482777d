import BillfoldCore
import BillfoldImport
import BillfoldStore
import FluentKit
import Foundation

/// Imports a PAYBACK transactions file into a user's books, all or nothing.
public struct PaybackImport: Sendable {
    let database: any Database
    let user: User
    /// Now, for every rule here that depends on time.
    let clock: WallClock

    public init(database: any Database, user: User, clock: WallClock) {
        self.database = database
        self.user = user
        self.clock = clock
    }

    public struct Outcome: Sendable, Equatable {
        public var read: Int
        public var added: Int
        public var skipped: Int { read - added }
    }

    /// The source key of the category made for PAYBACK category `number`.
    static func sourceKey(_ number: Int) -> String { "payback:\(number)" }

    /// The PAYBACK number behind a source key this import made, or nil for any other key.
    static func number(fromSourceKey key: String) -> Int? {
        key.hasPrefix("payback:") ? Int(key.dropFirst("payback:".count)) : nil
    }

    /// Reads the whole file first; a bad item refuses it before anything is written. Then writes
    /// in one database transaction, skipping references the user already has.
    public func run(_ data: Data) async throws -> Outcome {
        let items = try PaybackReader.read(data)
        // Nothing to add is nothing to write: not even the PAYBACK category.
        guard !items.isEmpty else { return Outcome(read: 0, added: 0) }
        // The category names made here are stored: written in the owner's language.
        let words = Words(locale: user.preferences.locale)
        let userID = user.id
        let added = try await database.transaction { db in
            let categories = CategoryRepository(database: db, userID: userID)
            let accounts = AccountRepository(database: db, userID: userID)
            let group = try await categories.forSource(
                "payback", name: "PAYBACK", isGroup: true, colour: "#0046AA", icon: "star", now: clock.seconds)
            var categoryIDs: [Int: Int64] = [:]
            for number in Set(items.map(\.paybackCategory)).sorted() {
                categoryIDs[number] = try await categories.forSource(
                    Self.sourceKey(number),
                    name: words("error.service.imports.paybackCategory", ["number": String(number)]),
                    groupID: group.id, colour: group.colour, now: clock.seconds
                )
                .id
            }
            var accountIDs: [String: Int64] = [:]
            for currency in Set(items.map(\.transaction.money.currency)) {
                let isPoints = currency == .pbp
                accountIDs[currency.code] = try await accounts.named(
                    isPoints ? "payback" : "payback-\(currency.code.lowercased())",
                    displayName: isPoints ? "PAYBACK" : "PAYBACK (\(currency.code))",
                    currency: currency, now: clock.seconds
                ).id
            }
            let transactions = items.map { item in
                var transaction = item.transaction
                transaction.categoryID = categoryIDs[item.paybackCategory]
                transaction.categorySource = .importFile
                return transaction
            }
            let accountFor = accountIDs
            return try await TransactionRepository(database: db, userID: userID).insert(
                // Every currency of the file got its account above.
                transactions, accountID: { accountFor[$0.money.currency.code]! },
                now: clock.seconds
            ).count
        }
        BillfoldMetrics.imported(format: "payback", added: added)
        return Outcome(read: items.count, added: added)
    }
}
