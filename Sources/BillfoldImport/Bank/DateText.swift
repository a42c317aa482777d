import BillfoldCore
import Foundation

/// How a file writes its dates: the order of day, month and year. The separators (`.` `/` `-`
/// or a space), zero padding, two- or four-digit years, month names (`12-Dec-2019`) and a time
/// after the date (`2022-01-02 12:16:54`, `2010-10-18T13:15:00+01:00`) are read in any order.
public enum DateOrder: String, Sendable, Codable, CaseIterable {
    /// 2016-03-18
    case yearMonthDay = "YYYY-MM-DD"
    /// 18.03.2016, 18/03/16, 12-Dec-2019
    case dayMonthYear = "DD.MM.YYYY"
    /// 3/18/2016, 7/12/97
    case monthDayYear = "MM/DD/YYYY"

    /// Reads what a person writes for `--date-format`: `DD.MM.YYYY`, `dd/mm/yy`, `MM/DD/YYYY`,
    /// `M/D/YY`, `YYYY-MM-DD`, `%d.%m.%Y`…
    public init(parsing text: String) throws(BillfoldError) {
        let letters = text.uppercased().filter { "DMY".contains($0) }
        var order: [Character] = []
        for letter in letters where order.last != letter { order.append(letter) }
        switch String(order) {
        case "YMD": self = .yearMonthDay
        case "DMY": self = .dayMonthYear
        case "MDY": self = .monthDayYear
        default:
            throw BillfoldError.validation("dateFormat", Phrase("error.import.notADateFormat", ["text": text]))
        }
    }

    /// The order a column's dates are in: year first when they start with four digits; day first
    /// when some first number is above 12 or the dates use dots (German, Swiss); month first when
    /// some second number is above 12; otherwise `prefer` (the person's locale, or what the
    /// format says: QIF is American).
    public static func guess(_ samples: some Sequence<String>, prefer: DateOrder = .dayMonthYear) -> DateOrder {
        var dayFirst = false
        var monthFirst = false
        var yearFirst = false
        for whole in samples {
            // The date alone: a time after it ("10:00:00.000") says nothing about the order.
            let sample = String(whole.prefix { $0 != " " && $0 != "T" })
            let numbers = DateText.numbers(sample)
            guard numbers.count >= 3 else {
                if DateText.monthName(in: sample) != nil { dayFirst = true }
                continue
            }
            if numbers[0].count == 4 {
                yearFirst = true
                continue
            }
            if sample.contains(".") { dayFirst = true }
            if let first = Int(numbers[0]), first > 12 { dayFirst = true }
            if let second = Int(numbers[1]), second > 12 { monthFirst = true }
        }
        if yearFirst { return .yearMonthDay }
        if dayFirst && !monthFirst { return .dayMonthYear }
        if monthFirst && !dayFirst { return .monthDayYear }
        return prefer
    }
}

/// Reads the booking day of one date as a bank wrote it.
public enum DateText {
    /// The day `text` names in `order`; the message says what is wrong in a person's words.
    public static func day(_ text: String, order: DateOrder) throws(BillfoldError) -> Day {
        if let quick = quickDay(text, order: order) { return quick }
        let raw = text.trimmingCharacters(in: .whitespaces)
        func refuse() -> BillfoldError {
            BillfoldError(.invalidDate, Phrase("error.import.notADate", ["text": raw]))
        }
        // A time after the date is not part of the booking day.
        var datePart = Substring(raw)
        if let t = datePart.firstIndex(where: { $0 == "T" || $0 == " " }),
            datePart[..<t].filter(\.isNumber).count >= 6 || (datePart[..<t].contains("-") && datePart[..<t].count >= 8)
        {
            datePart = datePart[..<t]
        }
        let numbers = numbers(String(datePart))
        if let month = monthName(in: String(datePart)) {
            // 12-Dec-2019, Dec 12 2019: the name is the month, the numbers day and year.
            guard numbers.count == 2 else { throw refuse() }
            let yearFirst = numbers[0].count == 4
            return try build(
                year: yearFirst ? numbers[0] : numbers[1], month: String(month),
                day: yearFirst ? numbers[1] : numbers[0],
                raw: raw)
        }
        // 20160318, 20240322000000[-3:GMT]: an OFX or compact date, maybe with a time and zone.
        if let first = numbers.first, [8, 12, 14].contains(first.count), datePart.hasPrefix(first) {
            let digits = Array(numbers[0])
            return try build(
                year: String(digits[0..<4]), month: String(digits[4..<6]), day: String(digits[6..<8]), raw: raw)
        }
        guard numbers.count == 3 else { throw refuse() }
        if numbers[0].count == 4 { return try build(year: numbers[0], month: numbers[1], day: numbers[2], raw: raw) }
        switch order {
        case .yearMonthDay: throw BillfoldError(.invalidDate, Phrase("error.import.notADateYearFirst", ["text": raw]))
        case .dayMonthYear: return try build(year: numbers[2], month: numbers[1], day: numbers[0], raw: raw)
        case .monthDayYear: return try build(year: numbers[2], month: numbers[0], day: numbers[1], raw: raw)
        }
    }

    private static func build(year: String, month: String, day: String, raw: String) throws(BillfoldError) -> Day {
        guard var y = Int(year), let m = Int(month), let d = Int(day),
            year.count == 2 || year.count == 4 || year.count == 1
        else { throw BillfoldError(.invalidDate, Phrase("error.import.notADate", ["text": raw])) }
        // Two-digit years: 00–68 are 2000–2068, 69–99 are 1969–1999 (as POSIX reads them).
        if year.count <= 2 { y += y < 69 ? 2000 : 1900 }
        guard let found = Day.checked(year: y, month: m, day: d) else {
            throw BillfoldError(.invalidDate, Phrase("error.import.noSuchDay", ["text": raw]))
        }
        return found
    }

    /// The common case without a trip through `String`'s characters: ASCII digits in three runs
    /// (or eight in one) with `.` `-` `/` between them, maybe a time after a space or `T`. Nil
    /// for anything else (the full reader then reads it, or says what is wrong).
    static func quickDay(_ text: String, order: DateOrder) -> Day? {
        var runs: [(value: Int, length: Int)] = []
        var value = 0
        var length = 0
        for byte in text.utf8 {
            if byte >= 0x30 && byte <= 0x39 {
                guard length < 8 else { return nil }
                value = value * 10 + Int(byte - 0x30)
                length += 1
                continue
            }
            if length > 0 {
                runs.append((value, length))
                value = 0
                length = 0
            }
            if byte == 0x2E || byte == 0x2D || byte == 0x2F {  // . - /
                if runs.count == 3 { break }
                continue
            }
            if (byte == 0x20 || byte == 0x54) && (runs.count == 3 || runs.first?.length == 8) { break }  // time
            return nil
        }
        if length > 0 { runs.append((value, length)) }
        let (year, month, day): (Int, Int, Int)
        if runs.count == 1, runs[0].length == 8 {
            (year, month, day) = (runs[0].value / 10000, runs[0].value / 100 % 100, runs[0].value % 100)
        } else if runs.count == 3, runs[0].length == 4 {
            (year, month, day) = (runs[0].value, runs[1].value, runs[2].value)
        } else if runs.count == 3, runs[2].length == 4 || runs[2].length == 2, order != .yearMonthDay {
            let y = runs[2].length == 2 ? runs[2].value + (runs[2].value < 69 ? 2000 : 1900) : runs[2].value
            (year, month, day) =
                order == .dayMonthYear ? (y, runs[1].value, runs[0].value) : (y, runs[0].value, runs[1].value)
        } else {
            return nil
        }
        return Day.checked(year: year, month: month, day: day)
    }

    /// The runs of digits in `text`, in order.
    static func numbers(_ text: String) -> [String] {
        text.split(whereSeparator: { !$0.isNumber }).map(String.init).filter { $0.allSatisfy(\.isASCII) }
    }

    private static let months: [String: Int] = [
        "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10,
        "nov": 11, "dec": 12,
        // German and French where they differ.
        "jän": 1, "mär": 3, "mai": 5, "okt": 10, "dez": 12, "janv": 1, "févr": 2, "fevr": 2, "mars": 3, "avr": 4,
        "juin": 6, "juil": 7, "août": 8, "aout": 8, "déc": 12,
    ]

    /// The month a name in `text` gives ("Dec", "December", "Dez."), if any.
    static func monthName(in text: String) -> Int? {
        for word in text.lowercased().split(whereSeparator: { !$0.isLetter }) where word.count >= 3 {
            if let month = months[String(word)] ?? months[String(word.prefix(3))] { return month }
        }
        return nil
    }
}
