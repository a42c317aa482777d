import Foundation

/// How often a recurring payment comes: the steps people's subscriptions, rents and insurances
/// take.
public enum Rhythm: String, Codable, Sendable, CaseIterable {
    case weekly, monthly, quarterly, yearly

    /// The gaps between two payments, in days, that still count as this rhythm: a month's
    /// payment moves with weekends and short months, a year's with the calendar.
    var gaps: ClosedRange<Int> {
        switch self {
        case .weekly: 6...8
        case .monthly: 26...35
        case .quarterly: 84...98
        case .yearly: 350...380
        }
    }

    /// Payments in a year, for what one costs per month and per year.
    public var perYear: Int {
        switch self {
        case .weekly: 52
        case .monthly: 12
        case .quarterly: 4
        case .yearly: 1
        }
    }

    /// How late a payment may be before it counts as missed.
    public var grace: Int {
        switch self {
        case .weekly: 3
        case .monthly: 7
        case .quarterly: 14
        case .yearly: 30
        }
    }

    /// The day the payment after one on `day` is expected: the same weekday a week on, or the
    /// billing day (the month's last when it is shorter) a month, three or twelve on.
    public func next(after day: Day, billingDay: Int? = nil) -> Day {
        let months: Int
        switch self {
        case .weekly: return day.adding(days: 7)
        case .monthly: months = 1
        case .quarterly: months = 3
        case .yearly: months = 12
        }
        let month = Month(year: day.year, month: day.month).adding(months: months)
        return Day(year: month.year, month: month.month, day: min(billingDay ?? day.day, month.lastDay.day))
    }

    /// The day one step before `day`: when the payment before one due on `day` came.
    public func previous(before day: Day) -> Day {
        let months: Int
        switch self {
        case .weekly: return day.adding(days: -7)
        case .monthly: months = -1
        case .quarterly: months = -3
        case .yearly: months = -12
        }
        let month = Month(year: day.year, month: day.month).adding(months: months)
        return Day(year: month.year, month: month.month, day: min(day.day, month.lastDay.day))
    }

    /// Whether these gaps (days between payments, oldest first) keep the rhythm: most of them
    /// within its span, and the latest one too (a rhythm that has changed is not this one).
    func keeps(_ gaps: [Int]) -> Bool {
        guard let last = gaps.last, self.gaps.contains(last) else { return false }
        return gaps.filter { self.gaps.contains($0) }.count * 4 >= gaps.count * 3
    }

    /// The bookings (oldest first) that keep this rhythm, leaving out a few that come too soon
    /// after the one before (a purchase at the same amount); nil when they do not keep it.
    func series<T>(_ bookings: [T], day: (T) -> Day) -> [T]? {
        var chain: [T] = []
        for booking in bookings {
            if let last = chain.last, day(booking).daysSince1970 - day(last).daysSince1970 < gaps.lowerBound {
                continue
            }
            chain.append(booking)
        }
        // A store shopped at twice a week is no weekly payment with the rest left out.
        guard chain.count >= RecurringFinder.fewest, (bookings.count - chain.count) * 3 <= chain.count else {
            return nil
        }
        let gaps = zip(chain, chain.dropFirst()).map { Int(day($1).daysSince1970 - day($0).daysSince1970) }
        return keeps(gaps) ? chain : nil
    }
}

extension Day {
    /// Days since 1 January 1970 (Howard Hinnant's days_from_civil), to measure gaps without a
    /// calendar.
    public var daysSince1970: Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
