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

    private var client: LunchMoneyClient {
        OutboundLunchMoney(fetch: fetch, baseURL: baseURL, token: token).client
    }

    /// A failed call as the pull reports it: the outbound policy's own reasons, the token refused,
    /// or "not like Lunch Money's API"; never what the server wrote (see `check`). An answer the
    /// readers refuse keeps their reason, naming the item and field.
    private func problem(_ failure: LunchMoneyClient.Failure) -> any Error {
        switch failure {
        case .transport(let refusal as OutboundFetch.Refusal):
            return refusal.problem(baseURL)
        case .transport(let error):
            return error
        case .status(401, _):
            return BillfoldError(.unauthorized, Phrase("error.service.lunchMoney.tokenRefused"))
        case .status, .refusedWithOK:
            return BillfoldError(.unavailable, Phrase("error.service.lunchMoney.notLikeAPI", ["address": baseURL]))
        case .unreadable(let error):
            return error
        }
    }

    /// Checks that the token works; throws with a fixed reason otherwise. What the server said
    /// (its user's name, say) is never shown: the address was typed by a user, and echoing what a
    /// server answers would let anyone read any address through Billfold.
    func check() async throws {
        let notLikeAPI = BillfoldError(
            .unavailable, Phrase("error.service.lunchMoney.doesNotAnswerLikeAPI", ["address": baseURL]))
        let me: LunchMoneyClient.Me
        do {
            me = try await client.me()
        } catch .unreadable, .refusedWithOK {
            throw notLikeAPI
        } catch {
            throw problem(error)
        }
        guard me.userName != nil, me.userEmail != nil else { throw notLikeAPI }
    }

    /// The most a pull may take, whatever the pages say: a server that answers `has_more`
    /// forever, or a page at a time just inside the fetch's time limit, is given up on.
    static let longestPull: Duration = .seconds(30 * 60)

    /// Fetches everything first, reporting progress (to be written in the reader's words), then
    /// hands it all to `importing` at once. Everything is held in memory until then, so the pull
    /// stops (importing nothing) past `maxTransactions`, after `longestPull`, or as soon as
    /// `stillWanted` says no (the person disconnected) between pages.
    func pull(
        zone: TimeZone, today: Date, maxTransactions: Int, progress: @Sendable (Phrase) async -> Void,
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
        let categories: [LunchMoneyCategory]
        do {
            categories = try await client.categories()
        } catch {
            throw problem(error)
        }
        var rows: [LunchMoneyTransaction] = []
        let end = Day(today.addingTimeInterval(366 * 86_400), in: zone)
        let tooMany = BillfoldError(
            .unavailable,
            Phrase(
                "error.service.lunchMoney.tooManyTransactions", ["address": baseURL, "limit": String(maxTransactions)]))
        var offset = 0
        while true {
            try await goOn()
            await progress(Phrase("error.service.lunchMoney.fetchingTransactions", count: rows.count))
            let page: LunchMoneyClient.TransactionsPage
            do {
                page = try await client.transactions(
                    .page(from: Day(year: 1970, month: 1, day: 1), to: end, limit: Self.pageSize, offset: offset),
                    timeZone: zone)
            } catch {
                throw problem(error)
            }
            let read = page.transactions
            rows += read
            guard rows.count <= maxTransactions else { throw tooMany }
            guard page.hasMore, !read.isEmpty else { break }
            offset += Self.pageSize
            // Counted by the offset too: a server sending a row a page would be asked without end.
            guard offset < maxTransactions else { throw tooMany }
        }
        try await goOn()
        await progress(Phrase("error.service.lunchMoney.importing", count: rows.count))
        return try await importing(rows, categories)
    }
}
