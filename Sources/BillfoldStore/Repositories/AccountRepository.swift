import BillfoldCore
import FluentKit
import SQLKit

/// One user's accounts.
public struct AccountRepository: Sendable {
    let database: any Database
    let userID: Int64

    public init(database: any Database, userID: Int64) {
        self.database = database
        self.userID = userID
    }

    public func all() async throws -> [Account] {
        try await AccountModel.query(on: database).filter(\.$userID == userID)
            .sort(\.$displayName).all().map(\.value)
    }

    public func find(_ id: Int64) async throws -> Account? {
        try await AccountModel.query(on: database).filter(\.$id == id)
            .filter(\.$userID == userID).first()?.value
    }

    /// The account with this name, made when missing. Insert-or-get on the unique (user, name)
    /// key, so two requests making the same account at once both get the one row.
    public func named(_ name: String, displayName: String, currency: Currency) async throws
        -> Account
    {
        let existing = AccountModel.query(on: database).filter(\.$userID == userID).filter(\.$name == name)
        if let account = try await existing.first() { return account.value }
        try await database.sql.insert(into: AccountModel.schema)
            .columns("user_id", "name", "display_name", "currency", "created_at")
            .values(
                SQLBind(userID), SQLBind(name), SQLBind(displayName), SQLBind(currency.code), SQLBind(Timestamp.now())
            )
            .ignoringConflicts(with: ["user_id", "name"]).run()
        guard let account = try await existing.first() else {
            throw BillfoldError(.conflict, "The account \(displayName) could not be made. Try again.")
        }
        return account.value
    }

    /// Where hand-entered money goes when no account is named: one cash wallet per currency.
    public func cash(_ currency: Currency) async throws -> Account {
        try await named(
            "cash-\(currency.code.lowercased())", displayName: "Cash (\(currency.code))",
            currency: currency)
    }
}

extension AccountModel {
    /// The account as everything outside the store sees it (only saved rows are read).
    var value: Account {
        Account(
            id: id ?? 0, name: name, displayName: displayName, currency: Currency(stored: currency),
            createdAt: createdAt)
    }
}
