import Foundation

/// When a transaction was booked: the instant, plus the UTC offset it was originally written with,
/// so `2022-07-24T10:59:05+0200` can be written back exactly as it came.
public struct BookingTime: Hashable, Sendable, Comparable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public let epochSeconds: Int64
    /// Seconds east of UTC in the original text.
    public let offsetSeconds: Int

    public init(epochSeconds: Int64, offsetSeconds: Int) {
        self.epochSeconds = epochSeconds
        self.offsetSeconds = offsetSeconds
    }

    public var date: Date { Date(timeIntervalSince1970: TimeInterval(epochSeconds)) }

    public static func < (lhs: BookingTime, rhs: BookingTime) -> Bool {
        lhs.epochSeconds < rhs.epochSeconds
    }

    /// Parses ISO 8601 date-times with an offset: `2026-11-20T14:30:00+01:00`,
    /// `2022-07-24T10:59:05+0200`, `2026-11-20T13:30:00Z`, with optional fractional seconds
    /// (dropped). Text without an offset is refused: the instant would be a guess.
    public init(iso8601 text: String) throws(BillfoldError) {
        guard let parsed = ISO8601Text.parse(text) else {
            throw BillfoldError(
                .invalidDate, Phrase("error.core.dateTimeWithoutOffset", ["text": text]),
                fields: ["bookedAt": Phrase("error.core.dateTimeWithoutOffsetField")])
        }
        self = parsed
    }

    /// A wall-clock time read in a time zone (what a form's datetime-local input sends).
    public init(localDateTime text: String, timeZone: TimeZone) throws(BillfoldError) {
        guard let fields = ISO8601Text.wallClock(text),
            let date = Calendar.gregorian(in: timeZone).date(from: fields)
        else {
            throw BillfoldError(
                .invalidDate, Phrase("error.core.notADateAndTime", ["text": text]),
                fields: ["bookedAt": Phrase("error.core.notADateAndTimeField")])
        }
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        self.init(epochSeconds: seconds, offsetSeconds: timeZone.secondsFromGMT(for: date))
    }

    /// `2026-11-20T14:30:00+01:00`: RFC 3339 in the original offset.
    public var iso8601: String { ISO8601Text.format(self, colon: true) }

    /// `2022-07-24T10:59:05+0200`: the PAYBACK file's form.
    public var compactOffsetString: String { ISO8601Text.format(self, colon: false) }
}

extension Calendar {
    /// A Gregorian calendar in the given zone; never `Calendar.current`, which differs per machine.
    public static func gregorian(in timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}

/// A hand-written reader and writer of the ISO 8601 forms Billfold meets, because Foundation's
/// formatters drop the original offset that the PAYBACK feed must give back.
enum ISO8601Text {
    static func parse(_ text: String) -> BookingTime? {
        let chars = Array(text.trimmingCharacters(in: .whitespaces))
        guard chars.count >= 20, let wall = wallClock(String(chars[0..<19])) else { return nil }
        var index = 19
        if index < chars.count, chars[index] == "." {
            index += 1
            let start = index
            while index < chars.count, chars[index].isASCIIDigit { index += 1 }
            guard index > start else { return nil }
        }
        guard let offset = offsetSeconds(chars[index...]) else { return nil }
        guard let utc = Calendar.gregorian(in: TimeZone(secondsFromGMT: 0)!).date(from: wall)
        else { return nil }
        let seconds = Int64(utc.timeIntervalSince1970) - Int64(offset)
        return BookingTime(epochSeconds: seconds, offsetSeconds: offset)
    }

    /// `2026-11-20T14:30`, optionally with `:SS`: the date and time fields, or nil.
    static func wallClock(_ text: String) -> DateComponents? {
        let chars = Array(text)
        guard chars.count == 16 || chars.count == 19,
            chars[4] == "-", chars[7] == "-", chars[10] == "T" || chars[10] == " ",
            chars[13] == ":", chars.count == 16 || chars[16] == ":"
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            let slice = chars[range]
            guard slice.allSatisfy(\.isASCIIDigit) else { return nil }
            return Int(String(slice))
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16),
            let second = chars.count == 19 ? number(17..<19) : 0,
            (1...12).contains(month), (0...23).contains(hour), (0...59).contains(minute),
            (0...59).contains(second), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        return DateComponents(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    private static func offsetSeconds(_ rest: ArraySlice<Character>) -> Int? {
        let text = String(rest)
        if text == "Z" || text == "z" { return 0 }
        let chars = Array(text)
        guard chars.count == 5 || chars.count == 6, chars[0] == "+" || chars[0] == "-" else {
            return nil
        }
        let digits = chars.dropFirst().filter { $0 != ":" }
        guard digits.count == 4, digits.allSatisfy(\.isASCIIDigit),
            chars.count == 5 || chars[3] == ":",
            let hours = Int(String(digits.prefix(2))), let minutes = Int(String(digits.suffix(2))),
            hours <= 18, minutes < 60
        else { return nil }
        let magnitude = hours * 3600 + minutes * 60
        return chars[0] == "-" ? -magnitude : magnitude
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Integer arithmetic only: lists format three timestamps a row, and Calendar and
    /// String(format:) cost more than the rest of the request together.
    static func format(_ time: BookingTime, colon: Bool) -> String {
        let local = time.epochSeconds + Int64(time.offsetSeconds)
        let days = Day.daysSince1970(containing: local)
        let second = Int(local - days * 86_400)
        let sign = time.offsetSeconds < 0 ? "-" : "+"
        let magnitude = abs(time.offsetSeconds)
        var text = Day(daysSince1970: days).text(separator: "-") + "T"
        text += pad(second / 3600, 2) + ":" + pad(second % 3600 / 60, 2) + ":" + pad(second % 60, 2)
        text += sign + pad(magnitude / 3600, 2) + (colon ? ":" : "") + pad(magnitude % 3600 / 60, 2)
        return text
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

/// Formats instants for APIs as RFC 3339 in UTC, e.g. `2026-11-20T13:30:00Z`.
public enum Timestamp {
    /// The epoch seconds of an ISO 8601 time as the APIs write it (`utc` read back); nil when it is not one.
    public static func epochSeconds(_ iso8601: String) -> Int64? {
        try? BookingTime(iso8601: iso8601).epochSeconds
    }

    public static func utc(_ epochSeconds: Int64) -> String {
        let days = Day.daysSince1970(containing: epochSeconds)
        let day = Day(daysSince1970: days)
        guard (0...9999).contains(day.year) else {
            let text = ISO8601Text.format(BookingTime(epochSeconds: epochSeconds, offsetSeconds: 0), colon: true)
            return String(text.dropLast(6)) + "Z"
        }
        // Twenty bytes written in place: `/v1` writes two per row.
        let second = Int(epochSeconds - days * 86_400)
        let date = day.text(separator: "-")
        return String(unsafeUninitializedCapacity: 20) { buffer in
            var index = 0
            for byte in date.utf8 {
                buffer[index] = byte
                index += 1
            }
            func two(_ value: Int, at offset: Int, then mark: UInt8) {
                buffer[offset] = 0x30 + UInt8(value / 10)
                buffer[offset + 1] = 0x30 + UInt8(value % 10)
                buffer[offset + 2] = mark
            }
            buffer[10] = UInt8(ascii: "T")
            two(second / 3600, at: 11, then: UInt8(ascii: ":"))
            two(second % 3600 / 60, at: 14, then: UInt8(ascii: ":"))
            two(second % 60, at: 17, then: UInt8(ascii: "Z"))
            return 20
        }
    }

    public static func now() -> Int64 { Int64(Date().timeIntervalSince1970) }
}
