import Foundation

/// A calendar day as the user writes it (`2026-11-20`), without a time zone.
public struct Day: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `days` after 1 January 1970 (negative before), by the proleptic Gregorian
    /// calendar: arithmetic only (Howard Hinnant's civil_from_days), for code that reads a
    /// million dates.
    public init(daysSince1970 days: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.init(year: Int(yoe + era * 400 + (month <= 2 ? 1 : 0)), month: Int(month), day: Int(day))
    }

    /// The day as the number YYYYMMDD (20240103), which sorts as the days do.
    public var number: Int { year * 10000 + month * 100 + day }

    /// The day a YYYYMMDD number stands for (as `number` writes it).
    public init(number: Int) {
        self.init(year: number / 10000, month: number / 100 % 100, day: number % 100)
    }

    /// The day, or nil when the calendar has none such (31 April, 29 February 2023).
    public static func checked(year: Int, month: Int, day: Int) -> Day? {
        guard (1...12).contains(month), (1...ISO8601Text.daysIn(month: month, year: year)).contains(day) else {
            return nil
        }
        return Day(year: year, month: month, day: day)
    }

    /// Parses `YYYY-MM-DD`; `field` names the input in the error.
    public init(parsing text: String, field: String) throws(BillfoldError) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            let valid = Day.checked(year: year, month: month, day: day)
        else {
            throw BillfoldError(
                .invalidDate, Phrase("error.core.notADate", ["text": text]),
                fields: [field: Phrase("error.core.notADateField")])
        }
        self = valid
    }

    /// The day count of the day holding a second counted from 1970 (rounded down, before 1970 too).
    static func daysSince1970(containing seconds: Int64) -> Int64 {
        seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    }

    /// The day a moment falls on in a time zone.
    public init(_ date: Date, in timeZone: TimeZone) {
        // From 1900 to 9999 the calendar's day is the zone's offset added and the days counted
        // (before October 1582 Foundation's Gregorian calendar is Julian): a tenth of the cost,
        // and lists work out a day per row.
        let seconds = date.timeIntervalSince1970
        if seconds >= -2_208_988_800, seconds < 253_402_300_800 {
            let local = Int64(seconds.rounded(.down)) + Int64(timeZone.secondsFromGMT(for: date))
            self.init(daysSince1970: Self.daysSince1970(containing: local))
            return
        }
        let c = Calendar.gregorian(in: timeZone).dateComponents([.year, .month, .day], from: date)
        // A Gregorian calendar always answers the components it was asked for.
        self.init(year: c.year!, month: c.month!, day: c.day!)
    }

    public var description: String { text(separator: "-") }

    /// The day as `2024-01-05`, or with another separator (ledger's `2024/01/05`).
    public func text(separator: Unicode.Scalar) -> String {
        guard (0...9999).contains(year), (0...99).contains(month), (0...99).contains(day), separator.isASCII else {
            let mark = String(separator)
            return ISO8601Text.pad(year, 4) + mark + ISO8601Text.pad(month, 2) + mark + ISO8601Text.pad(day, 2)
        }
        // Ten bytes written in place: exports write a million of these.
        return String(unsafeUninitializedCapacity: 10) { buffer in
            buffer[0] = 0x30 + UInt8(year / 1000)
            buffer[1] = 0x30 + UInt8(year / 100 % 10)
            buffer[2] = 0x30 + UInt8(year / 10 % 10)
            buffer[3] = 0x30 + UInt8(year % 10)
            buffer[4] = UInt8(separator.value)
            buffer[5] = 0x30 + UInt8(month / 10)
            buffer[6] = 0x30 + UInt8(month % 10)
            buffer[7] = UInt8(separator.value)
            buffer[8] = 0x30 + UInt8(day / 10)
            buffer[9] = 0x30 + UInt8(day % 10)
            return 10
        }
    }

    public static func < (lhs: Day, rhs: Day) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// The first instant of this day in the zone (midnight, or the first moment after a DST gap).
    public func start(in timeZone: TimeZone) -> Date {
        Calendar.gregorian(in: timeZone).date(
            from: DateComponents(year: year, month: month, day: day))!
    }

    public func adding(days: Int) -> Day {
        let utc = TimeZone(secondsFromGMT: 0)!
        let date = Calendar.gregorian(in: utc).date(byAdding: .day, value: days, to: start(in: utc))!
        return Day(date, in: utc)
    }
}

/// Inclusive days turned into the half-open span of instants they cover in a time zone.
public struct InstantRange: Hashable, Sendable {
    /// First second inside the range, or nil for "since ever".
    public let lowerBound: Int64?
    /// First second after the range, or nil for "until now and later".
    public let upperBound: Int64?

    public init(from: Day?, to: Day?, in timeZone: TimeZone) throws(BillfoldError) {
        if let from, let to, to < from {
            throw BillfoldError(
                .invalidDate, Phrase("error.core.endBeforeStart", ["to": to.description, "from": from.description]),
                fields: ["to": Phrase("error.core.endBeforeStartField")])
        }
        lowerBound = from.map { Int64($0.start(in: timeZone).timeIntervalSince1970) }
        upperBound = to.map { Int64($0.adding(days: 1).start(in: timeZone).timeIntervalSince1970) }
    }

    /// True when the instant (Unix seconds) falls in the range.
    public func contains(_ instant: Int64) -> Bool {
        (lowerBound.map { instant >= $0 } ?? true) && (upperBound.map { instant < $0 } ?? true)
    }

    /// A span of instants as they are; nil bounds are open.
    public init(lowerBound: Int64?, upperBound: Int64?) {
        self.lowerBound = lowerBound
        self.upperBound = upperBound
    }
}
