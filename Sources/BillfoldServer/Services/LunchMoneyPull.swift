import BillfoldCore
import BillfoldImport
import BillfoldStore
import Foundation
import Vapor

/// Talks to Lunch Money (or any server speaking its v1 API): checks a token, and pulls the
/// categories and transactions into Billfold through `LunchMoneyImport`.
struct LunchMoneyPull: Sendable {
    static let defaultBaseURL = "https://dev.lunchmoney.app"
    static let pageSize = 1000

    let fetch: OutboundFetch
    let baseURL: String
    let token: String

    /// The base URL as the user typed it, checked against the outbound policy: https (or http
    /// when the operator allows it) with a host, no trailing slash or `/v1`.
    static func baseURL(_ raw: String, fetch: OutboundFetch) throws -> String {
        var text = raw.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { text = defaultBaseURL }
        while text.hasSuffix("/") { text.removeLast() }
        if text.hasSuffix("/v1") { text.removeLast(3) }
        _ = try fetch.checkAddress(text)
        return text
    }

    private func get(_ path: String) async throws -> OutboundFetch.Answer {
        do {
            guard let url = URL(string: baseURL + path) else { throw OutboundFetch.Refusal.notAllowed }
            return try await fetch.get(url, bearer: token)
        } catch let refusal as OutboundFetch.Refusal {
            throw refusal.problem(baseURL)
        }
    }

    private func body(_ answer: OutboundFetch.Answer) throws -> Data {
        switch answer.status {
        case .ok: return answer.body
        case .unauthorized:
            throw BillfoldError(.unauthorized, Phrase("error.service.lunchMoney.tokenRefused"))
        default:
            throw BillfoldError(.unavailable, Phrase("error.service.lunchMoney.notLikeAPI", ["address": baseURL]))
        }
    }

    /// Checks that the token works; throws with a fixed reason otherwise. What the server said
    /// (its user's name, say) is never shown: the address was typed by a user, and echoing what a
    /// server answers would let anyone read any address through Billfold.
    func check() async throws {
        struct Me: Decodable {
            var user_name: String
            var user_email: String
        }
        let data = try body(try await get("/v1/me"))
        guard let me = try? JSONDecoder().decode(Me.self, from: data) else {
            throw BillfoldError(
                .unavailable, Phrase("error.service.lunchMoney.doesNotAnswerLikeAPI", ["address": baseURL]))
        }
        _ = me
    }

    /// The most a pull may take, whatever the pages say: a server that answers `has_more`
    /// forever, or a page at a time just inside the fetch's time limit, is given up on.
    static let longestPull: Duration = .seconds(30 * 60)

    /// Fetches everything first, reporting progress (to be written in the reader's words), then
    /// hands it all to `importing` at once. Everything is held in memory until then, so the pull
    /// stops (importing nothing) past `maxTransactions`, after `longestPull`, or as soon as
    /// `stillWanted` says no (the person disconnected) between pages.
    func pull(
        zone: TimeZone, maxTransactions: Int, progress: @Sendable (Phrase) async -> Void,
        stillWanted: @Sendable () async throws -> Bool,
        importing: @Sendable ([LunchMoneyTransaction], [LunchMoneyCategory]) async throws -> LunchMoneyImport.Outcome
    ) async throws -> LunchMoneyImport.Outcome {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: Self.longestPull)
        func goOn() async throws {
            guard try await stillWanted() else {
                throw BillfoldError(.conflict, Phrase("error.service.lunchMoney.disconnectedWhilePulling"))
            }
            guard clock.now < deadline else {
                let minutes = String(Self.longestPull.components.seconds / 60)
                throw BillfoldError(
                    .unavailable,
                    Phrase("error.service.lunchMoney.pullTooLong", ["address": baseURL, "minutes": minutes]))
            }
        }
        await progress(Phrase("error.service.lunchMoney.fetchingCategories"))
        let categories = try LunchMoneyReader.categories(try body(try await get("/v1/categories?format=flattened")))
        var rows: [LunchMoneyTransaction] = []
        let end = Day(Date().addingTimeInterval(366 * 86_400), in: zone)
        let tooMany = BillfoldError(
            .unavailable,
            Phrase(
                "error.service.lunchMoney.tooManyTransactions", ["address": baseURL, "limit": String(maxTransactions)]))
        var offset = 0
        while true {
            try await goOn()
            await progress(Phrase("error.service.lunchMoney.fetchingTransactions", count: rows.count))
            let page = try body(
                try await get(
                    "/v1/transactions?start_date=1970-01-01&end_date=\(end)&pending=true&limit=\(Self.pageSize)&offset=\(offset)"
                ))
            let read = try LunchMoneyReader.transactions(page, timeZone: zone)
            rows += read
            guard rows.count <= maxTransactions else { throw tooMany }
            struct More: Decodable { var has_more: Bool? }
            let more = (try? JSONDecoder().decode(More.self, from: page))?.has_more ?? false
            guard more, !read.isEmpty else { break }
            offset += Self.pageSize
            // Counted by the offset too: a server sending a row a page would be asked without end.
            guard offset < maxTransactions else { throw tooMany }
        }
        try await goOn()
        await progress(Phrase("error.service.lunchMoney.importing", count: rows.count))
        return try await importing(rows, categories)
    }
}
