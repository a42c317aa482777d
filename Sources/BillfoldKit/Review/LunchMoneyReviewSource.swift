import BillfoldAPI
import BillfoldCore
import BillfoldImport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The review deck over any Lunch Money v1 server: Lunch Money itself (with a token from its
/// developer settings) or Billfold's `/v1`, so the deck clears transactions in a real Lunch Money
/// account, as the original swipe app did. It speaks through BillfoldImport's `LunchMoneyClient`,
/// the same client (and JSON reader: signs, float noise, split parents) the server's pull and
/// outbox use, sent through this source's `BillfoldClient`.
///
/// Lunch Money keeps no time zone or language per person: days are read in `zone` (this
/// computer's by default) and money is shown in `locale`.
public struct LunchMoneyReviewSource: ReviewSource {
    /// Lunch Money's own API.
    public static let lunchMoney = URL(string: "https://dev.lunchmoney.app")!

    let client: BillfoldClient
    let remote: LunchMoneyClient
    let zone: TimeZone
    let locale: String

    /// `server` is the address before `/v1`.
    public init(
        server: URL = LunchMoneyReviewSource.lunchMoney, token: String, zone: TimeZone = .current,
        locale: String = "en-US", configuration: URLSessionConfiguration? = nil
    ) {
        client = BillfoldClient(baseURL: server, token: token, configuration: configuration)
        remote = LunchMoneyClient(transport: ClientTransport(client: client))
        self.zone = zone
        self.locale = Preferences.locales.contains { $0.id == locale } ? locale : "en-US"
    }

    /// This source's `locale` and `zone`, with the account's primary currency from Lunch Money's `GET /v1/me`.
    public func preferences() async throws(ClientError) -> Preferences {
        let me: LunchMoneyClient.Me
        do {
            me = try await remote.me()
        } catch {
            throw Self.clientError(error) { _ in tr("kit.client.answerUnreadable") }
        }
        return Preferences(
            locale: locale, timeZone: zone.identifier,
            currency: (try? Currency(code: me.primaryCurrency ?? "")) ?? .eur, deckSize: Preferences.standard.deckSize)
    }

    /// The categories from `GET /v1/categories`, flattened.
    public func categories() async throws(ClientError) -> CategoryTree {
        let read: [LunchMoneyCategory]
        do {
            read = try await remote.categories()
        } catch {
            throw Self.clientError(error) { tr("kit.lunchMoney.categoriesUnreadable", ["reason": $0]) }
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
        var fields: [(String, LunchMoneyClient.Value)] = [("status", .text("cleared"))]
        if case .recategorize(let id) = decision.action {
            // Only a recategorisation names the category; null makes it uncategorised.
            fields.append(("category_id", id.map { LunchMoneyClient.Value.number($0) } ?? .null))
        }
        do {
            // A PUT sets state, so sending it again is safe; the key marks it so for the retry policy.
            let updated = try await remote.update(decision.transactionID, fields, idempotencyKey: key)
            return updated == false ? .failed(tr("kit.lunchMoney.notUpdated")) : .applied
        } catch .refusedWithOK(let said) {
            // Lunch Money refused this one change, answering 200: the card fails with its words.
            return .failed(said)
        } catch {
            throw Self.clientError(error) { _ in tr("kit.client.answerUnreadable") }
        }
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
        let page: LunchMoneyClient.TransactionsPage
        do {
            page = try await remote.transactions(.uncleared(from: from, to: to), timeZone: zone)
        } catch {
            throw Self.clientError(error) { tr("kit.lunchMoney.transactionsUnreadable", ["reason": $0]) }
        }
        return page.transactions.sorted {
            ($0.transaction.bookedAt.epochSeconds, $0.id) < ($1.transaction.bookedAt.epochSeconds, $1.id)
        }
    }

    /// The shared client's failure as this source reports it; `unreadable` words an answer not like
    /// the API's, given the reason.
    private static func clientError(_ failure: LunchMoneyClient.Failure, unreadable: (String) -> String)
        -> ClientError
    {
        switch failure {
        case .transport(let error as ClientError):
            // `BillfoldClient` already said it: offline, timed out, sign in again, not there, …
            return error
        case .transport(let error):
            return ClientError.transport(error)
        case .status(let status, let said):
            // As `BillfoldClient` maps an error status, in Lunch Money's words when it gave some.
            var error = ClientError.answer(status: status, body: Data(), headers: [:])
            if let said { error.message = said }
            return error
        case .refusedWithOK(let said):
            return ClientError(.unreadableAnswer, message: unreadable(said))
        case .unreadable(let problem):
            return ClientError(.unreadableAnswer, message: unreadable(problem.message))
        }
    }
}

/// The shared Lunch Money client's requests sent by a `BillfoldClient`: its redirect guard, its
/// retries and the write's Idempotency-Key (a fresh one when the request names none). An error
/// status comes back as the `ClientError` every other call gives.
struct ClientTransport: LunchMoneyTransport {
    let client: BillfoldClient

    func send(_ request: LunchMoneyRequest) async throws -> LunchMoneyAnswer {
        let answer = try await client.send(
            request.method, request.target, json: request.body,
            idempotencyKey: request.idempotencyKey.map(BillfoldClient.IdempotencyKey.key) ?? .fresh,
            label: "\(request.method) \(request.path)")
        return LunchMoneyAnswer(status: answer.status, body: answer.body)
    }
}
