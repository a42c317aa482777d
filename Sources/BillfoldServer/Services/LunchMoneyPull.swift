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

    let client: any Client
    let baseURL: String
    let token: String

    /// The base URL as the user typed it, checked: http or https with a host, no trailing slash.
    static func baseURL(_ raw: String) throws -> String {
        var text = raw.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { text = defaultBaseURL }
        while text.hasSuffix("/") { text.removeLast() }
        if text.hasSuffix("/v1") { text.removeLast(3) }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            throw BillfoldError.validation("baseURL", "Enter the server's address, like \(defaultBaseURL).")
        }
        return text
    }

    private func get(_ path: String) async throws -> ClientResponse {
        do {
            return try await client.get(URI(string: baseURL + path)) { request in
                request.headers.bearerAuthorization = BearerAuthorization(token: token)
            }
        } catch {
            throw BillfoldError(
                .unavailable, "Could not reach \(baseURL). Check the address and that the server is up.")
        }
    }

    private func body(_ response: ClientResponse) throws -> Data {
        switch response.status {
        case .ok: return response.body.map { Data(buffer: $0) } ?? Data()
        case .unauthorized:
            throw BillfoldError(
                .unauthorized, "The token was refused. Copy it again from Lunch Money's developer settings.")
        default: throw BillfoldError(.unavailable, "\(baseURL) answered HTTP \(response.status.code).")
        }
    }

    /// Who the token belongs to ("Lou · lou@example.com"); throws with a clear reason otherwise.
    func check() async throws -> String {
        struct Me: Decodable {
            var user_name: String
            var user_email: String
        }
        let data = try body(try await get("/v1/me"))
        guard let me = try? JSONDecoder().decode(Me.self, from: data) else {
            throw BillfoldError(.unavailable, "\(baseURL) does not answer like Lunch Money's API.")
        }
        return "\(me.user_name) · \(me.user_email)"
    }

    /// Fetches everything first, reporting progress, then imports it all at once.
    func pull(into importer: LunchMoneyImport, zone: TimeZone, progress: @Sendable (String) async -> Void)
        async throws -> LunchMoneyImport.Outcome
    {
        await progress("Fetching categories…")
        let categories = try LunchMoneyReader.categories(try body(try await get("/v1/categories?format=flattened")))
        var rows: [LunchMoneyTransaction] = []
        let end = Day(Date().addingTimeInterval(366 * 86_400), in: zone)
        var offset = 0
        while true {
            await progress("Fetching transactions: \(rows.count) so far…")
            let page = try body(
                try await get(
                    "/v1/transactions?start_date=1970-01-01&end_date=\(end)&limit=\(Self.pageSize)&offset=\(offset)"))
            let read = try LunchMoneyReader.transactions(page, timeZone: zone)
            rows += read
            struct More: Decodable { var has_more: Bool? }
            let more = (try? JSONDecoder().decode(More.self, from: page))?.has_more ?? false
            guard more, !read.isEmpty else { break }
            offset += Self.pageSize
        }
        await progress("Importing \(rows.count) transactions…")
        return try await importer.run(rows, categories: categories)
    }
}

/// What each user's pull is doing, for the Settings page to show and poll.
actor LunchMoneyPulls {
    struct Status: Content {
        var running: Bool
        var message: String
        var failed: Bool
    }

    private var statuses: [Int64: Status] = [:]

    func status(_ userID: Int64) -> Status? { statuses[userID] }

    /// Marks a pull as started; false when one is already running for this user.
    func start(_ userID: Int64) -> Bool {
        if statuses[userID]?.running == true { return false }
        statuses[userID] = Status(running: true, message: "Starting…", failed: false)
        return true
    }

    func update(_ userID: Int64, _ message: String, running: Bool = true, failed: Bool = false) {
        statuses[userID] = Status(running: running, message: message, failed: failed)
    }
}

extension Application {
    private struct PullsKey: StorageKey { typealias Value = LunchMoneyPulls }

    /// Set once when the application is built, so requests only read it.
    var lunchMoneyPulls: LunchMoneyPulls {
        get { storage[PullsKey.self]! }
        set { storage[PullsKey.self] = newValue }
    }
}
