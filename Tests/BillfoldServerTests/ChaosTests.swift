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
