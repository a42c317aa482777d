import BillfoldCore
import Foundation

/// The prices a journal carries so the tools convert as Billfold does: hledger's and ledger's
/// `P` directives and beancount's `price` entries, one per currency and day used, each the
/// factor Billfold itself takes into the primary currency that day (the nearest earlier rate's
/// when the day has none, a person's own rate for points). Written with every digit Billfold
/// keeps, so the tools' products equal Billfold's to far below a cent.
///
/// The days used are the days a transaction in another currency was booked (a flow converts at
/// its own day: `hledger bal --value=then,EUR`, `ledger -X EUR -H`), every month's last day from
/// the first of them, and the day of the export (a balance converts at the day it is for:
/// `hledger bal -X EUR -e …`, net worth at a month's end).
public struct PriceDirectives: Sendable {
    let format: ExportFormat
    let primary: Currency
    let book: RateBook
    /// Pairs of currency and day already written (a day's price once, whichever page it is in).
    private var written: Set<PairKey> = []
    private var currencies: Set<Currency> = []
    private var first: Day?

    private struct PairKey: Hashable {
        let currency: Currency
        let day: Int
    }

    public init(format: ExportFormat, primary: Currency, book: RateBook) {
        self.format = format
        self.primary = primary
        self.book = book
    }

    /// Whether the format has prices at all (CSV does not), and there are rates to give.
    var writes: Bool { format != .csv && !book.isEmpty }

    /// The prices of the days of `bookings` (currency and day of each transaction) not yet written.
    mutating func lines(for bookings: [(currency: Currency, day: Day)]) -> String {
        guard writes else { return "" }
        var out = ""
        for (currency, day) in bookings where currency != primary {
            currencies.insert(currency)
            first = min(first ?? day, day)
            out += line(currency, on: day)
        }
        return out.isEmpty ? "" : out + "\n"
    }

    /// The prices of every month's last day from the first booking's month, and of `today`, for
    /// each currency seen: written after the last transaction.
    public mutating func closing(today: Day) -> String {
        guard writes, let first else { return "" }
        var out = ""
        var month = Month(year: first.year, month: first.month)
        let last = Month(year: today.year, month: today.month)
        var days: [Day] = []
        while month < last {
            days.append(month.lastDay)
            month = month.adding(months: 1)
        }
        days.append(today)
        for currency in currencies.sorted(by: { $0.code < $1.code }) {
            for day in days { out += line(currency, on: day) }
        }
        return out.isEmpty ? "" : out + "\n"
    }

    /// One price, unless written already or the currency has no rate on or before the day.
    private mutating func line(_ currency: Currency, on day: Day) -> String {
        guard written.insert(PairKey(currency: currency, day: day.number)).inserted,
            let factor = book.factor(from: currency.code, to: primary.code, on: day)?.factor
        else { return "" }
        let price = "\(currency.code) \(factor) \(primary.code)\n"
        switch format {
        case .csv: return ""
        case .hledger: return "P \(day.text(separator: "-")) " + price
        case .ledger: return "P \(day.text(separator: "/")) " + price
        case .beancount: return "\(day.description) price " + price
        }
    }
}
