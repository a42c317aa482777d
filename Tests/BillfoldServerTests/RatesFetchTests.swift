import BillfoldCore
import BillfoldStore
import Foundation
import Testing

@testable import BillfoldServer

/// The fetch's claim, shared by every instance on a database: one fetch per interval, whoever
/// asks; a failure is noted without touching the rates, and the next success clears it.
@Suite("Fetching rates")
struct RatesFetchTests {
    @Test("one claim per interval across instances; a failure noted, a success clears it", arguments: TestDatabase.all)
    func claims(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let one = RatesRepository(database: t.app.db.sql)
            let other = RatesRepository(database: t.app.db.sql)
            #expect(try await one.claimFetch("rates.example", now: 1000, every: 3600))
            #expect(!(try await other.claimFetch("rates.example", now: 1001, every: 3600)), "claimed already")
            #expect(!(try await one.claimFetch("rates.example", now: 4599, every: 3600)))
            #expect(try await other.claimFetch("rates.example", now: 4600, every: 3600), "the interval is over")

            let reason = FetchFailure.stored(Phrase("error.rates.fetchStatus", ["status": "503"]))
            // Failed: tried again at the time given (here 1000 s on), not a whole interval later.
            try await one.fetchFailed("rates.example", reason: reason, retryAt: 5600, every: 3600)
            var source = try await one.sources().first
            #expect(source?.changedAt == 0 && source?.rates == 0 && source?.attemptedAt == 2000)
            #expect(!(try await one.claimFetch("rates.example", now: 5599, every: 3600)))
            #expect(try await one.claimFetch("rates.example", now: 5600, every: 3600))
            #expect(
                source.flatMap { $0.lastError.map(FetchFailure.text) }
                    == "The rates address answered with status 503 instead of the rates.")
            #expect(try await one.all().isEmpty)

            let rate = ExchangeRate(day: Day(year: 2025, month: 5, day: 9), base: "EUR", currency: "USD", rate: 1.1252)
            try await one.save([rate], source: "rates.example", now: 5700)
            source = try await one.sources().first
            #expect(source?.lastError == nil && source?.changedAt == 5700 && source?.rates == 1)
        }
    }
}
