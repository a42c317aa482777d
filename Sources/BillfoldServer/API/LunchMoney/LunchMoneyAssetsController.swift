import BillfoldAPI
import BillfoldCore
import Foundation
import Vapor

/// `/v1/assets` from Billfold's accounts, and the v1 routes for what Billfold does not keep
/// (Plaid accounts, crypto) answering as an account without any would.
struct LunchMoneyAssetsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(LunchMoneyAPI.assets, use: list)
        routes.on(LunchMoneyAPI.addAsset, use: create)
        routes.on(LunchMoneyAPI.changeAsset, use: update)
        routes.on(LunchMoneyAPI.plaidAccounts) { _ in LunchMoneyJSON.response(["plaid_accounts": [String]()]) }
        // Billfold links no bank: there is nothing to fetch, and nothing fails.
        routes.on(LunchMoneyAPI.fetchPlaidAccounts) { _ in LunchMoneyJSON.response(true) }
        routes.on(LunchMoneyAPI.crypto) { _ in LunchMoneyJSON.response(["crypto": [String]()]) }
        routes.on(LunchMoneyAPI.changeCrypto) { _ -> Response in
            throw BillfoldError(.notFound, Phrase("error.http.lmCryptoAssetNotFound"))
        }
    }

    /// The asset types Lunch Money names; Billfold's accounts are all cash accounts.
    static let types = [
        "cash", "credit", "investment", "real estate", "loan", "vehicle", "cryptocurrency", "employee compensation",
        "other liability", "other asset", "other",
    ]

    /// A Lunch Money Asset object from one account, every key written, nulls included.
    struct Asset: Encodable {
        let summary: AccountSummary
        let zone: TimeZone
        /// When the balance is read (Lunch Money's `balance_as_of`).
        let asOf: Int64

        enum Key: String, CodingKey {
            case id, type_name, subtype_name, name, display_name, balance, to_base, balance_as_of, closed_on, currency
            case institution_name, exclude_transactions, created_at
        }

        func encode(to encoder: any Encoder) throws {
            let account = summary.account
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(account.id, forKey: .id)
            try c.encode("cash", forKey: .type_name)
            try c.encodeNil(forKey: .subtype_name)
            try c.encode(account.displayName, forKey: .name)
            try c.encode(account.displayName, forKey: .display_name)
            try c.encode(LunchMoneyAmount.text(summary.balance, debitAsNegative: true), forKey: .balance)
            try c.encode(summary.balance.amount, forKey: .to_base)
            try c.encode(Timestamp.utc(asOf), forKey: .balance_as_of)
            let closed = account.archivedAt.map { Day(Date(timeIntervalSince1970: TimeInterval($0)), in: zone) }
            try c.encode(closed?.description, forKey: .closed_on)
            try c.encode(account.currency.code.lowercased(), forKey: .currency)
            try c.encodeNil(forKey: .institution_name)
            try c.encode(false, forKey: .exclude_transactions)
            try c.encode(Timestamp.utc(account.createdAt), forKey: .created_at)
        }
    }

    func list(request: Request) async throws -> Response {
        let zone = try request.user.preferences.zone
        let summaries = try await request.accountBook.summaries()
        let asOf = request.application.wallClock.seconds
        return LunchMoneyJSON.response(["assets": summaries.map { Asset(summary: $0, zone: zone, asOf: asOf) }])
    }

    struct Body: Decodable {
        var type_name: String?
        var name: String?
        var display_name: String?
        var balance: LunchMoneyNumber?
        var currency: String?
        var closed_on: String?
    }

    /// A manually managed asset is an account opened by hand; its balance is the opening balance.
    func create(request: Request) async throws -> Response {
        let body = try request.decodeJSON(Body.self)
        let user = try request.user
        try Self.checkType(body.type_name, required: true)
        guard let name = body.display_name ?? body.name else {
            throw BillfoldError.validation("name", Phrase("error.http.lmFieldRequired", ["field": "name"]))
        }
        guard let balance = body.balance else {
            throw BillfoldError.validation("balance", Phrase("error.http.lmFieldRequired", ["field": "balance"]))
        }
        let currency = try body.currency.map { try Currency(code: $0) } ?? user.preferences.currency
        let book = try request.accountBook
        let account = try await book.create(
            name: name, opening: try LunchMoneyAmount.money(balance, currency: currency, debitAsNegative: true))
        return LunchMoneyJSON.response(
            Asset(
                summary: try await book.summary(account.id), zone: user.preferences.zone,
                asOf: request.application.wallClock.seconds))
    }

    /// Renames, closes or reopens (`closed_on`), or sets the balance: the opening balance moves so
    /// that the balance, with every transaction of the account, is the one sent.
    func update(request: Request) async throws -> Response {
        let id = try request.pathID(of: .asset)
        let body = try request.decodeJSON(Body.self)
        let book = try request.accountBook
        let current = try await book.summary(id)
        try Self.checkType(body.type_name, required: false)
        if let code = body.currency, code.uppercased() != current.account.currency.code {
            throw BillfoldError.validation("currency", Phrase("error.http.lmAssetCurrencyFixed"))
        }
        let opening: ((Currency) throws -> Money)? = try body.balance.map { sent in
            let wanted = try LunchMoneyAmount.money(sent, currency: current.account.currency, debitAsNegative: true)
            let moved = current.balance.minorUnits - current.account.openingMinor
            return { currency in Money(minorUnits: wanted.minorUnits - moved, currency: currency) }
        }
        _ = try await book.update(
            id, name: body.display_name ?? body.name, opening: opening,
            archived: body.closed_on.map { !$0.isEmpty })
        let zone = try request.user.preferences.zone
        return LunchMoneyJSON.response(
            Asset(summary: try await book.summary(id), zone: zone, asOf: request.application.wallClock.seconds))
    }

    private static func checkType(_ type: String?, required: Bool) throws(BillfoldError) {
        guard let type else {
            if required {
                throw BillfoldError.validation(
                    "type_name", Phrase("error.http.lmFieldRequired", ["field": "type_name"]))
            }
            return
        }
        guard types.contains(type) else {
            throw BillfoldError.validation(
                "type_name", Phrase("error.http.lmTypeNameUnknown", lists: ["types": types]))
        }
    }
}
