import BillfoldAPI
import BillfoldCore
import BillfoldServer
import Foundation
import Testing

@testable import BillfoldKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The client against a real server that refuses in every way a client meets: conflicts, the
/// sign-in limit, and a server in chaos mode answering 503 to everything, where the retries
/// are counted by the server's own metrics.
@Suite("BillfoldKit error mapping and retries", .serialized)
struct ErrorMappingTests {
    static let metricsToken = "metrics-token-for-kit-tests"

    @Test("409 for a category in use, 429 with the wait past the sign-in limit")
    func conflictsAndLimits() async throws {
        try await LiveServer.with(signInLimit: 2) { server in
            let client = try await ClientTests.signedIn(server)
            let rent = try await client.send(
                NativeAPI.addCategory, body: CategoryRequest(name: "Rent"), as: CategoryDTO.self)
            _ = try await client.addTransaction(
                CreateTransactionRequest(
                    bookedAt: "2026-11-02T10:00:00+01:00", payee: "Landlord", amount: "-900.00", currency: "EUR",
                    categoryId: rent.id))
            do {
                try await client.send(NativeAPI.deleteCategory, [rent.id], body: Empty?.none)
                Issue.record("a category in use was deleted")
            } catch let error as ClientError {
                #expect(error.kind == .conflict && error.status == 409 && error.code == "category_in_use")
            }
            for _ in 0..<2 {
                _ = try? await BillfoldClient.signIn(
                    server: server.url, email: "ana@example.com", password: "wrong horse", label: "x")
            }
            do {
                _ = try await BillfoldClient.signIn(
                    server: server.url, email: "ana@example.com", password: "correct horse", label: "x")
                Issue.record("the limit let a sign-in through")
            } catch let error as ClientError {
                guard case .rateLimited(let wait) = error.kind else {
                    Issue.record("expected rate limited, got \(error)")
                    return
                }
                #expect((wait ?? 0) > 0 && error.isTransient)
            }
        }
    }

    @Test("503 from a server in chaos: reads and keyed writes are tried again, a write without a key once")
    func retriesOnlyWhereSafe() async throws {
        try await LiveServer.with(
            chaos: ChaosSettings(delay: 0...0, failureRate: 1), metricsToken: Self.metricsToken
        ) { server in
            try await server.person("ana@example.com")
            // The chaos spares nothing JSON, so the token comes from the store directly.
            let token = try await server.token(for: "ana@example.com")
            let client = BillfoldClient(
                baseURL: server.url, token: token, retry: RetryPolicy(attempts: 3, baseDelay: 0.01, maximumDelay: 0.02))
            do {
                _ = try await client.accounts()
                Issue.record("chaos let a read through")
            } catch let error as ClientError {
                #expect(error.kind == .serverTrouble(status: 503) && error.code == "unavailable")
                #expect(error.message.contains("Chaos mode"))
            }
            #expect(try await server.requests("GET", "/api/v1/accounts", status: 503) == 3)
            _ = try? await client.send(NativeAPI.revokeToken, [1], body: Empty?.none, idempotencyKey: .none)
            #expect(try await server.requests("DELETE", "/api/v1/tokens/:id", status: 503) == 1)
            _ = try? await client.send(NativeAPI.revokeToken, [1], body: Empty?.none, idempotencyKey: .key("k"))
            #expect(try await server.requests("DELETE", "/api/v1/tokens/:id", status: 503) == 4)
        }
    }
}

extension LiveServer {
    /// A token for a person, made in the store (for servers whose API refuses everything).
    func token(for email: String) async throws -> String {
        try await withApp { app in
            guard
                let user = try await AccountService(database: app.db, clock: app.wallClock).signIn(
                    email: email, password: "correct horse")
            else { throw ClientError(.signInAgain, message: "no such person") }
            return try await AccountService(database: app.db, clock: app.wallClock).createToken(
                for: user, label: "direct"
            ).token
        }
    }

    /// How many requests the server counted for a route pattern and status (its own metrics).
    func requests(_ method: String, _ route: String, status: Int) async throws -> Int {
        var request = URLRequest(url: url.appendingPathComponent("metrics"))
        request.setValue("Bearer \(ErrorMappingTests.metricsToken)", forHTTPHeaderField: "Authorization")
        let (data, _) = try await URLSession.shared.data(for: request)
        let text = String(decoding: data, as: UTF8.self)
        let line = text.split(separator: "\n").first {
            $0.hasPrefix("http_requests_total{") && $0.contains("method=\"\(method)\"")
                && $0.contains("path=\"\(route)\"") && $0.contains("status=\"\(status)\"")
        }
        return line.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
    }
}
