import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Foundation
import SQLKit
import Testing
import Vapor
import VaporTesting

@testable import BillfoldServer

/// A Billfold built by the real factory over a fresh database, with helpers to act as users.
struct TestApp {
    let app: Application
    /// Where its database is, for a second instance sharing it.
    var location: DatabaseLocation = .sqlite(path: "")

    /// Builds the application, runs `body`, and always tears both down.
    /// `clock` decides "now" for calendar decisions (the current month and the like).
    static func run(
        _ database: TestDatabase, environment: [String: String] = [:], clock: WallClock = .system,
        _ body: (TestApp) async throws -> Void
    ) async throws {
        let (location, drop) = try await database.create()
        do {
            var configuration = try Configuration.resolve(flags: .init(), environment: environment)
            configuration.database = location
            configuration.logLevel = .warning
            try await serve(configuration, clock: clock, body)
        } catch {
            await drop()
            throw error
        }
        await drop()
    }

    /// Another instance over the same database, as behind a load balancer; shut down after `body`.
    func secondInstance(_ body: (TestApp) async throws -> Void) async throws {
        try await Self.serve(Configuration(database: location, logLevel: .warning), body)
    }

    private static func serve(
        _ configuration: Configuration, clock: WallClock = .system, _ body: (TestApp) async throws -> Void
    ) async throws {
        let app = try await buildApplication(configuration, environment: .testing)
        app.wallClock = clock
        do {
            try await body(TestApp(app: app, location: configuration.database))
        } catch {
            try await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }

    /// How many rows of `table` belong to the person.
    func rowCount(_ table: String, of person: Person) async throws -> Int {
        struct Count: Decodable { var n: Int }
        let row = try await (app.db as! any SQLDatabase).raw(
            "SELECT COUNT(*) AS n FROM \(ident: table) WHERE user_id = \(bind: person.id)"
        ).first(decoding: Count.self)
        return row?.n ?? -1
    }

    /// A user and an access token for them.
    struct Person {
        let user: User
        let token: String
        var id: Int64 { user.id }
        var auth: HTTPHeaders { ["Authorization": "Bearer \(token)"] }
    }

    func person(
        _ email: String, locale: String = "en-US", timeZone: String = "UTC", currency: Currency = .eur
    ) async throws -> Person {
        let service = AccountService(database: app.db, clock: app.wallClock)
        let user = try await service.createUser(
            email: email, password: "correct horse", name: nil,
            preferences: Preferences(locale: locale, timeZone: timeZone, currency: currency, deckSize: 20))
        let token = try await service.createToken(for: user, label: "tests").token
        return Person(user: user, token: token)
    }

    /// Sends a request and returns status, headers and body.
    @discardableResult
    func send(
        _ method: HTTPMethod, _ path: String, as person: Person? = nil, json: String? = nil,
        headers extra: HTTPHeaders = [:]
    ) async throws -> TestingHTTPResponse {
        var headers = person?.auth ?? [:]
        headers.add(contentsOf: extra)
        var body: ByteBuffer?
        if let json {
            if !headers.contains(name: .contentType) { headers.contentType = .json }
            body = ByteBuffer(string: json)
        }
        var result: TestingHTTPResponse?
        try await app.testing().test(method, path, headers: headers, body: body) { result = $0 }
        return result!
    }

    /// Sends and decodes a successful JSON answer.
    func get<T: Decodable>(_ type: T.Type, _ path: String, as person: Person) async throws -> T {
        let response = try await send(.GET, path, as: person)
        #expect(response.status == .ok, "\(path): \(response.body.string)")
        return try JSONDecoder().decode(T.self, from: response.body)
    }

    func transactions(_ person: Person) -> TransactionRepository {
        TransactionRepository(database: app.db, userID: person.id)
    }

    /// Changes a person's transactions as the services do (history, Lunch Money outbox).
    func editor(_ person: Person) -> TransactionEditor {
        TransactionEditor(database: app.db, userID: person.id, clock: app.wallClock)
    }

    func categories(_ person: Person) -> CategoryRepository {
        CategoryRepository(database: app.db, userID: person.id)
    }

    /// Opens an account through the API (`{"name", "currency", "openingBalance"?}`).
    func openAccount(_ json: String, as person: Person) async throws -> AccountDTO {
        let response = try await send(.POST, "/api/v1/accounts", as: person, json: json)
        #expect(response.status == .created, "\(response.body.string)")
        return try JSONDecoder().decode(AccountDTO.self, from: response.body)
    }

    /// Adds transactions straight through the store, for tests about reading them.
    @discardableResult
    func add(_ person: Person, _ items: [NewTransaction]) async throws -> [Int64] {
        let account = try await AccountRepository(database: app.db, userID: person.id).cash(.eur, now: Timestamp.now())
        return try await transactions(person).insert(items, accountID: { _ in account.id }, now: Timestamp.now())
    }
}

/// A transaction for tests: `spend("REWE", "-12.50", at: "2026-03-01T10:00:00+01:00")`.
func spend(
    _ payee: String, _ amount: String, _ currency: Currency = .eur, at time: String = "2026-03-01T10:00:00Z",
    category: Int64? = nil, status: TransactionStatus = .cleared, notes: String = ""
) -> NewTransaction {
    NewTransaction(
        bookedAt: try! BookingTime(iso8601: time), payee: payee, notes: notes,
        money: try! Money(parsing: amount, currency: currency), status: status, categoryID: category)
}

extension ByteBuffer {
    var string: String { String(buffer: self) }
}

extension JSONDecoder {
    func decode<T: Decodable>(_ type: T.Type, from buffer: ByteBuffer) throws -> T {
        try decode(type, from: Data(buffer.readableBytesView))
    }
}
