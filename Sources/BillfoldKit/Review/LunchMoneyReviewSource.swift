import BillfoldAPI
import BillfoldCore
import BillfoldImport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The review deck over any Lunch Money v1 server: Lunch Money itself (with a token from its
/// developer settings) or Billfold's `/v1`, so the deck clears transactions in a real Lunch Money
/// account, as the original swipe app did. Lunch Money's JSON is read by BillfoldImport's reader,
/// the same one the server's import and pull use (signs, float noise, split parents).
///
/// Lunch Money keeps no time zone or language per person: days are read in `zone` (this
/// computer's by default) and money is shown in `locale`.
public struct LunchMoneyReviewSource: ReviewSource {
    /// Lunch Money's own API.
    public static let lunchMoney = URL(string: "https://dev.lunchmoney.app")!

    let client: BillfoldClient
    let zone: TimeZone
    let locale: String

    /// `server` is the address before `/v1`.
    public init(
        server: URL = LunchMoneyReviewSource.lunchMoney, token: String, zone: TimeZone = .current,
        locale: String = "en-US", configuration: URLSessionConfiguration? = nil
    ) {
        client = BillfoldClient(baseURL: server, token: token, configuration: configuration)
        self.zone = zone
        self.locale = Preferences.locales.contains { $0.id == locale } ? locale : "en-US"
    }

    /// This source's `locale` and `zone`, with the account's primary currency from Lunch Money's `GET /v1/me`.
    public func preferences() async throws(ClientError) -> Preferences {
        struct Me: Decodable { var primary_currency: String? }
        let me = try await client.send(LunchMoneyAPI.me, as: Me.self)
        return Preferences(
            locale: locale, timeZone: zone.identifier,
            currency: (try? Currency(code: me.primary_currency ?? "")) ?? .eur, deckSize: Preferences.standard.deckSize)
    }

    /// The categories from `GET /v1/categories`, flattened.
    public func categories() async throws(ClientError) -> CategoryTree {
        let answer = try await client.send(
            LunchMoneyAPI.categories, query: [("format", "flattened")], body: Empty?.none)
        let read: [LunchMoneyCategory]
        do {
            read = try LunchMoneyReader.categories(answer.body)
        } catch {
            throw ClientError(
                .unreadableAnswer, message: tr("kit.lunchMoney.categoriesUnreadable", ["reason": error.message]))
        }
        return CategoryTree(
            read.map {
                Category(
                    id: $0.id, name: $0.name, description: $0.description, groupID: $0.groupID, isGroup: $0.isGroup,
                    flags: $0.flags)
            })
    }

    /// Lunch Money names accounts on each transaction; `cards` passes them along.
    public func accountNames() async throws(ClientError) -> [Int64: String] { [:] }

    /// A month's oldest uncleared transactions, at most `limit` (the current month when nil), with the names of
    /// their accounts.
    public func cards(month: Month?, limit: Int) async throws(ClientError) -> ReviewCards {
        let month = month ?? Month(Date(), in: zone)
        let read = try await uncleared(from: month.firstDay, to: month.lastDay)
        var keys: [String: Int64] = [:]
        var names: [Int64: String] = [:]
        let cards = read.prefix(limit).map { item -> Transaction in
            let account = keys[item.accountKey] ?? Int64(keys.count + 1)
            keys[item.accountKey] = account
            names[account] = item.accountName
            let new = item.transaction
            return Transaction(
                id: item.id, accountID: account, bookedAt: new.bookedAt, payee: new.payee,
                originalName: new.originalName,
                notes: new.notes, money: new.money, status: new.status, categoryID: item.categoryID, externalID: nil,
                createdAt: 0, updatedAt: 0)
        }
        return ReviewCards(month: month, cards: cards, remaining: read.count, accountNames: names)
    }

    /// Clears the transaction with `PUT /v1/transactions/{id}`, setting its category too for a recategorisation.
    public func apply(_ decision: ReviewDecision, key: String) async throws(ClientError) -> ReviewDeck.Outcome {
        struct Update: Encodable {
            var transaction: Fields
            struct Fields: Encodable {
                var status = "cleared"
                var category: Int64??
                enum CodingKeys: String, CodingKey {
                    case status
                    case category = "category_id"
                }
                func encode(to encoder: any Encoder) throws {
                    var c = encoder.container(keyedBy: CodingKeys.self)
                    try c.encode(status, forKey: .status)
                    // Only a recategorisation names the category; null makes it uncategorised.
                    if let category { try c.encode(category, forKey: .category) }
                }
            }
        }
        struct Updated: Decodable { var updated: Bool? }
        var fields = Update.Fields()
        if case .recategorize(let id) = decision.action { fields.category = .some(id) }
        // A PUT sets state, so sending it again is safe; the key marks it so for the retry policy.
        let answer = try await client.send(
            LunchMoneyAPI.changeTransaction, [decision.transactionID], body: Update(transaction: fields),
            idempotencyKey: .key(key), as: Updated.self)
        return answer.updated == false ? .failed(tr("kit.lunchMoney.notUpdated")) : .applied
    }

    /// The oldest of the twelve months before this one with uncleared transactions, and how many it has.
    public func lookback() async throws(ClientError) -> (month: Month, count: Int)? {
        let current = Month(Date(), in: zone)
        let read = try await uncleared(
            from: current.adding(months: -12).firstDay, to: current.adding(months: -1).lastDay)
        guard let oldest = read.first else { return nil }
        let month = Month(oldest.transaction.bookedAt.date, in: zone)
        return (month, read.filter { Month($0.transaction.bookedAt.date, in: zone) == month }.count)
    }

    /// Uncleared transactions between two days, oldest first.
    private func uncleared(from: Day, to: Day) async throws(ClientError) -> [LunchMoneyTransaction] {
        let answer = try await client.send(
            LunchMoneyAPI.transactions,
            query: [("status", "uncleared"), ("start_date", from.description), ("end_date", to.description)],
            body: Empty?.none)
        do {
            return try LunchMoneyReader.transactions(answer.body, timeZone: zone).sorted {
                ($0.transaction.bookedAt.epochSeconds, $0.id) < ($1.transaction.bookedAt.epochSeconds, $1.id)
            }
        } catch {
            throw ClientError(
                .unreadableAnswer, message: tr("kit.lunchMoney.transactionsUnreadable", ["reason": error.message]))
        }
    }
}
