import BillfoldCore
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads a file of exchange rates in one of three shapes:
/// - the European Central Bank's history as it publishes it (`eurofxref-hist.csv`): `Date` then
///   one column per currency, units per 1 EUR, `N/A` where it published none, a trailing comma;
/// - the same as the ECB's XML (`eurofxref-hist.xml`, `eurofxref-daily.xml`): `Cube time` elements
///   holding `Cube currency rate`;
/// - a plain CSV of `day,currency,rate` (an optional fourth column names the base; EUR when
///   left out), with or without a header line.
public enum RatesFile {
    public struct Reading: Sendable, Equatable {
        public var rates: [ExchangeRate]
        /// Cells the source marked as having no rate (`N/A`, empty).
        public var skipped: Int

        public var currencies: Set<String> { Set(rates.map(\.currency)) }
        public var firstDay: Day? { rates.map(\.day).min() }
        public var lastDay: Day? { rates.map(\.day).max() }
    }

    /// The ECB's base, and a plain file's when it names none.
    public static let defaultBase = "EUR"

    public static func read(_ data: Data) throws(BillfoldError) -> Reading {
        let text = try FileText.decode(data).text
        let start = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        let reading: Reading
        if start.hasPrefix("<") {
            reading = try xml(data)
        } else if start.prefix(5).lowercased() == "date," {
            reading = try ecbCSV(text)
        } else {
            reading = try plainCSV(text)
        }
        guard !reading.rates.isEmpty else { throw failure("error.rates.empty") }
        return reading
    }

    static func failure(_ key: String, _ values: [String: String] = [:]) -> BillfoldError {
        BillfoldError(.invalidImportFile, Phrase(key, values))
    }

    /// The ECB's wide CSV: a header naming the currencies, then a day per line.
    static func ecbCSV(_ text: String) throws(BillfoldError) -> Reading {
        var lines = text.split(whereSeparator: \.isNewline).makeIterator()
        guard let header = lines.next() else { throw failure("error.rates.empty") }
        let codes = header.split(separator: ",", omittingEmptySubsequences: false).dropFirst().map {
            $0.trimmingCharacters(in: .whitespaces).uppercased()
        }
        for code in codes where !code.isEmpty {
            guard isCode(code) else { throw failure("error.rates.badCurrency", ["line": "1", "text": code]) }
        }
        var rates: [ExchangeRate] = []
        var skipped = 0
        var number = 1
        while let line = lines.next() {
            number += 1
            let cells = line.split(separator: ",", omittingEmptySubsequences: false)
            guard let first = cells.first else { continue }
            let day = try parseDay(first, line: number)
            for (code, cell) in zip(codes, cells.dropFirst()) where !code.isEmpty {
                let value = cell.trimmingCharacters(in: .whitespaces)
                if value.isEmpty || value.uppercased() == "N/A" {
                    skipped += 1
                    continue
                }
                rates.append(
                    ExchangeRate(day: day, base: defaultBase, currency: code, rate: try parseRate(value, line: number)))
            }
        }
        return Reading(rates: rates, skipped: skipped)
    }

    /// `day,currency,rate[,base]` per line; a first line that is not a day is a header.
    static func plainCSV(_ text: String) throws(BillfoldError) -> Reading {
        var rates: [ExchangeRate] = []
        for (index, line) in text.split(whereSeparator: \.isNewline).enumerated() {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            if cells.allSatisfy(\.isEmpty) { continue }
            if index == 0, (try? Day(parsing: cells[0], field: "day")) == nil { continue }
            guard (3...4).contains(cells.count) else {
                throw failure("error.rates.badLine", ["line": String(index + 1)])
            }
            let currency = cells[1].uppercased()
            let base = cells.count == 4 && !cells[3].isEmpty ? cells[3].uppercased() : defaultBase
            for code in [currency, base] where !isCode(code) {
                throw failure("error.rates.badCurrency", ["line": String(index + 1), "text": code])
            }
            rates.append(
                ExchangeRate(
                    day: try parseDay(Substring(cells[0]), line: index + 1), base: base, currency: currency,
                    rate: try parseRate(cells[2], line: index + 1)))
        }
        return Reading(rates: rates, skipped: 0)
    }

    static func xml(_ data: Data) throws(BillfoldError) -> Reading {
        let collector = CubeCollector()
        let parser = XMLParser(data: data)
        parser.delegate = collector
        let parsed = parser.parse()
        if let problem = collector.problem { throw problem }
        // The parser lets a file end with elements still open: a download cut short is refused.
        guard parsed, collector.depth == 0 else {
            throw failure("error.rates.xmlBroken", ["line": String(parser.lineNumber)])
        }
        return Reading(rates: collector.rates, skipped: 0)
    }

    /// Three letters A–Z: a rate may be of a currency no longer in ISO 4217.
    static func isCode(_ text: String) -> Bool {
        text.count == 3 && text.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) }
    }

    static func parseDay(_ text: Substring, line: Int) throws(BillfoldError) -> Day {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let day = try? Day(parsing: trimmed, field: "day") else {
            throw failure("error.rates.badDay", ["line": String(line), "text": String(trimmed.prefix(40))])
        }
        return day
    }

    /// A positive decimal with a point, as the ECB writes it.
    static func parseRate(_ text: String, line: Int) throws(BillfoldError) -> Decimal {
        guard let rate = ExchangeRate.parse(text) else {
            throw failure("error.rates.badRate", ["line": String(line), "text": String(text.prefix(40))])
        }
        return rate
    }
}

/// Collects the ECB XML's rates: a `Cube` with `time` opens a day, each `Cube` with `currency`
/// and `rate` inside it is one rate.
private final class CubeCollector: NSObject, XMLParserDelegate {
    var rates: [ExchangeRate] = []
    var problem: BillfoldError?
    /// Elements open: more than none at the end is a file cut short.
    var depth = 0
    private var day: Day?

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        depth -= 1
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        depth += 1
        guard problem == nil, name == "Cube" || name.hasSuffix(":Cube") else { return }
        do throws(BillfoldError) {
            if let time = attributes["time"] {
                day = try RatesFile.parseDay(Substring(time), line: parser.lineNumber)
            } else if let code = attributes["currency"], let rate = attributes["rate"] {
                guard let day else {
                    throw RatesFile.failure("error.rates.badLine", ["line": String(parser.lineNumber)])
                }
                let currency = code.uppercased()
                guard RatesFile.isCode(currency) else {
                    throw RatesFile.failure(
                        "error.rates.badCurrency", ["line": String(parser.lineNumber), "text": String(code.prefix(40))])
                }
                rates.append(
                    ExchangeRate(
                        day: day, base: RatesFile.defaultBase, currency: currency,
                        rate: try RatesFile.parseRate(rate, line: parser.lineNumber)))
            }
        } catch {
            problem = error
            parser.abortParsing()
        }
    }
}
