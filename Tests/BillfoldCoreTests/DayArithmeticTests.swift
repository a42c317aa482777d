import Foundation
import Testing

@testable import BillfoldCore

@Suite("Days by arithmetic")
struct DayArithmeticTests {
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
