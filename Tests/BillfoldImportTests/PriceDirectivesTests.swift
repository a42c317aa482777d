import BillfoldCore
import Foundation
import Testing

@testable import BillfoldImport

@Suite("Prices in an export")
struct PriceDirectivesTests {
    let account = Account(id: 1, name: "card", displayName: "Card", currency: .usd, createdAt: 0)
    /// One euro buys 1.25 dollars from 4 January 2024 and 1.6 from the 31st.
    let book = RateBook(rates: [
        ExchangeRate(day: Day(year: 2024, month: 1, day: 4), base: "EUR", currency: "USD", rate: 1.25),
        ExchangeRate(day: Day(year: 2024, month: 1, day: 31), base: "EUR", currency: "USD", rate: 1.6),
    ])

    func writer(_ format: ExportFormat) -> ExportWriter {
        ExportWriter(
            format: format, accounts: [account], categories: CategoryTree([]), currencies: [.eur, .usd], primary: .eur,
            zone: TimeZone(identifier: "Europe/Berlin")!)
    }

    /// Booked 5 January 2024 at 11:00 in Berlin.
    func booking(_ id: Int64, _ currency: Currency) -> Transaction {
        Transaction(
            id: id, accountID: 1, bookedAt: BookingTime(epochSeconds: 1_704_448_800, offsetSeconds: 3600),
            payee: "Shop \(id)", originalName: "Shop", notes: "", money: Money(minorUnits: -500, currency: currency),
            status: .cleared, categoryID: nil, externalID: nil, createdAt: 0, updatedAt: 0, importID: nil)
    }

    @Test("a day's price once, before its entries, at the nearest earlier rate; none for the primary currency")
    func dayPrices() throws {
        var prices = PriceDirectives(format: .hledger, primary: .eur, book: book)
        let yen = try Currency(code: "JPY")
        let text = writer(.hledger).entries(
            [booking(1, .usd), booking(2, .usd), booking(3, .eur), booking(4, yen)], prices: &prices)
        #expect(text.hasPrefix("P 2024-01-05 USD 0.8 EUR\n\n2024-01-05 * Shop 1\n"))
        #expect(text.components(separatedBy: "P ").count == 2, "one price: the yen has no rate, the euro needs none")
        let again = writer(.hledger).entries([booking(5, .usd)], prices: &prices)
        #expect(again.hasPrefix("2024-01-05 * Shop 5\n"), "the next page does not repeat the day")
        #expect(
            prices.closing(today: Day(year: 2024, month: 2, day: 10))
                == "P 2024-01-31 USD 0.625 EUR\nP 2024-02-10 USD 0.625 EUR\n\n")
    }

    @Test("ledger writes its days with slashes, beancount as price entries, CSV none")
    func formats() {
        var ledger = PriceDirectives(format: .ledger, primary: .eur, book: book)
        #expect(writer(.ledger).entries([booking(1, .usd)], prices: &ledger).hasPrefix("P 2024/01/05 USD 0.8 EUR\n\n"))
        var beancount = PriceDirectives(format: .beancount, primary: .eur, book: book)
        #expect(
            writer(.beancount).entries([booking(1, .usd)], prices: &beancount).hasPrefix(
                "2024-01-05 price USD 0.8 EUR\n\n"))
        var csv = PriceDirectives(format: .csv, primary: .eur, book: book)
        #expect(!writer(.csv).entries([booking(1, .usd)], prices: &csv).contains("0.8"))
        #expect(csv.closing(today: Day(year: 2024, month: 2, day: 10)).isEmpty)
    }

    @Test("points at a person's own rate, and nothing without rates")
    func personalAndNone() {
        var points = PriceDirectives(
            format: .hledger, primary: .eur,
            book: RateBook(
                rates: [],
                personal: [
                    PersonalRate(day: Day(year: 2020, month: 1, day: 1), currency: "PBP", quote: "EUR", rate: 0.01)
                ]))
        #expect(writer(.hledger).entries([booking(1, .pbp)], prices: &points).hasPrefix("P 2024-01-05 PBP 0.01 EUR\n"))
        var none = PriceDirectives(format: .hledger, primary: .eur, book: .empty)
        #expect(writer(.hledger).entries([booking(1, .usd)], prices: &none).hasPrefix("2024-01-05 * Shop 1"))
        #expect(none.closing(today: Day(year: 2024, month: 2, day: 10)).isEmpty)
    }
}
