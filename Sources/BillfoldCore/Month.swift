import Foundation

/// A calendar month as the user names it (`2026-03`), turned into instants in their time zone.
public struct Month: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    public init(year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    /// Parses `YYYY-MM`.
    public init(parsing text: String, field: String = "month") throws(BillfoldError) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let year = Int(parts[0]),
            let month = Int(parts[1]), (1...12).contains(month), year >= 1900
        else {
            throw BillfoldError(
                .invalidDate, Phrase("error.core.notAMonth", ["text": text]),
                fields: [field: Phrase("error.core.notAMonthField")])
        }
        self.init(year: year, month: month)
    }

    /// The month a moment falls in, in a time zone.
    public init(_ date: Date, in timeZone: TimeZone) {
        let day = Day(date, in: timeZone)
        self.init(year: day.year, month: day.month)
    }

    public var description: String { ISO8601Text.pad(year, 4) + "-" + ISO8601Text.pad(month, 2) }

    public static func < (lhs: Month, rhs: Month) -> Bool { (lhs.year, lhs.month) < (rhs.year, rhs.month) }

    public func adding(months: Int) -> Month {
        let index = year * 12 + (month - 1) + months
        return Month(year: index / 12, month: index % 12 + 1)
    }

    public var firstDay: Day { Day(year: year, month: month, day: 1) }

    /// The twelve months before this one, for the review's look-back offer.
    public func twelveMonthsBefore(in timeZone: TimeZone) -> InstantRange {
        InstantRange(
            lowerBound: adding(months: -12).range(in: timeZone).lowerBound,
            upperBound: range(in: timeZone).lowerBound)
    }

    /// The month's last day (the Gregorian calendar's lengths, leap years included).
    public var lastDay: Day {
        Day(year: year, month: month, day: ISO8601Text.daysIn(month: month, year: year))
    }

    /// The instants of the month in the zone: from its first midnight to the next month's.
    public func range(in timeZone: TimeZone) -> InstantRange {
        InstantRange(
            lowerBound: Int64(firstDay.start(in: timeZone).timeIntervalSince1970),
            upperBound: Int64(adding(months: 1).firstDay.start(in: timeZone).timeIntervalSince1970))
    }

    /// "March 2026" in the user's language.
    public func name(locale: Locale, timeZone: TimeZone) -> String {
        firstDay.start(in: timeZone).formatted(
            Date.FormatStyle(locale: locale, calendar: Calendar.gregorian(in: timeZone), timeZone: timeZone)
                .month(.wide).year())
    }
}
