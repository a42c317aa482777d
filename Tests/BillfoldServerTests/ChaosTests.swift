import BillfoldCore
import Foundation
import Testing
import Vapor

@testable import BillfoldServer

@Suite("Chaos for client developers")
struct ChaosTests {
    @Test("settings read from flags or the environment; nonsense is refused naming the setting")
    func settings() throws {
        let both = try Configuration.resolve(
            flags: .init(chaosDelay: "500ms-1.5s"), environment: ["BILLFOLD_CHAOS_FAILURE_RATE": "0.2"])
        #expect(both.chaos == ChaosSettings(delay: 0.5...1.5, failureRate: 0.2))
        #expect(try Configuration.resolve(flags: .init(), environment: [:]).chaos == nil)
        #expect(try Configuration.resolve(flags: .init(chaosDelay: "2s"), environment: [:]).chaos?.delay == 2...2)
        for (delay, rate) in [("fast", "0.1"), ("2s-1s", "0.1"), ("1s", "1.5"), ("1s", "-0.1"), ("90s", "0")] {
            #expect(throws: BillfoldError.self) {
                try Configuration.resolve(flags: .init(chaosDelay: delay, chaosFailureRate: rate), environment: [:])
            }
        }
    }

    @Test("with every request failing, the JSON APIs answer 503 in their own shape; pages and health do not fail")
    func failing() async throws {
        try await TestApp.run(.sqlite, environment: ["BILLFOLD_CHAOS_FAILURE_RATE": "1"]) { t in
            let ana = try await t.person("ana@example.com")
            let native = try await t.send(.GET, "/api/v1/me", as: ana)
            #expect(native.status == .serviceUnavailable && native.body.string.contains(#""code":"unavailable""#))
            #expect(native.headers.first(name: .retryAfter) != nil)
            let lunchMoney = try await t.send(.GET, "/v1/me", as: ana)
            #expect(lunchMoney.status == .serviceUnavailable && lunchMoney.body.string.hasPrefix(#"{"error":""#))
            let write = try await t.send(.POST, "/api/v1/projects", as: ana, json: #"{"title":"Garden"}"#)
            #expect(write.status == .serviceUnavailable)
            #expect(try await t.rowCount("projects", of: ana) == 0, "nothing written")
            #expect(try await t.send(.GET, "/signin").status == .ok)
            #expect(try await t.send(.GET, "/health/ready").status == .ok)
        }
    }
}

/// A server told to stop lets the requests it is answering finish before its database closes: one
/// whose client had gone on would otherwise reach for a closed database and crash the process.
@Suite("Stopping lets the requests in flight finish")
struct DrainsRequestsTests {
    @Test("a request still being answered when the server stops gets its answer", arguments: TestDatabase.all)
    func drained(database: TestDatabase) async throws {
        let (location, drop) = try await database.create()
        defer { Task { await drop() } }
        var configuration = try Configuration.resolve(flags: .init(chaosDelay: "300ms"), environment: [:])
        configuration.database = location
        configuration.logLevel = .warning
        let app = try await buildApplication(configuration, environment: .testing)
        let service = AccountService(database: app.db, clock: app.wallClock)
        let user = try await service.createUser(
            email: "ana@example.com", password: "correct horse", name: nil,
            preferences: Preferences(locale: "en-US", timeZone: "UTC", currency: .eur, deckSize: 20))
        let token = try await service.createToken(for: user, label: "tests").token
        let inFlight = try #require(app.requestsInFlight)
        // The chaos delay holds the request before it reads anything.
        let answer = Task {
            var status: HTTPResponseStatus?
            try await app.testing().test(
                .GET, "/api/v1/transactions", headers: ["Authorization": "Bearer \(token)"]
            ) { status = $0.status }
            return status
        }
        while inFlight.current == 0 { try await Task.sleep(nanoseconds: 5_000_000) }
        try await app.asyncShutdown()
        #expect(inFlight.current == 0, "shutting down waited for it")
        #expect(try await answer.value == .ok)
    }
}
