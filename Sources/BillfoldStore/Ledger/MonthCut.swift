import BillfoldCore

/// Whole UTC days cut into the UTC months the month sums keep (`M049AddTotalsByMonth`) and the
/// days around them. A month in the person's zone starts and ends a few hours off UTC's, so its
/// whole days are the UTC month with a day added or taken away at an end: the cut takes whole
/// months and adds the days they leave out, or takes away the days they take in too many. Sums are exact integers, so taking away is as exact as adding.
struct MonthCut: Equatable {
    /// Months since January 1900, `first..<end`; empty when the span is better read day by day.
    var months: Range<Int64>
    /// Days (since 1900-01-01) to add (`sign` 1) or take away (-1) from the months.
    var days: [Days]

    struct Days: Equatable {
        var first: Int64
        var end: Int64
        var sign: Int64
    }

    /// The UTC month of the sums day in the SQL expression `day`, as months since January 1900,
    /// in integer arithmetic both databases do alike (`M049AddTotalsByMonth.month` keeps its own
    /// copy, as migrations do).
    static func sql(ofDay day: String) -> String {
        let era = "((\(day) + 693901) / 146097)"
        let dayOfEra = "((\(day) + 693901) % 146097)"
        let year = "((\(dayOfEra) - \(dayOfEra) / 1460 + \(dayOfEra) / 36524 - \(dayOfEra) / 146096) / 365)"
        let dayOfYear = "(\(dayOfEra) - (365 * \(year) + \(year) / 4 - \(year) / 100))"
        let month = "((5 * \(dayOfYear) + 2) / 153)"
        return "((\(era) * 400 + \(year)) * 12 + \(month) - 22798)"
    }

    /// The UTC month of a sums day, as months since January 1900 (what `sql(ofDay:)` works out).
    static func month(ofDay day: Int64) -> Int64 {
        let date = Day(daysSince1970: TransactionTotals.daysSince1970(ofDay: day))
        return Int64(date.year - 1900) * 12 + Int64(date.month - 1)
    }

    /// The sums day a month (since January 1900) starts on.
    static func firstDay(ofMonth month: Int64) -> Int64 {
        let year = TransactionTotals.floorDivision(month, 12)
        let date = Day(year: Int(1900 + year), month: Int(month - year * 12) + 1, day: 1)
        return date.daysSince1970 + TransactionTotals.shift / 86_400
    }
}

extension MonthCut {
    /// What a month's row costs beside a day's: a month holds every key used in it, a day the
    /// few used that day (about a fifth as many in a person's book).
    static let monthCost: Int64 = 4

    /// The days from `first` up to `end` as months and days: of the months starting nearest
    /// its ends, on either side, the cut that reads fewest rows, or the days alone.
    init(days first: Int64, _ end: Int64) {
        self.init(months: 0..<0, days: first < end ? [Days(first: first, end: end, sign: 1)] : [])
        var cost = max(end - first, 0)
        let firsts = Self.monthsAround(first)
        let ends = Self.monthsAround(end)
        for firstMonth in firsts {
            for endMonth in ends where firstMonth < endMonth {
                let monthsStart = Self.firstDay(ofMonth: firstMonth)
                let monthsEnd = Self.firstDay(ofMonth: endMonth)
                let tried = abs(first - monthsStart) + abs(end - monthsEnd) + (endMonth - firstMonth) * Self.monthCost
                guard tried < cost else { continue }
                cost = tried
                months = firstMonth..<endMonth
                days = []
                if first < monthsStart { days.append(Days(first: first, end: monthsStart, sign: 1)) }
                if monthsStart < first { days.append(Days(first: monthsStart, end: first, sign: -1)) }
                if monthsEnd < end { days.append(Days(first: monthsEnd, end: end, sign: 1)) }
                if end < monthsEnd { days.append(Days(first: end, end: monthsEnd, sign: -1)) }
            }
        }
    }

    /// The month `day` falls in and the next: their first days are on either side of it.
    static func monthsAround(_ day: Int64) -> [Int64] {
        let month = month(ofDay: day)
        return firstDay(ofMonth: month) == day ? [month] : [month, month + 1]
    }
}
