import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Foundation
import Testing

@testable import BillfoldServer

/// Recurring payments found in the history, kept up to date from every way in, decided on by the
/// person, and answered to Lunch Money clients.
@Suite("Recurring payments")
struct RecurringTests {
    static let clock = WallClock.fixed(Date(timeIntervalSince1970: 1_796_464_800))  // 2026-12-05 10:00 UTC

    static func list(_ t: TestApp, _ person: TestApp.Person) async throws -> RecurringListResponse {
        try await t.get(RecurringListResponse.self, "/api/v1/recurring", as: person)
    }

    static func importFile(_ t: TestApp, _ person: TestApp.Person, _ rows: [String]) async throws {
        let csv = "Date;Payee;Amount\n" + rows.joined(separator: "\n") + "\n"
        let imported = try await t.send(
            .POST, "/api/v1/imports?account=Giro&currency=EUR", as: person, json: csv,
            headers: ["Content-Type": "text/csv"])
        #expect(imported.status == .created, "\(imported.body.string)")
    }

    /// Netflix monthly (a price change last month), Spotify monthly, and a supermarket shopped
    /// at without a rhythm.
    static let history = [
        "2026-06-30;NETFLIX.COM 866-579;-12,99", "2026-07-31;NETFLIX.COM 866-579;-12,99",
        "2026-08-31;NETFLIX.COM 866-579;-12,99", "2026-09-30;NETFLIX.COM 866-579;-12,99",
        "2026-10-31;NETFLIX.COM 866-579;-15,49",
        "2026-08-03;SPOTIFY P2B3C;-9,99", "2026-09-03;SPOTIFY P2B3C;-9,99", "2026-10-03;SPOTIFY P2B3C;-9,99",
        "2026-08-01;REWE MARKT;-23,10", "2026-08-09;REWE MARKT;-41,80", "2026-08-27;REWE MARKT;-12,00",
        "2026-09-02;REWE MARKT;-30,55", "2026-10-19;REWE MARKT;-8,20",
    ]

    @Test(
        "found in an import, decided on, kept up to date from other ways in, and asked again",
        arguments: TestDatabase.all)
    func foundAndKept(database: TestDatabase) async throws {
        try await TestApp.run(database, clock: Self.clock) { t in
            let ana = try await t.person("ana@example.com")
            try await Self.importFile(t, ana, Self.history)
            var list = try await Self.list(t, ana)
            #expect(list.recurring.map(\.payee) == ["Spotify", "Netflix"], "by when each is next due")
            let netflix = try #require(list.recurring.first { $0.payee == "Netflix" })
            #expect(netflix.rhythm == "monthly" && netflix.amount == "-15.49" && netflix.previousAmount == "-12.99")
            #expect(netflix.nextExpected == "2026-11-30" && netflix.lastSeen == "2026-10-31")
            #expect(netflix.perMonth == "-15.49" && netflix.perYear == "-185.88" && netflix.seenCount == 5)
            #expect(netflix.state == "found" && !netflix.missed)
            let spotify = try #require(list.recurring.first { $0.payee == "Spotify" })
            #expect(spotify.nextExpected == "2026-11-03" && spotify.missed, "a month late is missed")
            #expect(list.monthlyCost == [CurrencyAmountDTO(currency: "EUR", amount: "25.48")])

            // The person's decisions.
            let confirmed = try await t.send(
                .PUT, "/api/v1/recurring/\(netflix.id)", as: ana, json: #"{"state":"confirmed"}"#)
            #expect(confirmed.status == .ok, "\(confirmed.body.string)")
            let dismissed = try await t.send(
                .PUT, "/api/v1/recurring/\(spotify.id)", as: ana, json: #"{"state":"dismissed"}"#)
            #expect(dismissed.status == .ok)
            let bad = try await t.send(.PUT, "/api/v1/recurring/\(spotify.id)", as: ana, json: #"{"state":"maybe"}"#)
            #expect(bad.status == .badRequest && bad.body.string.contains("validation_failed"))

            // November's Netflix typed in (the native API), Disney+ three times through /v1.
            let typed = try await t.send(
                .POST, "/api/v1/transactions", as: ana,
                json:
                    #"{"payee":"NETFLIX.COM 866-579","amount":"-15.49","currency":"EUR","bookedAt":"2026-11-30T08:00:00Z"}"#
            )
            #expect(typed.status == .created, "\(typed.body.string)")
            let v1 = try await t.send(
                .POST, "/v1/transactions", as: ana,
                json: """
                    {"transactions": [{"date": "2026-09-12", "payee": "Disney Plus", "amount": "8.99"},
                      {"date": "2026-10-12", "payee": "Disney Plus", "amount": "8.99"},
                      {"date": "2026-11-12", "payee": "Disney Plus", "amount": "8.99"}]}
                    """)
            #expect(v1.status == .ok, "\(v1.body.string)")
            list = try await Self.list(t, ana)
            let seenAgain = try #require(list.recurring.first { $0.id == netflix.id })
            #expect(seenAgain.state == "confirmed" && seenAgain.lastSeen == "2026-11-30" && seenAgain.seenCount == 6)
            #expect(seenAgain.nextExpected == "2026-12-31", "billed on the 31st: December's last day")
            let disney = try #require(list.recurring.first { $0.payee == "Disney Plus" })
            #expect(disney.new && disney.state == "found" && disney.currency == "EUR")
            #expect(list.recurring.last?.id == spotify.id && list.recurring.last?.state == "dismissed")
            #expect(list.monthlyCost == [CurrencyAmountDTO(currency: "EUR", amount: "24.48")])

            // Looking through everything again keeps every decision.
            let again = try await t.send(.POST, "/api/v1/recurring/find", as: ana)
            #expect(again.status == .ok)
            let after = try JSONDecoder().decode(RecurringListResponse.self, from: again.body)
            #expect(after.recurring.map(\.id).sorted() == list.recurring.map(\.id).sorted())
            #expect(after.recurring.first { $0.id == spotify.id }?.state == "dismissed")
            #expect(after.recurring.first { $0.id == netflix.id }?.seenCount == 6)

            // Nobody else sees or decides on them.
            let ben = try await t.person("ben@example.com")
            #expect(try await Self.list(t, ben).recurring.isEmpty)
            #expect(try await t.send(.GET, "/api/v1/recurring/\(netflix.id)", as: ben).status == .notFound)
            let foreign = try await t.send(
                .PUT, "/api/v1/recurring/\(netflix.id)", as: ben, json: #"{"state":"dismissed"}"#)
            #expect(foreign.status == .notFound)
            #expect(try await t.send(.DELETE, "/api/v1/recurring/\(netflix.id)", as: ben).status == .notFound)
        }
    }

    @Test("one added by hand takes the bank's bookings of it; bad input is refused", arguments: TestDatabase.all)
    func byHand(database: TestDatabase) async throws {
        try await TestApp.run(database, clock: Self.clock) { t in
            let ana = try await t.person("ana@example.com")
            let made = try await t.send(
                .POST, "/api/v1/recurring", as: ana,
                json: #"{"payee":"FitX","amount":"24.90","rhythm":"monthly","nextDate":"2026-12-01"}"#)
            #expect(made.status == .created, "\(made.body.string)")
            let gym = try JSONDecoder().decode(RecurringDTO.self, from: made.body)
            #expect(gym.amount == "-24.90" && gym.state == "confirmed" && gym.addedByHand && gym.lastSeen == nil)
            #expect(gym.nextExpected == "2026-12-01" && gym.currency == "EUR" && !gym.missed)
            for (body, field) in [
                (#"{"payee":"","amount":"1","rhythm":"monthly","nextDate":"2026-12-01"}"#, "payee"),
                (#"{"payee":"A","amount":"abc","rhythm":"monthly","nextDate":"2026-12-01"}"#, "amount"),
                (#"{"payee":"A","amount":"0","rhythm":"monthly","nextDate":"2026-12-01"}"#, "amount"),
                (#"{"payee":"A","amount":"1","rhythm":"daily","nextDate":"2026-12-01"}"#, "rhythm"),
                (#"{"payee":"A","amount":"1","rhythm":"monthly","nextDate":"2026-02-30"}"#, "nextDate"),
                (#"{"payee":"A","amount":"1","currency":"XX","rhythm":"monthly","nextDate":"2026-12-01"}"#, "currency"),
            ] {
                let refused = try await t.send(.POST, "/api/v1/recurring", as: ana, json: body)
                #expect(refused.status.code >= 400 && refused.status.code < 500, "\(body)")
                #expect(refused.body.string.contains(field), "\(body): \(refused.body.string)")
            }
            try await Self.importFile(t, ana, ["2026-12-01;FITX STUDIO 0042;-24,90"])
            let seen = try #require(try await Self.list(t, ana).recurring.first { $0.id == gym.id })
            #expect(seen.lastSeen == "2026-12-01" && seen.seenCount == 1 && seen.payee == "FitX")
            #expect(seen.nextExpected == "2027-01-01")
            #expect(try await Self.list(t, ana).recurring.count == 1)
            #expect(try await t.send(.DELETE, "/api/v1/recurring/\(gym.id)", as: ana).status == .noContent)
            #expect(try await Self.list(t, ana).recurring.isEmpty, "one added by hand is forgotten")
        }
    }

    @Test(
        "/v1/recurring_items answers in Lunch Money's shape, with the month's transactions", arguments: TestDatabase.all
    )
    func lunchMoney(database: TestDatabase) async throws {
        try await TestApp.run(database, clock: Self.clock) { t in
            let ana = try await t.person("ana@example.com")
            try await Self.importFile(t, ana, Self.history)
            let list = try await Self.list(t, ana)
            let spotify = try #require(list.recurring.first { $0.payee == "Spotify" })
            #expect(
                try await t.send(.PUT, "/api/v1/recurring/\(spotify.id)", as: ana, json: #"{"state":"dismissed"}"#)
                    .status == .ok)
            let answer = try await t.send(.GET, "/v1/recurring_items?start_date=2026-10-01", as: ana)
            #expect(answer.status == .ok, "\(answer.body.string)")
            let items = try #require(
                try JSONSerialization.jsonObject(with: Data(answer.body.readableBytesView)) as? [[String: Any]])
            #expect(items.count == 1, "a dismissed payment is not recurring to the person")
            let netflix = try #require(items.first)
            #expect(netflix["payee"] as? String == "Netflix" && netflix["amount"] as? String == "15.4900")
            #expect(netflix["cadence"] as? String == "monthly" && netflix["granularity"] as? String == "month")
            #expect(netflix["currency"] as? String == "eur" && netflix["is_income"] as? Bool == false)
            let within = try #require(netflix["transactions_within_range"] as? [[String: Any]])
            #expect(within.map { $0["date"] as? String } == ["2026-10-31"])
            #expect(
                within.first?["recurring_id"] as? Int64 == Int64(list.recurring.first { $0.payee == "Netflix" }!.id))
            let occurrences = try #require(netflix["occurrences"] as? [String: Any])
            #expect(occurrences.keys.sorted() == ["2026-10-31"])
            let negative = try await t.send(
                .GET, "/v1/recurring_items?start_date=2026-11-01&debit_as_negative=true", as: ana)
            let later = try #require(
                try JSONSerialization.jsonObject(with: Data(negative.body.readableBytesView)) as? [[String: Any]])
            #expect(later.first?["amount"] as? String == "-15.4900")
            #expect((later.first?["occurrences"] as? [String: Any])?.keys.sorted() == ["2026-11-30"], "still expected")
            let expenses = try await t.send(.GET, "/v1/recurring_expenses", as: ana)
            #expect(expenses.body.string.contains(#""payee":"Netflix""#))
            let wrong = try await t.send(.GET, "/v1/recurring_items?start_date=2026-13-01", as: ana)
            #expect(wrong.status.code >= 400 && wrong.status.code < 500)
        }
    }
}
