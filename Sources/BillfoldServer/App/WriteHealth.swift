import BillfoldCore
import NIOConcurrencyHelpers
import SQLKit
import Vapor

/// Whether the database can take writes: a write that failed because the disk is full or the
/// database is read-only is remembered, and `/health/ready` fails (503, saying which) until a
/// write succeeds again, so a load balancer stops sending people to an instance that would
/// refuse what they save.
final class WriteHealth: Sendable {
    private let trouble = NIOLockedValueBox<(problem: BillfoldError, at: Date)?>(nil)
    /// How long readiness fails after a write could not be made, before a small write is tried:
    /// a small write may fit where a person's did not (the last free bytes of a full disk).
    let holdSeconds: NIOLockedValueBox<TimeInterval> = .init(30)

    func failed(_ problem: BillfoldError, at now: Date) { trouble.withLockedValue { $0 = (problem, now) } }

    /// Nil when writes work. After a failure, and `holdSeconds` later, a small write is tried (a
    /// row added and taken back, committed): the failure is forgotten once it succeeds.
    func check(_ app: Application) async -> BillfoldError? {
        guard let (known, at) = trouble.withLockedValue({ $0 }) else { return nil }
        if app.wallClock.now.timeIntervalSince(at) < holdSeconds.withLockedValue({ $0 }) { return known }
        do {
            try await app.writeTransaction { database in
                try await database.sql.raw(
                    "INSERT INTO sign_in_attempts (key, attempted_at) VALUES ('health:write', 0)"
                ).run()
                try await database.sql.raw("DELETE FROM sign_in_attempts WHERE key = 'health:write'").run()
            }
        } catch {
            let problem = DatabaseTrouble.classify(error)?.1 ?? known
            return DatabaseTrouble.cannotWrite(problem) ? problem : known
        }
        trouble.withLockedValue { $0 = nil }
        return nil
    }
}

extension Application {
    private struct WriteHealthKey: StorageKey { typealias Value = WriteHealth }

    /// This instance's memory of writes that could not be made.
    var writeHealth: WriteHealth {
        if let health = storage[WriteHealthKey.self] { return health }
        let health = WriteHealth()
        storage[WriteHealthKey.self] = health
        return health
    }
}
