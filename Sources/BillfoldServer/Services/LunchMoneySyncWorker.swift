import BillfoldCore
import BillfoldStore
import Vapor

/// Runs in every serving instance: sends the Lunch Money outbox each second and starts the
/// scheduled pulls that are due. The database decides who does what (leases on the outbox, the
/// pull's claim), so instances never send a change twice or pull twice at once.
public struct LunchMoneySyncWorker: LifecycleHandler {
    public init() {}

    private struct TaskKey: StorageKey { typealias Value = Task<Void, Never> }

    public func didBoot(_ application: Application) throws {
        // Not in the words of the terminal `serve` started from: each person's texts are made in
        // their own (`startDuePulls`), the log in English.
        application.storage[TaskKey.self] = Task {
            await Words.$current.withValue(.english) { await Self.run(application) }
        }
    }

    public func shutdown(_ application: Application) {
        application.storage[TaskKey.self]?.cancel()
    }

    static func run(_ app: Application) async {
        let sender = LunchMoneySender(app: app, retrySeconds: app.billfoldConfiguration.lunchMoneyRetrySeconds)
        while !Task.isCancelled {
            do {
                try await sender.sendDue()
                try await startDuePulls(app)
            } catch {
                app.logger.warning("Lunch Money sync: \(Problem.of(error).message(in: .english))")
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    static func startDuePulls(_ app: Application) async throws {
        for userID in try await LunchMoneyConnectionRepository.duePulls(on: app.db, now: app.wallClock.seconds) {
            guard let user = try await UserRepository(database: app.db, clock: app.wallClock).find(id: userID) else {
                continue
            }
            // The pull sets its own words (the person's) for what it stores.
            do { try await app.lunchMoneyConnection(for: user).startPull(on: app) } catch {
                // A connection that cannot pull (its token no longer opens, say) says so where
                // the person looks, and is tried again on the next schedule: stored, so in their language.
                let words = Words(locale: user.preferences.locale)
                let message = words(
                    "error.service.lunchMoney.scheduledPullNotStarted",
                    ["reason": Problem.of(error).message(in: words)])
                try await app.writeTransaction { database in
                    try await LunchMoneyPullRepository(database: database, userID: userID).update(
                        .init(running: false, message: message, failed: true), now: app.wallClock.seconds)
                }
            }
        }
    }
}
