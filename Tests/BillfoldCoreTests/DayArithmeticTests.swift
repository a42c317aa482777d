import Foundation
import Testing

@testable import BillfoldCore

@Suite("Days by arithmetic")
struct DayArithmeticTests {
    @Test(
        "a moment's day in a zone by its offset agrees with the calendar, across time changes and odd offsets",
        arguments: [
            "Europe/Berlin", "America/St_Johns", "Asia/Kathmandu", "Pacific/Chatham", "America/Sao_Paulo",
            "Australia/Lord_Howe", "Pacific/Kiritimati", "UTC",
        ])
    func dayInZone(_ name: String) throws {
        let zone = try #require(TimeZone(identifier: name))
        let calendar = Calendar.gregorian(in: zone)
        var generator = SeededGenerator(seed: 11)
        var moments = (0..<4_000).map { _ in Double(Int64.random(in: -2_208_988_800...4_102_444_800, using: &generator))
        }
        // Each side of this zone's time changes from 1990 to 2030, and fractions of a second.
        var moment = Date(timeIntervalSince1970: 631_152_000)
        while let change = zone.nextDaylightSavingTimeTransition(after: moment),
            change.timeIntervalSince1970 < 1_893_456_000
        {
            moments += [-1, -0.5, 0, 1].map { change.timeIntervalSince1970 + $0 }
            moment = change
        }
        for seconds in moments {
            let date = Date(timeIntervalSince1970: seconds)
            let c = calendar.dateComponents([.year, .month, .day], from: date)
            #expect(Day(date, in: zone) == Day(year: c.year!, month: c.month!, day: c.day!), "\(seconds) in \(name)")
        }
    }

    @Test("an API timestamp written in place is the ISO 8601 text it was, before 1970 and after")
    func timestamps() {
        var generator = SeededGenerator(seed: 3)
        var moments = (0..<5_000).map { _ in Int64.random(in: -62_135_596_800...253_402_300_799, using: &generator) }
        moments += [0, -1, 86_399, 86_400, -62_135_596_800, 253_402_300_799, 951_782_400]
        for seconds in moments {
            let text = ISO8601Text.format(BookingTime(epochSeconds: seconds, offsetSeconds: 0), colon: true)
            #expect(Timestamp.utc(seconds) == String(text.dropLast(6)) + "Z", "\(seconds)")
        }
        #expect(Timestamp.utc(951_782_400) == "2000-02-29T00:00:00Z")
        #expect(Timestamp.utc(-1) == "1969-12-31T23:59:59Z")
        // Past the year 9999 the general path writes it.
        #expect(Timestamp.utc(253_402_300_800).hasPrefix("10000-01-01T00:00:00"))
    }

    @Test("the day from a day count agrees with the calendar from 1900 to 2100, leap days included")
    func agreesWithCalendar() {
        let utc = TimeZone(secondsFromGMT: 0)!
        // Every 13th day of two centuries, and the days around the leap days that matter.
        var counts = Array(stride(from: Int64(-25_567), through: 47_482, by: 13))
        counts += [-25_509, -25_508, 11_016, 11_017, 11_018, 19_051, 19_052, 0, -1]
        for count in counts {
            let expected = Day(Date(timeIntervalSince1970: TimeInterval(count) * 86_400), in: utc)
            #expect(Day(daysSince1970: count) == expected, "day \(count)")
        }
    }

    @Test("a day is written with four-digit years and two-digit months and days, in any separator")
    func written() {
        #expect(Day(year: 2024, month: 1, day: 5).description == "2024-01-05")
        #expect(Day(year: 99, month: 12, day: 31).description == "0099-12-31")
        #expect(Day(year: 2024, month: 11, day: 30).text(separator: "/") == "2024/11/30")
        #expect(Day(year: 12_024, month: 1, day: 5).description == "12024-01-05")
    }
}
