import BillfoldCore
import CSV
import Foundation

/// The formats a person's books go out in: CSV for spreadsheets (and Billfold's own CSV import),
/// and the journals of the plain-text accounting tools.
public enum ExportFormat: String, Sendable, CaseIterable {
    case csv, hledger, ledger, beancount

    /// The file name's ending.
    public var fileExtension: String {
        switch self {
        case .csv: "csv"
        case .hledger: "journal"
        case .ledger: "ledger"
        case .beancount: "beancount"
        }
    }

    public var mediaType: String { self == .csv ? "text/csv; charset=utf-8" : "text/plain; charset=utf-8" }
}

/// Writes a person's transactions in an export format, a page at a time, so a million go out in
/// constant memory: `header` declares the accounts and commodities, `entries` writes a page of
/// transactions. Each transaction is balanced: its account (under assets) gets the amount, its
/// category (under expenses or income, inside its group; `expenses:uncategorized` without one)
/// the opposite.
public struct ExportWriter: Sendable {
    public let format: ExportFormat
    private let accounts: [Int64: String]
    /// Accounts as the person names them, for CSV.
    private let accountNames: [Int64: String]
    private let categories: [Int64: String]
    private let categoryNames: [Int64: String]
    private let uncategorized: String
    private let currencies: [Currency]
    private let primary: Currency
    private let zone: TimeZone

    /// `accounts` and `categories` are all the person's; `currencies` those the transactions use;
    /// `primary` the person's own (beancount's operating currency).
    public init(
        format: ExportFormat, accounts: [Account], categories: CategoryTree, currencies: [Currency],
        primary: Currency, zone: TimeZone
    ) {
        self.format = format
        self.primary = primary
        self.zone = zone
        self.currencies = currencies
        let names = AccountNames(format: format)
        var taken: [String: Int64] = [:]
        func unique(_ name: String, _ id: Int64) -> String {
            if let other = taken[name], other != id { return unique(name + "-\(id)", id) }
            taken[name] = id
            return name
        }
        self.accountNames = Dictionary(
            accounts.map { ($0.id, $0.displayName) }, uniquingKeysWith: { first, _ in first })
        self.accounts = Dictionary(
            uniqueKeysWithValues: accounts.map { ($0.id, unique(names.account(["assets", $0.displayName]), $0.id)) })
        var categoryAccounts: [Int64: String] = [:]
        var plainNames: [Int64: String] = [:]
        for category in categories.all where !category.isGroup {
            let group = category.groupID.flatMap { categories.category($0) }
            let top = category.flags.isIncome || group?.flags.isIncome == true ? "income" : "expenses"
            let path = [top] + (group.map { [$0.name] } ?? []) + [category.name]
            categoryAccounts[category.id] = unique(names.account(path), -category.id)
            // "Food:Groceries": Billfold's CSV import reads the last part as the category.
            plainNames[category.id] = group.map { "\($0.name):\(category.name)" } ?? category.name
        }
        self.categories = categoryAccounts
        self.categoryNames = plainNames
        self.uncategorized = names.account(["expenses", "uncategorized"])
    }

    /// The declarations before the first transaction (and the CSV header).
    public func header() -> String {
        switch format {
        case .csv:
            return CSVLine.make([
                "Date", "Payee", "Amount", "Currency", "Account", "Category", "Notes", "Cleared", "Billfold ID",
            ])
        case .hledger, .ledger:
            var lines = ["; Exported from Billfold", ""]
            // Each currency shown to its minor unit: a converted total (from the prices' many
            // digits) is shown in cents, not to the 35th place. hledger wants a decimal point
            // even with no decimals, ledger refuses one.
            for currency in journalCurrencies {
                let places = currency.minorUnits
                let number =
                    "1000" + (places > 0 ? "." + String(repeating: "0", count: places) : format == .hledger ? "." : "")
                lines.append("commodity \(currency.code)\n    format \(number) \(currency.code)")
            }
            lines.append("")
            for name in allAccounts { lines.append("account \(name)") }
            return lines.joined(separator: "\n") + "\n\n"
        case .beancount:
            var lines = ["; Exported from Billfold", ""]
            lines.append("option \"operating_currency\" \"\(primary.code)\"")
            lines.append("")
            for code in journalCurrencies.map(\.code) { lines.append("1900-01-01 commodity \(code)") }
            lines.append("")
            for name in allAccounts { lines.append("1900-01-01 open \(name)") }
            return lines.joined(separator: "\n") + "\n\n"
        }
    }

    /// The transactions' currencies and the primary one, which converted totals are in.
    private var journalCurrencies: [Currency] {
        Set(currencies + [primary]).sorted { $0.code < $1.code }
    }

    private var allAccounts: [String] {
        Set(Array(accounts.values) + Array(categories.values) + [uncategorized]).sorted()
    }

    /// A page of transactions, as one piece of text.
    public func entries(_ transactions: [Transaction]) -> String {
        var none = PriceDirectives(format: .csv, primary: primary, book: .empty)
        return entries(transactions, prices: &none)
    }

    /// A page of transactions, after the prices of their days that `prices` has not written yet.
    public func entries(_ transactions: [Transaction], prices: inout PriceDirectives) -> String {
        var finder = DayFinder(zone: zone)
        let days = transactions.map { finder.day($0.bookedAt.epochSeconds) }
        var out = ExportText()
        out.bytes.reserveCapacity(transactions.count * 160)
        if prices.writes {
            out.add(prices.lines(for: zip(transactions, days).map { ($0.money.currency, $1) }))
        }
        for (transaction, day) in zip(transactions, days) { entry(transaction, on: day, into: &out) }
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// One transaction, booked on `day` in the person's zone.
    func entry(_ t: Transaction, on day: Day, into out: inout ExportText) {
        let asset = accounts[t.accountID] ?? AccountNames(format: format).account(["assets", "account \(t.accountID)"])
        let other = t.categoryID.flatMap { categories[$0] } ?? uncategorized
        let amount = t.money.decimalString
        let opposite = Money(minorUnits: -t.money.minorUnits, currency: t.money.currency).decimalString
        let code = t.money.currency.code
        switch format {
        case .csv:
            out.add(
                CSVLine.make([
                    day.description, t.payee.spreadsheetSafe, amount, code,
                    (accountNames[t.accountID] ?? asset).spreadsheetSafe,
                    (t.categoryID.flatMap { categoryNames[$0] } ?? "").spreadsheetSafe, t.notes.spreadsheetSafe,
                    t.status.rawValue, String(t.id),
                ]))
        case .hledger, .ledger:
            // Ledger's dates are written with slashes.
            out.add(day.text(separator: format == .ledger ? "/" : "-"))
            out.add(t.status == .cleared ? " * " : t.status == .pending ? " ! " : " ")
            // A ";" would start a comment: the payee keeps its words without it.
            let payee = t.payee.singleLine
            // A payee starting with "*", "!" or "(" would be read as a status mark or a code: an
            // empty code "()" before it ends their place, and both tools keep the payee as written.
            if let first = payee.utf8.first, first == 0x2A || first == 0x21 || first == 0x28 { out.add("() ") }
            out.add(payee.utf8.contains(0x3B) ? payee.replacingOccurrences(of: ";", with: ",") : payee)
            // Ledger reads "[2024/01/05]" in a note as a date: brackets in notes become parentheses.
            let notes = t.notes.singleLine
            if !notes.isEmpty {
                out.add("\n    ; ")
                out.add(
                    notes.utf8.contains { $0 == 0x5B || $0 == 0x5D }
                        ? notes.replacingOccurrences(of: "[", with: "(").replacingOccurrences(of: "]", with: ")")
                        : notes)
            }
            out.posting(indent: "\n    ", asset, amount, code)
            out.posting(indent: "\n    ", other, opposite, code)
            out.add("\n\n")
        case .beancount:
            out.add(day.description)
            out.add(t.status == .cleared ? " * " : " ! ")
            out.add(t.payee.singleLine.quoted)
            out.add(" ")
            out.add(t.notes.singleLine.quoted)
            if t.status != .cleared {
                out.add("\n  status: ")
                out.add(t.status.rawValue.quoted)
            }
            out.posting(indent: "\n  ", asset, amount, code)
            out.posting(indent: "\n  ", other, opposite, code)
            out.add("\n\n")
        }
    }
}

/// An export's text as it is written: a page of entries goes into one buffer of bytes, with no
/// string made per line.
struct ExportText {
    var bytes: [UInt8] = []

    mutating func add(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// `account  12.30 EUR` on its own line: two spaces end an account's name.
    mutating func posting(indent: String, _ account: String, _ amount: String, _ code: String) {
        add(indent)
        add(account)
        add("  ")
        add(amount)
        add(" ")
        add(code)
    }
}

/// Account names each tool accepts: hledger and ledger take words with single spaces (two end
/// the name); beancount wants capitalised ASCII components of letters, digits and dashes.
struct AccountNames {
    let format: ExportFormat

    func account(_ parts: [String]) -> String {
        switch format {
        case .beancount:
            return parts.map(beancountComponent).joined(separator: ":")
        case .csv, .hledger, .ledger:
            return parts.map { part in
                part.replacingOccurrences(of: ":", with: "-").replacingOccurrences(of: ";", with: ",")
                    .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            }.map { $0.isEmpty ? "unnamed" : $0 }.joined(separator: ":")
        }
    }

    private func beancountComponent(_ part: String) -> String {
        let ascii = part.folding(options: [.diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var words = ascii.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) }).map(String.init)
        if words.isEmpty { words = ["Unnamed"] }
        var name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: "-")
        if let first = name.first, !(first.isUppercase || first.isNumber) { name = "X" + name }
        return name
    }
}

/// One CSV line, quoted where needed, by CSV.swift's writer.
enum CSVLine {
    static func make(_ fields: [String]) -> String {
        // Fields without a delimiter, quote or line break are written as they are, which is
        // what the writer would do; it is asked only for the others.
        if fields.allSatisfy({ !$0.utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D } }) {
            return fields.joined(separator: ",") + "\n"
        }
        let stream = OutputStream(toMemory: ())
        stream.open()
        defer { stream.close() }
        guard let writer = try? CSVWriter(stream: stream), (try? writer.write(row: fields)) != nil else {
            return fields.joined(separator: ",") + "\n"
        }
        writer.stream.close()
        let data = stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

extension String {
    /// On one line: line breaks and tabs become spaces.
    fileprivate var singleLine: String {
        // Most texts are one line already; Foundation's trimming costs more than the whole entry.
        // The line breaks beyond ASCII are NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR.
        let breaks =
            utf8.contains { $0 < 0x20 }
            || (utf8.contains { $0 >= 0x80 }
                && unicodeScalars.contains { $0 == "\u{85}" || $0 == "\u{2028}" || $0 == "\u{2029}" })
        let padded =
            unicodeScalars.first?.properties.isWhitespace == true
            || unicodeScalars.last?.properties.isWhitespace == true
        if !breaks && !padded { return self }
        return split(whereSeparator: { $0.isNewline || $0 == "\t" }).joined(separator: " ").trimmingCharacters(
            in: .whitespaces)
    }

    /// Text a spreadsheet will not run as a formula: one starting with = + - @ or a tab or
    /// carriage return gets an apostrophe in front (Billfold's CSV import takes it off again).
    var spreadsheetSafe: String {
        guard let first = utf8.first, [0x3D, 0x2B, 0x2D, 0x40, 0x09, 0x0D].contains(first) else { return self }
        return "'" + self
    }

    /// A beancount string: in double quotes, with quotes and backslashes escaped.
    fileprivate var quoted: String {
        guard utf8.contains(where: { $0 == 0x5C || $0 == 0x22 }) else { return "\"" + self + "\"" }
        return "\"" + replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
    }
}

/// The day an instant falls on in a zone, without a calendar per row: the zone's offset is asked
/// once per hour of time (it only changes on the hour) and kept while the rows stay in that hour
/// (an export goes oldest first, dozens of rows an hour); the date is arithmetic.
struct DayFinder {
    let zone: TimeZone
    private var last: (hour: Int64, offset: Int)?

    init(zone: TimeZone) { self.zone = zone }

    mutating func day(_ epochSeconds: Int64) -> Day {
        let hour = epochSeconds >= 0 ? epochSeconds / 3600 : (epochSeconds - 3599) / 3600
        let offset: Int
        if let last, last.hour == hour {
            offset = last.offset
        } else {
            offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(epochSeconds)))
            last = (hour, offset)
        }
        let local = epochSeconds + Int64(offset)
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        return Day(daysSince1970: days)
    }
}
