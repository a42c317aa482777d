import BillfoldCore
import BillfoldImport
import Foundation
import Vapor

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

    /// "… did not answer like Lunch Money's API."
    private var notLikeAPI: Phrase { Phrase("error.service.lunchMoney.notLikeAPI", ["address": baseURL]) }

    /// A transaction as Lunch Money has it, read as a pull reads it.
    func transaction(_ id: Int64, timeZone: TimeZone) async throws(Trouble) -> LunchMoneyTransaction {
        let data = try await call(
            .GET, "/v1/transactions/\(id)",
            missing: Phrase("error.service.lunchMoney.noSuchTransaction", ["id": String(id)]))
        guard let row = try? LunchMoneyReader.transaction(data, timeZone: timeZone) else {
            throw .later(notLikeAPI)
        }
        return row
    }

    func update(_ id: Int64, _ fields: [String: Any]) async throws(Trouble) {
        let body = (try? JSONSerialization.data(withJSONObject: ["transaction": fields])) ?? Data()
        _ = try await call(
            .PUT, "/v1/transactions/\(id)", json: body,
            missing: Phrase("error.service.lunchMoney.noSuchTransaction", ["id": String(id)]))
    }

    func categories() async throws(Trouble) -> [LunchMoneyCategory] {
        let data = try await call(
            .GET, "/v1/categories?format=flattened", missing: Phrase("error.service.lunchMoney.noCategories"))
        guard let categories = try? LunchMoneyReader.categories(data) else {
            throw .later(notLikeAPI)
        }
        return categories
    }

    /// Makes a category in Lunch Money; its id.
    func createCategory(named name: String) async throws(Trouble) -> Int64 {
        struct Made: Decodable { var category_id: Int64 }
        let body = (try? JSONSerialization.data(withJSONObject: ["name": name])) ?? Data()
        let data = try await call(
            .POST, "/v1/categories", json: body, missing: Phrase("error.service.lunchMoney.noCategories"))
        guard let made = try? JSONDecoder().decode(Made.self, from: data) else {
            throw .refused(Phrase("error.service.lunchMoney.categoryNotMade", ["name": name]))
        }
        return made.category_id
    }

    private func call(_ method: HTTPMethod, _ path: String, json: Data? = nil, missing: Phrase) async throws(Trouble)
        -> Data
    {
        let answer: OutboundFetch.Answer
        do {
            guard let url = URL(string: baseURL + path) else { throw OutboundFetch.Refusal.notAllowed }
            answer = try await fetch.send(method, url, bearer: token, json: json)
        } catch OutboundFetch.Refusal.notAllowed {
            throw .refused(Phrase("error.service.lunchMoney.outboundForbidden", ["address": baseURL]))
        } catch {
            throw .later(Phrase("error.service.lunchMoney.noAnswer", ["address": baseURL]))
        }
        let said = Self.errorText(answer.body)
        switch answer.status.code {
        case 200..<300:
            // Lunch Money answers some refusals with 200 and an error.
            // What Lunch Money said is its own text, shown as it wrote it.
            if let said { throw .refused(Phrase(literal: said)) }
            return answer.body
        case 401, 403: throw .later(Phrase("error.service.lunchMoney.tokenRefusedConnectAgain"))
        case 404: throw .refused(missing)
        case 429: throw .later(Phrase("error.service.lunchMoney.slowDown"))
        case 400..<500: throw .refused(Phrase(literal: said ?? "HTTP \(answer.status.code)"))
        default:
            throw .later(Phrase("error.service.lunchMoney.serverTrouble", ["status": String(answer.status.code)]))
        }
    }

    /// What a Lunch Money error answer says (`error` or `errors`, a string or a list), shortened;
    /// nil when the body has none.
    static func errorText(_ body: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let said = object["error"] ?? object["errors"]
        else { return nil }
        let parts: [String] =
            if let text = said as? String { [text] } else { (said as? [Any] ?? []).map { "\($0)" } }
        let text = parts.joined(separator: "; ").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return nil }
        return text.count > 300 ? String(text.prefix(300)) + "…" : text
    }
}
