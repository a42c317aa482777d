import BillfoldCore
import Foundation
import Testing

@Suite("Recurring payments found in a person's history")
struct RecurringFinderTests {
    static func day(_ text: String) -> Day { try! Day(parsing: text, field: "day") }

    static func booking(_ text: String, _ amount: String, _ day: String, currency: Currency = .eur)
        -> RecurringFinder.Booking
    {
        RecurringFinder.Booking(
            bankText: text, payee: PayeeCleaner.clean(text), money: try! Money(parsing: amount, currency: currency),
            day: Self.day(day))
    }

    @Test("a monthly subscription: its rhythm, price change, next day and cost per month and year")
    func monthly() throws {
        let found = RecurringFinder.find([
            Self.booking("NETFLIX.COM 866-579-7172 CA", "-12.99", "2026-06-30"),
            Self.booking("NETFLIX.COM 866-579-7172 CA", "-12.99", "2026-07-31"),
            Self.booking("NETFLIX.COM 866-579-7172 CA", "-12.99", "2026-08-31"),
            Self.booking("NETFLIX.COM 866-579-7172 CA", "-12.99", "2026-09-30"),
            Self.booking("NETFLIX.COM 866-579-7172 CA", "-15.49", "2026-10-31"),
        ])
        let netflix = try #require(found.first)
        #expect(found.count == 1)
        #expect(netflix.rhythm == .monthly && netflix.count == 5)
        #expect(netflix.usual.decimalString == "-15.49", "the new price is what comes next")
        #expect(netflix.before?.decimalString == "-12.99" && netflix.latest.decimalString == "-15.49")
        #expect(netflix.nextExpected == Self.day("2026-11-30"), "31 October's next is November's last day")
        #expect(netflix.perYear.decimalString == "-185.88" && netflix.perMonth.decimalString == "-15.49")
        #expect(!netflix.isMissed(on: Self.day("2026-12-07")))
        #expect(netflix.isMissed(on: Self.day("2026-12-08")))
        #expect(!netflix.isNew(on: Self.day("2026-11-01")))
    }

    @Test("a payment due on the 31st is expected on the 31st after February's 28th")
    func monthEnd() throws {
        let rent = try #require(
            RecurringFinder.find(
                ["2025-11-30", "2025-12-31", "2026-01-31", "2026-02-28"].map {
                    Self.booking("MIETE HAUSVERWALTUNG", "-950.00", $0)
                }
            ).first)
        #expect(rent.billingDay == 31 && rent.nextExpected == Self.day("2026-03-31"))
    }

    @Test("weekly, quarterly and yearly rhythms; a salary is recurring income")
    func rhythms() throws {
        let found = RecurringFinder.find(
            ["2026-09-01", "2026-09-08", "2026-09-15", "2026-09-23", "2026-09-29"].map {
                Self.booking("FITX STUDIO", "-9.90", $0)
            }
                + ["2026-01-15", "2026-04-14", "2026-07-15", "2026-10-15"].map {
                    Self.booking("ALLIANZ VERSICHERUNG", "-120.00", $0)
                }
                + ["2023-03-02", "2024-03-01", "2025-03-03"].map { Self.booking("DOMAINS INC", "-25.00", $0) }
                + ["2026-08-27", "2026-09-28", "2026-10-27"].map { Self.booking("ACME GMBH GEHALT", "3100.00", $0) })
        let byPayee = Dictionary(uniqueKeysWithValues: found.map { ($0.payee, $0) })
        #expect(byPayee["Fitx Studio"]?.rhythm == .weekly)
        #expect(byPayee["Fitx Studio"]?.perMonth.decimalString == "-42.90")
        #expect(byPayee["Allianz Versicherung"]?.rhythm == .quarterly)
        #expect(byPayee["Allianz Versicherung"]?.nextExpected == Self.day("2027-01-15"))
        #expect(byPayee["Domains"]?.rhythm == .yearly, "\(found.map(\.payee))")
        #expect(byPayee["Acme Gmbh Gehalt"]?.usual.isIncome == true)
        #expect(found.count == 4)
    }

    @Test("shopping at the same store, two payments, or amounts far apart are not recurring")
    func notRecurring() {
        let found = RecurringFinder.find(
            ["2026-09-01", "2026-09-03", "2026-09-11", "2026-09-12", "2026-10-02", "2026-10-25"].map {
                Self.booking("REWE MARKT 4411", "-23.40", $0)
            }
                + [Self.booking("SPOTIFY", "-9.99", "2026-09-05"), Self.booking("SPOTIFY", "-9.99", "2026-10-05")]
                + [
                    Self.booking("IKEA", "-12.00", "2026-07-01"), Self.booking("IKEA", "-480.00", "2026-08-01"),
                    Self.booking("IKEA", "-35.00", "2026-09-01"),
                ])
        #expect(found.isEmpty, "\(found.map(\.payee))")
    }

    @Test("a purchase beside a subscription at the same payee, a missed month, a new one, a varying bill")
    func mixed() throws {
        let found = RecurringFinder.find(
            ["2026-05-03", "2026-06-03", "2026-07-03", "2026-09-03", "2026-10-03"].map {
                Self.booking("AMAZON PRIME*AB12CD", "-8.99", $0)
            } + [Self.booking("AMAZON PRIME*ZZ99", "-120.00", "2026-06-03")]
                + ["2026-08-20", "2026-09-20", "2026-10-20"].map { Self.booking("DISNEY PLUS", "-8.99", $0) }
                + [
                    ("2026-07-12", "-61.20"), ("2026-08-12", "-58.75"), ("2026-09-12", "-66.10"),
                    ("2026-10-12", "-59.30"),
                ]
                .map { Self.booking("STADTWERKE STROM", $1, $0) })
        let byPayee = Dictionary(uniqueKeysWithValues: found.map { ($0.payee, $0) })
        let prime = try #require(byPayee["Amazon Prime"])
        #expect(prime.count == 5 && prime.usual.decimalString == "-8.99" && prime.before == nil)
        #expect(byPayee["Disney Plus"]?.isNew(on: Self.day("2026-11-01")) == true)
        let power = try #require(byPayee["Stadtwerke Strom"])
        #expect(power.before == nil, "a bill that varies has no price change")
        #expect(power.usual.decimalString == "-59.30", "the middle of the latest three")
    }

    @Test("a real household's subscriptions are found among two years of its bookings")
    func realHousehold() throws {
        let rows = try SuggestionLearnerTests.fixture("monarch-household.csv").split(separator: "\n").dropFirst().map(
            SuggestionLearnerTests.cells)
        let bookings = rows.compactMap { c -> RecurringFinder.Booking? in
            guard c.count >= 7 else { return nil }
            guard let money = try? Money(parsing: c[6], currency: .usd) else { return nil }
            return RecurringFinder.Booking(
                bankText: c[4].isEmpty ? c[1] : c[4], payee: c[1], money: money, day: Self.day(c[0]))
        }
        let found = RecurringFinder.find(bookings)
        let monthly = found.filter { $0.rhythm == .monthly }
        // Each found payment's bookings keep its rhythm: none is a store shopped at often.
        #expect(monthly.count >= 5, "\(found.map { "\($0.payee) \($0.rhythm) \($0.usual.decimalString)" })")
        #expect(found.count < 60, "\(found.count) found among \(bookings.count) bookings")
        #expect(!found.contains { $0.key.hasPrefix("target") }, "a store shopped at is not a subscription")
        // Apple bills 9.99 a month beside purchases and a 10.74 subscription of its own.
        let apple = try #require(found.first { $0.payee == "Apple" && $0.rhythm == .monthly })
        #expect(apple.usual.decimalString == "-9.99" && apple.count >= 12)
    }
}
