import BillfoldAPI
import BillfoldCore
import Foundation
import Testing

@testable import BillfoldKit

/// BillfoldKit's client against a real Billfold on a loopback port: signing in, typed calls, and
/// every failure mapped to what a person should read.
@Suite("BillfoldKit client", .serialized)
struct ClientTests {
    static let fast = RetryPolicy(attempts: 3, baseDelay: 0.05, maximumDelay: 0.2)

    static func signedIn(_ server: LiveServer, _ email: String = "ana@example.com") async throws -> BillfoldClient {
        try await server.person(email)
        let created = try await BillfoldClient.signIn(
            server: server.url, email: email, password: "correct horse", label: "Tests")
        return BillfoldClient(baseURL: server.url, token: created.token, retry: fast)
    }

    @Test("signs in for a token, and reads who it is and their transactions")
    func signInAndRead() async throws {
        try await LiveServer.with { server in
            let client = try await Self.signedIn(server)
            #expect(try await client.me().email == "ana@example.com")
            let added = try await client.addTransaction(
                CreateTransactionRequest(
                    bookedAt: "2026-11-02T10:00:00+01:00", payee: "Bakery", amount: "-3.20", currency: "EUR"))
            let page = try await client.transactions(TransactionFilter(text: "bakery"))
            #expect(page.transactions.map(\.id) == [added.id])
            #expect(page.totals.map(\.amount) == ["-3.20"])
            #expect(try await client.tokens().map(\.label) == ["Tests"])
            let months = try await client.reviewMonths()
            #expect(months == ReviewMonthsResponse(months: [LookbackResponse(month: "2026-11", count: 1)], total: 1))
        }
    }

    @Test("failures are mapped: wrong password, bad token, missing, invalid input, key reused")
    func errorMapping() async throws {
        try await LiveServer.with { server in
            let client = try await Self.signedIn(server)
            do {
                _ = try await BillfoldClient.signIn(
                    server: server.url, email: "ana@example.com", password: "wrong horse", label: "x")
                Issue.record("a wrong password signed in")
            } catch let error as ClientError {
                #expect(error.kind == .signInAgain && error.code == "unauthorized" && error.requestID != nil)
            }
            let stranger = BillfoldClient(baseURL: server.url, token: "not-a-token", retry: Self.fast)
            await #expect(throws: ClientError.self) { try await stranger.me() }
            do {
                _ = try await stranger.me()
            } catch let error as ClientError {
                #expect(error.kind == .signInAgain && error.status == 401)
            }
            do {
                _ = try await client.transaction(987_654_321)
            } catch let error as ClientError {
                #expect(error.kind == .notFound && error.message.contains("transaction"))
            }
            do {
                _ = try await client.addTransaction(
                    CreateTransactionRequest(
                        bookedAt: "2026-11-02T10:00:00+01:00", payee: "Bakery", amount: "lots", currency: "EUR"))
            } catch let error as ClientError {
                guard case .validation(let fields) = error.kind else {
                    Issue.record("expected a validation error, got \(error)")
                    return
                }
                #expect(fields["amount"] != nil && error.code == "invalid_amount")
            }
            let new = CreateTransactionRequest(
                bookedAt: "2026-11-02T10:00:00+01:00", payee: "Bakery", amount: "-1.00", currency: "EUR")
            _ = try await client.addTransaction(new, idempotencyKey: .key("same"))
            var other = new
            other.payee = "Butcher"
            do {
                _ = try await client.addTransaction(other, idempotencyKey: .key("same"))
            } catch let error as ClientError {
                #expect(error.kind == .conflict && error.code == "idempotency_key_reused")
            }
        }
    }

    @Test("a client made in another language asks the server for it: its messages come in that language")
    func serverSpeaksTheClientsLanguage() async throws {
        try await LiveServer.with { server in
            let english = try await Self.signedIn(server)
            let german = Words.$current.withValue(Words(language: .german)) {
                BillfoldClient(baseURL: server.url, token: english.token, retry: Self.fast)
            }
            for (client, words) in [(english, Words.english), (german, Words(language: .german))] {
                do {
                    _ = try await client.transaction(987_654_321)
                    Issue.record("a missing transaction was found")
                } catch let error as ClientError {
                    #expect(error.message == words("error.notFound.transaction"))
                }
            }
        }
    }

    @Test("a stopped server reads as offline; reads are retried, and a write without a key is not")
    func offline() async throws {
        try await LiveServer.with { server in
            let client = try await Self.signedIn(server)
            try await server.stop()
            do {
                _ = try await client.me()
                Issue.record("a stopped server answered")
            } catch let error as ClientError {
                #expect(error.kind == .offline && error.isTransient)
            }
            try await server.start()
            #expect(try await client.me().email == "ana@example.com")
        }
    }

    @Test("retry policy: only transient failures of requests safe to repeat, never sooner than Retry-After")
    func retryPolicy() {
        let policy = RetryPolicy(attempts: 3, baseDelay: 1, maximumDelay: 4)
        let offline = ClientError(.offline, message: "")
        #expect(policy.delay(after: offline, attempt: 1, safeToRepeat: true) != nil)
        #expect(policy.delay(after: offline, attempt: 1, safeToRepeat: false) == nil)
        #expect(policy.delay(after: offline, attempt: 3, safeToRepeat: true) == nil)
        let limited = ClientError(.rateLimited(retryAfter: 3), message: "")
        #expect(policy.delay(after: limited, attempt: 1, safeToRepeat: true) ?? 0 >= 3)
        #expect(policy.delay(after: ClientError(.notFound, message: ""), attempt: 1, safeToRepeat: true) == nil)
        #expect(
            policy.delay(after: ClientError(.serverTrouble(status: 503), message: ""), attempt: 1, safeToRepeat: true)
                != nil)
        #expect(
            policy.delay(after: ClientError(.serverTrouble(status: 500), message: ""), attempt: 1, safeToRepeat: true)
                == nil)
    }
}
