import BillfoldCore
import BillfoldImport
import Foundation

/// The connected Lunch Money as the outbox's sender talks to it: each answer is either the body
/// or a `Trouble` that says whether to try again later or to hold the change for the person.
struct LunchMoneyRemote: Sendable {
    let fetch: OutboundFetch
    let baseURL: String
    let token: String

    /// Each with what to tell the person, written in their language when it is stored.
    enum Trouble: Error, Equatable {
        /// Down, slow, rate-limiting or refusing the token: try again later.
        case later(Phrase)
        /// It answered, and refused this change: the person decides (Retry).
        case refused(Phrase)
    }

    private var client: LunchMoneyClient {
        OutboundLunchMoney(fetch: fetch, baseURL: baseURL, token: token).client
    }

    /// "… did not answer like Lunch Money's API."
    private var notLikeAPI: Phrase { Phrase("error.service.lunchMoney.notLikeAPI", ["address": baseURL]) }

    private func noSuchTransaction(_ id: Int64) -> Phrase {
        Phrase("error.service.lunchMoney.noSuchTransaction", ["id": String(id)])
    }

    /// A transaction as Lunch Money has it, read as a pull reads it.
    func transaction(_ id: Int64, timeZone: TimeZone) async throws(Trouble) -> LunchMoneyTransaction {
        do {
            return try await client.transaction(id, timeZone: timeZone)
        } catch {
            throw trouble(error, missing: noSuchTransaction(id), unreadable: .later(notLikeAPI))
        }
    }

    /// `fields` are the sender's values: text, Lunch Money's ids, and `NSNull` for none.
    func update(_ id: Int64, _ fields: [String: Any]) async throws(Trouble) {
        let values = fields.sorted { $0.key < $1.key }.map { ($0.key, Self.value($0.value)) }
        do {
            try await client.update(id, values)
        } catch .unreadable {
            // The change was taken (a 2xx without an error); what else the answer says is not needed.
        } catch {
            throw trouble(error, missing: noSuchTransaction(id), unreadable: .later(notLikeAPI))
        }
    }

    func categories() async throws(Trouble) -> [LunchMoneyCategory] {
        do {
            return try await client.categories()
        } catch {
            throw trouble(
                error, missing: Phrase("error.service.lunchMoney.noCategories"), unreadable: .later(notLikeAPI))
        }
    }

    /// Makes a category in Lunch Money; its id.
    func createCategory(named name: String) async throws(Trouble) -> Int64 {
        do {
            return try await client.createCategory(named: name)
        } catch {
            throw trouble(
                error, missing: Phrase("error.service.lunchMoney.noCategories"),
                unreadable: .refused(Phrase("error.service.lunchMoney.categoryNotMade", ["name": name])))
        }
    }

    /// What a failed call means for the outbox: `missing` for a 404, `unreadable` for an answer
    /// not like the API's.
    private func trouble(_ failure: LunchMoneyClient.Failure, missing: Phrase, unreadable: Trouble) -> Trouble {
        switch failure {
        case .transport(let refusal as OutboundFetch.Refusal) where refusal == .notAllowed:
            return .refused(Phrase("error.service.lunchMoney.outboundForbidden", ["address": baseURL]))
        case .transport:
            return .later(Phrase("error.service.lunchMoney.noAnswer", ["address": baseURL]))
        case .refusedWithOK(let said):
            // What Lunch Money said is its own text, shown as it wrote it.
            return .refused(Phrase(literal: said))
        case .status(401, _), .status(403, _):
            return .later(Phrase("error.service.lunchMoney.tokenRefusedConnectAgain"))
        case .status(404, _):
            return .refused(missing)
        case .status(429, _):
            return .later(Phrase("error.service.lunchMoney.slowDown"))
        case .status(let status, let said) where (400..<500).contains(status):
            return .refused(Phrase(literal: said ?? "HTTP \(status)"))
        case .status(let status, _):
            return .later(Phrase("error.service.lunchMoney.serverTrouble", ["status": String(status)]))
        case .unreadable:
            return unreadable
        }
    }

    /// One of the sender's values as the client writes it.
    private static func value(_ value: Any) -> LunchMoneyClient.Value {
        switch value {
        case let number as Int64: .number(number)
        case let number as Int: .number(Int64(number))
        case let text as String: .text(text)
        default: .null  // NSNull
        }
    }
}
