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
}
