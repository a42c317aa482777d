import BillfoldAPI
import BillfoldCore
import Foundation

/// One request to a Lunch Money v1 server, as a `LunchMoneyTransport` sends it.
public struct LunchMoneyRequest: Sendable {
    /// One `name=value` of a query, sent in the order given.
    public struct QueryItem: Sendable, Equatable {
        /// The parameter's name, e.g. `start_date`.
        public var name: String
        /// Its value, not yet percent-encoded.
        public var value: String

        /// `name=value`.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The HTTP method as written on the wire: "GET", "PUT", "POST".
    public var method: String
    /// The path with its ids filled in, e.g. `/v1/transactions/12`, without the query.
    public var path: String
    /// The query's parameters, in the order they are sent.
    public var query: [QueryItem]
    /// The JSON body, when the request has one.
    public var body: Data?
    /// The key a write carries as `Idempotency-Key` where the server honours one (Billfold's `/v1`);
    /// nil leaves it to the transport. Lunch Money itself reads none.
    public var idempotencyKey: String?

    /// A request as the client builds it; a test's transport can make its own.
    public init(
        method: String, path: String, query: [QueryItem] = [], body: Data? = nil, idempotencyKey: String? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.body = body
        self.idempotencyKey = idempotencyKey
    }

    /// The path and its query, percent-encoded as `Endpoint` writes them: what goes after the base URL.
    public var target: String {
        query.isEmpty ? path : path + "?" + Endpoint.queryString(query.map { ($0.name, $0.value) })
    }
}

/// An answer as it came: any status, the body unread.
public struct LunchMoneyAnswer: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// The body as it came; empty when there was none.
    public var body: Data

    /// An answer with `status` and `body`.
    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}

/// How a `LunchMoneyClient` reaches its server. The caller provides it, so BillfoldImport knows no
/// HTTP library: the server sends through its outbound checks, BillfoldKit through its own client.
public protocol LunchMoneyTransport: Sendable {
    /// Sends one request to the server the transport was made for, with its token, and returns the
    /// answer whatever its status; throws only when no answer came.
    func send(_ request: LunchMoneyRequest) async throws -> LunchMoneyAnswer
}

/// The one client of Lunch Money's v1 API (or of Billfold's `/v1`, which answers as it does), for
/// the server's pull and outbox and for BillfoldKit's review source. Every path comes from
/// `LunchMoneyAPI`, every answer is read by `LunchMoneyReader`, and every failure is one `Failure`
/// that each side turns into its own errors and words.
public struct LunchMoneyClient: Sendable {
    let transport: any LunchMoneyTransport

    /// A client sending through `transport`.
    public init(transport: any LunchMoneyTransport) {
        self.transport = transport
    }

    /// Why a call gave no answer the API promises; neutral, so each side keeps its own words.
    public enum Failure: Error {
        /// The transport threw: no answer came (refused by policy, offline, timed out, cancelled).
        case transport(any Error)
        /// An answer with a status outside 2xx; `said` is Lunch Money's error text, when it wrote one.
        case status(Int, said: String?)
        /// A 2xx answer carrying an error: Lunch Money answers some refusals with 200.
        case refusedWithOK(said: String)
        /// A 2xx answer not shaped like the API's, with why as the readers say it.
        case unreadable(BillfoldError)
    }

    /// What `GET /v1/me` says about the account.
    public struct Me: Sendable, Decodable {
        /// The account holder's name.
        public var userName: String?
        /// The account holder's email address.
        public var userEmail: String?
        /// The account's primary currency, e.g. "eur".
        public var primaryCurrency: String?

        enum CodingKeys: String, CodingKey {
            case userName = "user_name"
            case userEmail = "user_email"
            case primaryCurrency = "primary_currency"
        }
    }

    /// Which transactions `transactions(_:timeZone:)` asks for. The query is sent in one order,
    /// whoever asks: status, start_date, end_date, pending, limit, offset.
    public struct TransactionsQuery: Sendable {
        /// The first day.
        public var from: Day
        /// The last day.
        public var to: Day
        /// Lunch Money's status ("uncleared", "cleared"); nil for any.
        public var status: String?
        /// True asks for pending transactions too; nil leaves it to the server.
        public var pending: Bool?
        /// The most in one answer; nil leaves it to the server.
        public var limit: Int?
        /// How many to skip, for paging.
        public var offset: Int?

        /// The transactions booked from `from` to `to`, narrowed by the rest.
        public init(
            from: Day, to: Day, status: String? = nil, pending: Bool? = nil, limit: Int? = nil, offset: Int? = nil
        ) {
            self.from = from
            self.to = to
            self.status = status
            self.pending = pending
            self.limit = limit
            self.offset = offset
        }

        /// The uncleared transactions between two days, as the review deck asks.
        public static func uncleared(from: Day, to: Day) -> TransactionsQuery {
            TransactionsQuery(from: from, to: to, status: "uncleared")
        }

        /// One page of every transaction between two days, pending ones too, as a pull asks.
        public static func page(from: Day, to: Day, limit: Int, offset: Int) -> TransactionsQuery {
            TransactionsQuery(from: from, to: to, pending: true, limit: limit, offset: offset)
        }

        var items: [LunchMoneyRequest.QueryItem] {
            var items: [LunchMoneyRequest.QueryItem] = []
            if let status { items.append(.init("status", status)) }
            items.append(.init("start_date", from.description))
            items.append(.init("end_date", to.description))
            if let pending { items.append(.init("pending", pending ? "true" : "false")) }
            if let limit { items.append(.init("limit", String(limit))) }
            if let offset { items.append(.init("offset", String(offset))) }
            return items
        }
    }

    /// One answer of `GET /v1/transactions`.
    public struct TransactionsPage: Sendable {
        /// The transactions, read as an import reads them.
        public var transactions: [LunchMoneyTransaction]
        /// True when the server said more follow this page.
        public var hasMore: Bool
    }

    /// A field's new value in `update(_:_:idempotencyKey:)`.
    public enum Value: Sendable, Equatable {
        /// A JSON string: a payee, notes, a status.
        case text(String)
        /// A JSON number: one of Lunch Money's ids.
        case number(Int64)
        /// JSON null: no value (an uncategorised transaction).
        case null
    }

    /// `GET /v1/me`.
    public func me() async throws(Failure) -> Me {
        try Self.read(Me.self, try await send(LunchMoneyAPI.me))
    }

    /// `GET /v1/categories`, flattened: groups first, then their children.
    public func categories() async throws(Failure) -> [LunchMoneyCategory] {
        let data = try await send(LunchMoneyAPI.categories, query: [.init("format", "flattened")])
        do {
            return try LunchMoneyReader.categories(data)
        } catch {
            throw .unreadable(error)
        }
    }

    /// Makes a category with `POST /v1/categories`; its id.
    public func createCategory(named name: String) async throws(Failure) -> Int64 {
        struct Made: Decodable { var category_id: Int64 }
        // A string always encodes.
        let body = (try? JSONEncoder().encode(["name": name])) ?? Data()
        return try Self.read(Made.self, try await send(LunchMoneyAPI.addCategory, body: body)).category_id
    }

    /// One transaction, `GET /v1/transactions/{id}`, read as a pull reads it; days in `timeZone`.
    public func transaction(_ id: Int64, timeZone: TimeZone) async throws(Failure) -> LunchMoneyTransaction {
        let data = try await send(LunchMoneyAPI.transaction, [id])
        do {
            return try LunchMoneyReader.transaction(data, timeZone: timeZone)
        } catch {
            throw .unreadable(error)
        }
    }

    /// One answer of `GET /v1/transactions`; days in `timeZone`.
    public func transactions(_ query: TransactionsQuery, timeZone: TimeZone) async throws(Failure) -> TransactionsPage {
        let data = try await send(LunchMoneyAPI.transactions, query: query.items)
        let read: [LunchMoneyTransaction]
        do {
            read = try LunchMoneyReader.transactions(data, timeZone: timeZone)
        } catch {
            throw .unreadable(error)
        }
        struct More: Decodable { var has_more: Bool? }
        // No readable `has_more` means no more pages.
        let more = (try? JSONDecoder().decode(More.self, from: data))?.has_more ?? false
        return TransactionsPage(transactions: read, hasMore: more)
    }

    /// Changes a transaction's fields with `PUT /v1/transactions/{id}` (`{"transaction": {...}}`,
    /// fields in the order given); what the answer's `updated` says, nil when it says nothing.
    @discardableResult
    public func update(_ id: Int64, _ fields: [(String, Value)], idempotencyKey: String? = nil)
        async throws(Failure) -> Bool?
    {
        // Text and numbers always encode.
        let body = (try? JSONEncoder().encode(Update(fields: fields))) ?? Data()
        let data = try await send(LunchMoneyAPI.changeTransaction, [id], body: body, idempotencyKey: idempotencyKey)
        struct Updated: Decodable { var updated: Bool? }
        return try Self.read(Updated.self, data).updated
    }

    /// What a Lunch Money error answer says (`error` or `errors`, a string or a list), shortened;
    /// nil when the body has none.
    public static func errorText(_ body: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let said = object["error"] ?? object["errors"]
        else { return nil }
        let parts: [String] =
            if let text = said as? String { [text] } else { (said as? [Any] ?? []).map { "\($0)" } }
        let text = parts.joined(separator: "; ").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return nil }
        return text.count > 300 ? String(text.prefix(300)) + "…" : text
    }

    /// Sends one request to `endpoint` with its ids filled in; the body of a 2xx answer.
    private func send(
        _ endpoint: Endpoint, _ ids: [any CustomStringConvertible] = [], query: [LunchMoneyRequest.QueryItem] = [],
        body: Data? = nil, idempotencyKey: String? = nil
    ) async throws(Failure) -> Data {
        let request = LunchMoneyRequest(
            method: endpoint.method.rawValue, path: endpoint.path(with: ids), query: query, body: body,
            idempotencyKey: idempotencyKey)
        let answer: LunchMoneyAnswer
        do {
            answer = try await transport.send(request)
        } catch {
            throw .transport(error)
        }
        let said = Self.errorText(answer.body)
        guard (200..<300).contains(answer.status) else { throw .status(answer.status, said: said) }
        // Lunch Money answers some refusals with 200 and an error.
        if let said { throw .refusedWithOK(said: said) }
        return answer.body
    }

    /// A 2xx body read as `type`, or why not in the readers' words.
    private static func read<T: Decodable>(_ type: T.Type, _ data: Data) throws(Failure) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw .unreadable(BillfoldError(.invalidImportFile, ImportErrorText.describe(error)))
        } catch {
            throw .unreadable(BillfoldError(.invalidImportFile, Phrase("error.import.notJSON")))
        }
    }

    /// `{"transaction": {...}}` with the fields in the order given.
    private struct Update: Encodable {
        var fields: [(String, Value)]

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(_ name: String) { stringValue = name }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { return nil }
        }

        func encode(to encoder: any Encoder) throws {
            var outer = encoder.container(keyedBy: Key.self)
            var inner = outer.nestedContainer(keyedBy: Key.self, forKey: Key("transaction"))
            for (name, value) in fields {
                switch value {
                case .text(let text): try inner.encode(text, forKey: Key(name))
                case .number(let number): try inner.encode(number, forKey: Key(name))
                case .null: try inner.encodeNil(forKey: Key(name))
                }
            }
        }
    }
}
