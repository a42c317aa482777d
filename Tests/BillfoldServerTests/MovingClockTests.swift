import BillfoldAPI
import BillfoldCore
import Foundation
import Synchronization
import Testing
import VaporTesting

@testable import BillfoldServer

/// A clock a test moves by hand: the server's one clock, so a day passes in an instant.
final class ClockHand: Sendable {
    private let time = Mutex(Date(timeIntervalSince1970: 1_790_000_000))  // 2026-09-21
    var clock: WallClock { WallClock { self.time.withLock { $0 } } }
    func move(hours: Double) { time.withLock { $0 += hours * 3600 } }
}

/// Every rule that depends on time reads the clock the server was given: moved forward, the undo
/// window closes, an Idempotency-Key is forgotten, the sign-in limit's window passes, a session
/// goes idle, and a new row is stamped with the moved time.
@Suite("Time rules follow the server's clock")
struct MovingClockTests {
    static func add(_ t: TestApp, _ ana: TestApp.Person, key: String? = nil) async throws -> TransactionDTO {
        let response = try await t.send(
            .POST, "/api/v1/transactions", as: ana,
            json: #"{"bookedAt": "2026-09-20T10:00:00Z", "payee": "Bakery", "amount": "-3.20", "currency": "EUR"}"#,
            headers: key.map { ["Idempotency-Key": $0] } ?? [:])
        #expect(response.status == .created, "\(response.body.string)")
        return try JSONDecoder().decode(TransactionDTO.self, from: response.body)
    }

    @Test("undo, Idempotency-Keys and stamps", arguments: TestDatabase.all)
    func writes(database: TestDatabase) async throws {
        let hand = ClockHand()
        try await TestApp.run(database, clock: hand.clock) { t in
            let ana = try await t.person("ana@example.com")
            let first = try await Self.add(t, ana, key: "key-1")
            #expect(first.createdAt == "2026-09-21T14:13:20Z", "stamped with the server's clock")
            #expect(try await Self.add(t, ana, key: "key-1").id == first.id, "the same key replays")

            let deleted = try await t.send(.DELETE, "/api/v1/transactions/\(first.id)", as: ana)
            let deletion = try JSONDecoder().decode(DeletionDTO.self, from: deleted.body)
            hand.move(hours: 23)
            let kept = try await Self.add(t, ana)
            let keptDeletion = try JSONDecoder().decode(
                DeletionDTO.self, from: try await t.send(.DELETE, "/api/v1/transactions/\(kept.id)", as: ana).body)
            hand.move(hours: 2)
            // A day after the first delete it can no longer be undone; the later one still can.
            #expect(
                try await t.send(.POST, "/api/v1/deletions/\(deletion.deletionId)/restore", as: ana).status == .notFound
            )
            #expect(
                try await t.send(.POST, "/api/v1/deletions/\(keptDeletion.deletionId)/restore", as: ana).status == .ok)
            // A day on, the key is free again: the same request makes a new transaction.
            let again = try await Self.add(t, ana, key: "key-1")
            #expect(again.id != first.id && again.createdAt == "2026-09-22T15:13:20Z")
        }
    }

    @Test("the sign-in window and an idle session", arguments: TestDatabase.all)
    func signIn(database: TestDatabase) async throws {
        let hand = ClockHand()
        try await TestApp.run(database, clock: hand.clock) { t in
            let ana = try await t.person("ana@example.com")
            func signIn(_ password: String) async throws -> HTTPStatus {
                try await t.send(
                    .POST, "/api/v1/tokens",
                    json: #"{"email": "ana@example.com", "password": "\#(password)", "label": "phone"}"#
                ).status
            }
            var statuses: [HTTPStatus] = []
            for _ in 0..<12 { statuses.append(try await signIn("wrong horse")) }
            #expect(statuses.last == .tooManyRequests, "\(statuses)")
            hand.move(hours: 0.3)
            #expect(try await signIn("correct horse") == .created, "the window has passed")

            let secret = try await AccountService(database: t.app.db, clock: t.app.wallClock).startSession(
                for: ana.user, lifetime: 30 * 86_400)
            let cookie: HTTPHeaders = ["Cookie": "\(SessionAuthenticator.cookie)=\(secret)"]
            #expect(try await t.send(.GET, "/api/v1/me", headers: cookie).status == .ok)
            hand.move(hours: 15 * 24)
            #expect(try await t.send(.GET, "/api/v1/me", headers: cookie).status == .unauthorized, "idle for 15 days")

            // Used every 10 days, a session outlives the idle limit counted from its start, and ends
            // with its lifetime all the same.
            let used = try await AccountService(database: t.app.db, clock: t.app.wallClock).startSession(
                for: ana.user, lifetime: 30 * 86_400)
            let usedCookie: HTTPHeaders = ["Cookie": "\(SessionAuthenticator.cookie)=\(used)"]
            for days in [10, 20] {
                hand.move(hours: 10 * 24)
                #expect(try await t.send(.GET, "/api/v1/me", headers: usedCookie).status == .ok, "used on day \(days)")
            }
            hand.move(hours: 11 * 24)
            #expect(try await t.send(.GET, "/api/v1/me", headers: usedCookie).status == .unauthorized, "past 30 days")
        }
    }
}
