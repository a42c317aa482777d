import BillfoldAPI
import BillfoldCore
import BillfoldImport
import BillfoldStore
import FluentKit
import Foundation
import NIOConcurrencyHelpers
import SQLKit
import Vapor

/// The published exchange rates in memory, read once per currency as people's money asks for
/// them (the ECB's history holds 41 currencies and 210,000 rates; a person converts a few), and
/// read again when the stored ones changed: each use compares one small row per source, so a
/// rate imported or fetched through another server sharing the database is seen at once.
actor PublishedRates {
    private var stamp: String?
    private var book = RateBook.empty
    private var loaded: Set<String> = []

    /// The published rates of at least `currencies`. Calls interleave at each read (an actor
    /// lets others in while one waits), so what a read brings is added only if the rates did not
    /// change meanwhile, and the book is answered only once it holds every currency asked for
    /// at one stamp.
    func book(on database: any SQLDatabase, currencies: Set<String>) async throws -> RateBook {
        let repository = RatesRepository(database: database)
        for _ in 0..<5 {
            let current = try await repository.stamp()
            if current != stamp {
                book = .empty
                loaded = []
                stamp = current
            }
            let missing = currencies.subtracting(loaded)
            guard !missing.isEmpty else { return book }
            let rates = try await repository.all(currencies: missing.sorted())
            guard stamp == current else { continue }
            let fresh = missing.subtracting(loaded)
            book = book.adding(published: rates.filter { fresh.contains($0.currency) })
            loaded.formUnion(fresh)
            if currencies.isSubset(of: loaded) { return book }
        }
        // The rates kept changing under these reads (imports back to back): read them whole.
        return RateBook(rates: try await repository.all(currencies: currencies.sorted()))
    }
}

extension Application {
    private struct PublishedRatesKey: StorageKey { typealias Value = PublishedRates }

    /// The published rates this server holds in memory.
    var publishedRates: PublishedRates {
        if let rates = storage[PublishedRatesKey.self] { return rates }
        let rates = PublishedRates()
        storage[PublishedRatesKey.self] = rates
        return rates
    }
}

extension Application {
    /// A person's rates, published and their own (the CLI's export reads them).
    public func rateBook(for user: User) async throws -> RateBook {
        try await RatesService(database: db, user: user, published: publishedRates, clock: wallClock).book()
    }
}

/// Imports published rates (the CLI's `billfold rates import`): a file is all in, or nothing.
public enum RatesImport {
    public struct Summary: Sendable {
        public var reading: RatesFile.Reading
        public var written: Int
    }

    public static func run(_ data: Data, source: String, on database: any Database, now: Int64) async throws -> Summary
    {
        let reading = try RatesFile.read(data)
        let written = try await database.transaction { database in
            try await RatesRepository(database: database.sql).save(reading.rates, source: source, now: now)
        }
        return Summary(reading: reading, written: written)
    }
}

/// A person's rates and what their money comes to in their primary currency.
struct RatesService: Sendable {
    let database: any Database
    let user: User
    let published: PublishedRates
    let clock: WallClock
    /// The book once made, for the rest of a request that only reads (`Request.ratesService`).
    var memo: RateBookMemo? = nil
    /// The books the server keeps between requests, and the sign-in's stamps to take one by (for
    /// a request that only reads).
    var kept: (books: KeptRateBooks, stamps: SignInStamps)? = nil

    var primary: Currency { user.preferences.currency }

    /// The published rates of every currency the person's money or own rates are in, with
    /// their own rates.
    func book() async throws -> RateBook {
        if let made = memo?.made.withLockedValue({ $0 }), made.everyCurrency { return made.book }
        let book = try await book(
            for: Set(TransactionRepository(database: database, userID: user.id).currenciesHeld().map(\.code)))
        memo?.made.withLockedValue { $0?.everyCurrency = true }
        return book
    }

    /// The published rates of `currencies`, the primary one and those of the person's own rates,
    /// with their own rates.
    func book(for currencies: Set<String>) async throws -> RateBook {
        if let made = memo?.made.withLockedValue({ $0 }), made.currencies.isSuperset(of: currencies) {
            return made.book
        }
        if let kept,
            let found = kept.books.book(of: user.id, stamps: kept.stamps, covering: currencies.union([primary.code]))
        {
            memo?.made.withLockedValue { $0 = (found.book, found.currencies, false) }
            return found.book
        }
        let personal = try await PersonalRatesRepository(database: database.sql, userID: user.id).all().map(\.rate)
        var wanted = currencies
        wanted.insert(primary.code)
        for rate in personal { wanted.formUnion([rate.currency, rate.quote]) }
        let book = try await published.book(on: database.sql, currencies: wanted).adding(personal: personal)
        memo?.made.withLockedValue { $0 = (book, wanted, false) }
        if let kept { kept.books.keep(book, covering: wanted, of: user.id, stamps: kept.stamps) }
        return book
    }

    /// The published sources and the person's own rates.
    func overview() async throws -> (sources: [RatesRepository.Source], personal: [PersonalRatesRepository.Stored]) {
        (
            try await RatesRepository(database: database.sql).sources(),
            try await PersonalRatesRepository(database: database.sql, userID: user.id).all()
        )
    }

    /// Sets the person's rate of a currency from a day on; refuses a rate that is not a positive
    /// decimal, a currency quoted in itself, or a day that is not one.
    func set(_ request: PersonalRateRequest) async throws -> PersonalRatesRepository.Stored {
        let currency = try Currency(code: request.currency)
        let quote = try request.quote.map { try Currency(code: $0) } ?? primary
        guard currency != quote else {
            throw BillfoldError.validation("quote", Phrase("error.service.rates.sameCurrency"))
        }
        let day =
            try request.day.flatMap { $0.isEmpty ? nil : try Day(parsing: $0, field: "day") }
            ?? Day(clock.now, in: user.preferences.zone)
        let text = request.rate.trimmingCharacters(in: .whitespaces)
        guard let rate = ExchangeRate.parse(text) else {
            throw BillfoldError.validation(
                "rate", Phrase("error.service.rates.notARate", ["text": String(text.prefix(30))]))
        }
        let personal = PersonalRate(day: day, currency: currency.code, quote: quote.code, rate: rate)
        return try await PersonalRatesRepository(database: database.sql, userID: user.id).set(
            personal, now: Int64(clock.now.timeIntervalSince1970))
    }

    func delete(_ id: Int64) async throws {
        guard try await PersonalRatesRepository(database: database.sql, userID: user.id).delete(id) else {
            throw BillfoldError.notFound(.rate)
        }
    }

    /// The filter's one total in the primary currency, each day's money at that day's rate;
    /// nil when all of it is in the primary currency already (the per-currency total says it).
    func converted(_ query: TransactionQuery, totals: [CurrencyTotal]) async throws -> ConvertedTotal? {
        guard totals.contains(where: { $0.money.currency != primary }) else { return nil }
        let book = try await book(for: Set(totals.map(\.money.currency.code)))
        var sum = ConvertedTotal.Sum(to: primary, book: book)
        for total in totals where total.money.currency == primary { sum.add(total.money) }
        let others = totals.map(\.money.currency).filter { $0 != primary }
        let (days, leftOut) = try await days(query, in: others, book: book, perCategory: false)
        for currency in leftOut { sum.leaveOut(currency) }
        for line in days { sum.add(line.money, on: line.day) }
        return try sum.total()
    }

    /// The query's day sums in `others` (per category when asked): only the currencies with
    /// some rate into the primary one are read; those with none are named, to be left out.
    func days(_ query: TransactionQuery, in others: [Currency], book: RateBook, perCategory: Bool) async throws
        -> (days: [DayAmount], leftOut: [Currency])
    {
        let convertible = others.filter { book.canConvert(from: $0.code, to: primary.code) }
        let days = try await TransactionRepository(database: database, userID: user.id).dailyTotals(
            query, in: convertible, perCategory: perCategory)
        return (days, others.filter { !convertible.contains($0) })
    }
}

/// A request's rate book, made once: Home converts several cards (the budget, net worth, the
/// whole book's total), each of which read the person's currencies and rates again. Only for a request that reads (a write may change the rates or
/// bring a currency before it converts).
final class RateBookMemo: Sendable {
    /// The book, the currencies it was made for, and whether those are every one the person holds.
    let made = NIOLockedValueBox<(book: RateBook, currencies: Set<String>, everyCurrency: Bool)?>(nil)
}

extension Request {
    private struct RateBookMemoKey: StorageKey { typealias Value = RateBookMemo }

    var ratesService: RatesService {
        get throws {
            let user = try user
            var service = RatesService(
                database: store, user: user, published: application.publishedRates, clock: application.wallClock)
            if method == .GET || method == .HEAD {
                if storage[RateBookMemoKey.self] == nil { storage[RateBookMemoKey.self] = RateBookMemo() }
                service.memo = storage[RateBookMemoKey.self]
                if let books = application.keptRateBooks, let stamps = signInStamps, stamps.userID == user.id {
                    service.kept = (books, stamps)
                }
            }
            return service
        }
    }
}

/// People's rate books kept by the server between requests, each with the stamps of their own
/// rates and of the published ones it was made at (`SignInStamps`). A book is taken only while
/// the person's sign-in row carries the same stamps, and only for the currencies it was made for
/// (the person's main currency among them, which they may change), so a rate set or imported
/// anywhere (another server sharing the database, the command line) is used at once. Kept only
/// by requests that read: a write may change the rates before it converts.
///
/// The published rates' stamp is a sum that only grows while the database keeps its history; a
/// backup put back can make it smaller and then grow again to a sum seen before. So every book
/// is let go whenever a sign-in brings a published sum other than the last one seen: a book of
/// an older sum would never be taken again anyway, and none outlives a change of the rates.
final class KeptRateBooks: Sendable {
    private struct Kept {
        var rates: Int64
        var currencies: Set<String>
        var book: RateBook
    }

    /// The books, and the published rates' sum they were all made at.
    private let books = NIOLockedValueBox<(published: Int64?, kept: [Int64: Kept])>((nil, [:]))
    /// Past this many people the books are let go and made again as people come back.
    let limit: Int

    init(limit: Int = 10_000) { self.limit = limit }

    func book(of userID: Int64, stamps: SignInStamps, covering currencies: Set<String>) -> (
        book: RateBook, currencies: Set<String>
    )? {
        books.withLockedValue { books in
            Self.letGoUnless(stamps.publishedRates, in: &books)
            guard let kept = books.kept[userID], kept.rates == stamps.rates, kept.currencies.isSuperset(of: currencies)
            else { return nil }
            return (kept.book, kept.currencies)
        }
    }

    func keep(_ book: RateBook, covering currencies: Set<String>, of userID: Int64, stamps: SignInStamps) {
        books.withLockedValue { books in
            Self.letGoUnless(stamps.publishedRates, in: &books)
            if books.kept.count >= limit && books.kept[userID] == nil { books.kept.removeAll() }
            books.kept[userID] = Kept(rates: stamps.rates, currencies: currencies, book: book)
        }
    }

    private static func letGoUnless(_ published: Int64, in books: inout (published: Int64?, kept: [Int64: Kept])) {
        guard books.published != published else { return }
        books = (published, [:])
    }

    /// How many people's books are kept (for tests).
    var count: Int { books.withLockedValue { $0.kept.count } }
}

extension Application {
    private struct KeptRateBooksKey: StorageKey { typealias Value = KeptRateBooks }

    /// People's rate books kept between requests (set when the application is made).
    var keptRateBooks: KeptRateBooks? {
        get { storage[KeptRateBooksKey.self] }
        set { storage[KeptRateBooksKey.self] = newValue }
    }
}
