import BillfoldCore
import FluentKit

/// One user's accounts.
public struct AccountRepository: Sendable {
    let database: any Database
    let userID: Int64

    public init(database: any Database, userID: Int64) {
        self.database = database
        self.userID = userID
    }

    public func all() async throws -> [AccountModel] {
        try await AccountModel.query(on: database).filter(\.$userID == userID)
            .sort(\.$displayName).all()
    }

    public func find(_ id: Int64) async throws -> AccountModel? {
        try await AccountModel.query(on: database).filter(\.$id == id)
            .filter(\.$userID == userID).first()
    }

    /// The account with this name, made when missing.
    public func named(_ name: String, displayName: String, currency: Currency) async throws
        -> AccountModel
    {
        if let existing = try await AccountModel.query(on: database)
            .filter(\.$userID == userID).filter(\.$name == name).first()
        {
            return existing
        }
        let account = AccountModel(
            userID: userID, name: name, displayName: displayName, currency: currency.code,
            createdAt: Timestamp.now())
        try await account.save(on: database)
        return account
    }

    /// Where hand-entered money goes when no account is named: one cash wallet per currency.
    public func cash(_ currency: Currency) async throws -> AccountModel {
        try await named(
            "cash-\(currency.code.lowercased())", displayName: "Cash (\(currency.code))",
            currency: currency)
    }
}
