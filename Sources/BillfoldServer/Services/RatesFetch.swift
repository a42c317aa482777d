import BillfoldCore
import BillfoldStore
import Foundation
import Vapor

/// Fetches the published rates from the configured address (`BILLFOLD_RATES_URL`, off by
/// default) through the outbound checks, at most once per interval across every instance on the
/// database (the first to claim it fetches), and keeps them under the address's host name. A
/// failure leaves the rates as they were and is noted where Settings shows it.
public enum RatesFetch {
    /// How soon a failed fetch is tried again.
    static let retrySeconds: Int64 = 3600

    /// The name the fetched rates are kept under.
    static func source(_ url: URL) -> String { String((url.host ?? "fetched").prefix(40)) }

    /// Fetches now if it is due (always when `force`); nil when nothing was due or no address is set.
    @discardableResult
    public static func run(_ app: Application, force: Bool = false) async throws -> RatesImport.Summary? {
        let config = app.billfoldConfiguration
        guard let url = config.ratesURL else { return nil }
        let name = source(url)
        let now = app.wallClock.seconds
        let repository = RatesRepository(database: app.db.sql)
        guard try await repository.claimFetch(name, now: now, every: force ? 0 : config.ratesFetchSeconds) else {
            return nil
        }
        do {
            let answer: OutboundFetch.Answer
            do {
                answer = try await app.outboundFetch.get(url, bearer: nil)
            } catch let refusal as OutboundFetch.Refusal {
                throw refusal.problem(url.host ?? "")
            }
            guard answer.status == .ok else {
                throw BillfoldError(
                    .unavailable, Phrase("error.rates.fetchStatus", ["status": String(answer.status.code)]))
            }
            return try await RatesImport.run(answer.body, source: name, on: app.db, now: now)
        } catch {
            // Tried again within the hour (or the interval, when shorter), not a day later.
            let every = config.ratesFetchSeconds
            try await repository.fetchFailed(
                name, reason: FetchFailure.stored(Problem.of(error).phrase),
                retryAt: now + min(every, Self.retrySeconds),
                every: every)
            throw error
        }
    }
}

/// Why a fetch failed, kept in the words of whoever reads it later: the sentence's key and
/// values, not its text in one language.
enum FetchFailure {
    private struct Stored: Codable {
        var key: String
        var values: [String: String]
    }

    static func stored(_ phrase: Phrase) -> String {
        let data = (try? JSONEncoder().encode(Stored(key: phrase.key, values: phrase.values))) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// The reason in the current words (text that is not a stored reason is shown as it is).
    static func text(_ stored: String) -> String {
        guard let reason = try? JSONDecoder().decode(Stored.self, from: Data(stored.utf8)) else { return stored }
        return tr(reason.key, reason.values)
    }
}

/// Runs in every serving instance when `BILLFOLD_RATES_URL` is set: each minute, fetches the
/// rates if no instance has in the interval.
public struct RatesFetchWorker: LifecycleHandler {
    public init() {}

    private struct TaskKey: StorageKey { typealias Value = Task<Void, Never> }

    public func didBoot(_ application: Application) throws {
        guard application.billfoldConfiguration.ratesURL != nil else { return }
        application.storage[TaskKey.self] = Task {
            await Words.$current.withValue(.english) {
                while !Task.isCancelled {
                    do {
                        if let fetched = try await RatesFetch.run(application) {
                            application.logger.info("Exchange rates fetched: \(fetched.written) rates")
                        }
                    } catch {
                        application.logger.warning(
                            "Exchange rates not fetched: \(Problem.of(error).message(in: .english))")
                    }
                    try? await Task.sleep(for: .seconds(60))
                }
            }
        }
    }

    public func shutdown(_ application: Application) {
        application.storage[TaskKey.self]?.cancel()
    }
}
