import Foundation

/// How a user wants to see things: language and region, time zone, primary currency, deck size,
/// and how a decided card leaves the deck.
public struct Preferences: Hashable, Sendable {
    public var locale: String
    public var timeZone: String
    public var currency: Currency
    public var deckSize: Int
    public var deckAnimation: DeckAnimation

    public init(
        locale: String, timeZone: String, currency: Currency, deckSize: Int, deckAnimation: DeckAnimation = .fly
    ) {
        self.locale = locale
        self.timeZone = timeZone
        self.currency = currency
        self.deckSize = deckSize
        self.deckAnimation = deckAnimation
    }

    public static let standard = Preferences(
        locale: "en-US", timeZone: "UTC", currency: .eur, deckSize: 20)

    /// Locales the pages are checked in, with their names in their own language.
    public static let locales: [(id: String, name: String)] = [
        ("en-US", "English (United States)"), ("en-GB", "English (United Kingdom)"),
        ("de-DE", "Deutsch (Deutschland)"), ("de-AT", "Deutsch (Österreich)"),
        ("de-CH", "Deutsch (Schweiz)"), ("fr-FR", "Français (France)"),
        ("es-ES", "Español (España)"), ("it-IT", "Italiano (Italia)"),
        ("nl-NL", "Nederlands (Nederland)"), ("ja-JP", "日本語 (日本)"),
    ]

    public static let deckSizes = 5...100

    /// Checks every field, naming the one at fault.
    public func validated() throws(BillfoldError) -> Preferences {
        guard Preferences.locales.contains(where: { $0.id == locale }) else {
            throw .validation("locale", Phrase("error.core.localeUnsupported", ["locale": locale]))
        }
        guard TimeZone(identifier: timeZone) != nil else {
            throw .validation("timeZone", Phrase("error.core.timeZoneUnknown", ["timeZone": timeZone]))
        }
        guard Preferences.deckSizes.contains(deckSize) else {
            throw .validation(
                "deckSize",
                Phrase(
                    "error.core.deckSizeOutOfRange",
                    [
                        "min": String(Preferences.deckSizes.lowerBound),
                        "max": String(Preferences.deckSizes.upperBound),
                    ]))
        }
        return self
    }

    public var zone: TimeZone { TimeZone(identifier: timeZone) ?? TimeZone(secondsFromGMT: 0)! }
    public var foundationLocale: Locale {
        Locale(identifier: locale.replacingOccurrences(of: "-", with: "_"))
    }
    public var format: DisplayFormat { DisplayFormat(locale: foundationLocale, timeZone: zone) }
}

/// Formats values for a person in their locale and time zone. Linux's `Locale.current` is always
/// `en_001`, so nothing here uses the process's defaults.
public struct DisplayFormat: Sendable {
    public let locale: Locale
    public let timeZone: TimeZone

    public init(locale: Locale, timeZone: TimeZone) {
        self.locale = locale
        self.timeZone = timeZone
    }

    /// `-1.234,56 €` in de-DE, `-$1,234.56` in en-US, `1,240 PBP` for points.
    public func money(_ money: Money) -> String {
        let currency = money.currency
        let pattern = MoneyPattern.cached(locale.identifier + " " + currency.code, decimals: currency.minorUnits) {
            icuMoney(Money(minorUnits: $0, currency: currency))
        }
        return pattern?.format(money.minorUnits) ?? icuMoney(money)
    }

    /// `money` as ICU writes it, which `MoneyPattern` learns from.
    func icuMoney(_ money: Money) -> String {
        let decimals = money.currency.minorUnits
        if money.currency.isPoints {
            let number = money.amount.formatted(
                .number.locale(locale).precision(.fractionLength(decimals)))
            return "\(number)\u{00A0}\(money.currency.code)"
        }
        return money.amount.formatted(
            .currency(code: money.currency.code).locale(locale)
                .precision(.fractionLength(decimals)))
    }

    /// `1 transaction`, `7,601 transactions` (`7.601` in de-DE): the reader's words (a page's
    /// person, the CLI's terminal), this locale's number.
    public func transactions(_ count: Int) -> String {
        Words(language: Words.current.language, locale: locale)("common.transactions", count: count)
    }

    /// Date and time of a booking, in the user's zone: `Nov 20, 2026, 2:30 PM`.
    public func dateTime(_ epochSeconds: Int64) -> String {
        Date(timeIntervalSince1970: TimeInterval(epochSeconds)).formatted(
            Date.FormatStyle(
                date: .abbreviated, time: .shortened, locale: locale,
                calendar: Calendar.gregorian(in: timeZone), timeZone: timeZone))
    }

    /// An amount as a form field shows it to be typed over: no symbol, no grouping, the locale's
    /// decimal mark (`-4,50` in de-DE), which the amount readers take back exactly.
    public func typable(_ money: Money) -> String {
        money.decimalString.replacingOccurrences(of: ".", with: locale.decimalSeparator ?? ".")
    }

    /// A calendar day: `Nov 20, 2026` (`20.11.2026` in de-DE).
    public func day(_ day: Day) -> String {
        let utc = TimeZone(secondsFromGMT: 0)!
        let date = Calendar.gregorian(in: utc).date(
            from: DateComponents(year: day.year, month: day.month, day: day.day))
        return (date ?? Date(timeIntervalSince1970: 0)).formatted(
            Date.FormatStyle(
                date: .abbreviated, time: .omitted, locale: locale, calendar: .gregorian(in: utc), timeZone: utc))
    }

    /// A day heading in the list: `Friday, November 20, 2026`.
    /// When a transaction was booked, as a row or card shows it: the day alone for a day-only
    /// booking (`Transaction.isDayOnly`), else the day and time.
    public func booked(_ transaction: Transaction) -> String {
        let at = transaction.bookedAt.epochSeconds
        guard transaction.isDayOnly else { return dateTime(at) }
        return Date(timeIntervalSince1970: TimeInterval(at)).formatted(
            Date.FormatStyle(
                date: .abbreviated, time: .omitted, locale: locale, calendar: Calendar.gregorian(in: timeZone),
                timeZone: timeZone))
    }

    public func dayHeading(_ epochSeconds: Int64) -> String {
        Date(timeIntervalSince1970: TimeInterval(epochSeconds)).formatted(
            Date.FormatStyle(
                date: .complete, time: .omitted, locale: locale,
                calendar: Calendar.gregorian(in: timeZone), timeZone: timeZone))
    }

    /// Only the time of day: `2:30 PM` or `14:30`.
    public func time(_ epochSeconds: Int64) -> String {
        Date(timeIntervalSince1970: TimeInterval(epochSeconds)).formatted(
            Date.FormatStyle(
                date: .omitted, time: .shortened, locale: locale,
                calendar: Calendar.gregorian(in: timeZone), timeZone: timeZone))
    }
}
