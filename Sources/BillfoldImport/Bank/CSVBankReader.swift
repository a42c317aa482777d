import BillfoldCore
import Foundation

/// Reads a bank's CSV export with a mapping, filling what the mapping leaves open from the file:
/// the delimiter, the lines before the table, the columns (from header names in English, German,
/// French and Dutch), the date order and the decimal mark.
public enum CSVBankReader {
    /// What a CSV file holds under a mapping: the mapping as completed, the header, the rows
    /// as they will be booked (or why not), ready to show before anything is written.
    public struct Result: Sendable {
        public var mapping: CSVMapping
        /// The header's names (empty for a file without a header).
        public var header: [String]
        public var reading: BankFileReading
    }

    /// Reads `text`; `currency` is the account's, for files without a currency column.
    /// `prefer` is the order of day and month when the file leaves it open (all days 12 or less).
    public static func read(
        _ text: String, mapping asked: CSVMapping, currency: Currency?, prefer: DateOrder = .dayMonthYear
    ) throws(BillfoldError) -> Result {
        let delimiter = asked.delimiter.flatMap(\.first).map { $0 == "t" ? "\t" : $0 } ?? CSVTable.guessDelimiter(text)
        // The columns the person named: the line that holds them all is the header, even one whose
        // names the guess does not know ("Counter Party", "Trans. Date").
        let named = CSVMapping.columnFields.compactMap { field -> String? in
            if case .name(let name) = asked[keyPath: field.path] { return HeaderNames.key(name) }
            return nil
        }
        let skip = asked.skipLines ?? headerLine(text, delimiter: delimiter, naming: named) ?? 0
        guard (0...10_000).contains(skip) else {
            throw BillfoldError.validation("skipLines", Phrase("error.import.skipLinesRange"))
        }
        let table = try CSVTable.read(text, delimiter: delimiter, skip: skip)
        guard let first = table.rows.first else {
            throw BillfoldError(.invalidImportFile, Phrase("error.import.csvNoRows", ["line": String(skip)]))
        }
        let hasHeader = looksLikeHeader(first.cells, naming: named)
        let header = hasHeader ? first.cells.map(\.trimmed) : []
        let body = Array(table.rows.dropFirst(hasHeader ? 1 : 0))
        var mapping = asked.filled(from: guess(header: header))
        mapping.delimiter = String(delimiter)
        mapping.skipLines = skip
        // The first rows tell the formats (a statement does not change them halfway).
        let samples = body.prefix(Self.sampleRows)
        mapping.direction =
            mapping.direction
            ?? guessDirection(
                header: header, mapping: mapping, rows: samples,
                amount: mapping.amount.flatMap { index(of: $0, header) })
        let columns = try Columns(
            mapping, header: header, width: first.cells.count, firstLine: first.cells.map(\.trimmed))
        let holder = holder(payee: columns.payee?.index, payer: columns.payer?.index, rows: samples)
        mapping.dateOrder =
            mapping.dateOrder
            ?? DateOrder.guess(samples.lazy.compactMap { columns.date.cell($0.cells) }, prefer: prefer)
        let amountSamples = samples.lazy.flatMap { row in
            [columns.amount, columns.debit, columns.credit, columns.fee].compactMap { $0?.cell(row.cells) }
        }
        mapping.decimal = mapping.decimal ?? DecimalSeparator.guess(amountSamples)
        mapping.sign = mapping.sign ?? AmountSign.guess(samples.lazy.compactMap { columns.amount?.cell($0.cells) })
        // "Betrag (EUR)", "Amount in USD": the header names the currency.
        let headerCurrency = [columns.amount, columns.debit, columns.credit].compactMap { $0 }.lazy
            .compactMap { $0.index < header.count ? currencyCode(in: header[$0.index]) : nil }.first
        // What the file says beats the account's default the person left in the form: in a header,
        // else on the amounts themselves ("£12.50").
        let currency = headerCurrency ?? AmountText.currency(writtenIn: amountSamples, given: currency) ?? currency
        if currency == nil && columns.currency == nil {
            throw BillfoldError.validation("currency", Phrase("error.import.csvNoCurrency"))
        }
        // One statement per account the rows name, in the order they first appear.
        var statements: [(name: String?, entries: [StatementEntry])] = []
        var statementIndex: [String?: Int] = [:]
        var unreadable: [UnreadableRow] = []
        var pending = 0
        // "line 17" in the current words, found here: the cores below do not know them.
        let linePlace = NumberedPlace.line()
        // Each row is read on its own, so a million of them are read on all cores at once.
        let outcomes = Parallel.mapSlices(body) { rows in
            var known: [String: Currency] = [:]
            return rows.map { row in
                row.cells.contains(where: { !$0.trimmed.isEmpty })
                    ? columns.entry(
                        row.cells, place: linePlace(row.line), mapping: mapping, currency: currency, holder: holder,
                        known: &known)
                    : .empty
            }
        }
        // Lines after the last booking that fill a cell or two (a disclaimer, "Total;1.234,56") are
        // the statement's footer, not rows it could not read.
        let lastBooking = outcomes.lastIndex(where: \.isBooking) ?? -1
        // By index: a row or outcome copied whole retains each of its texts, a million times.
        for index in body.indices {
            let row = body[index]
            if index > lastBooking, case .unreadable = outcomes[index],
                row.cells.filter({ !$0.trimmed.isEmpty }).count <= 2
            {
                continue
            }
            switch outcomes[index] {
            case .empty: continue
            case .booked(let entry):
                let name = columns.account?.cell(row.cells).flatMap { $0.isEmpty ? nil : $0 }
                if let index = statementIndex[name] {
                    statements[index].entries.append(entry)
                } else {
                    guard statements.count < Self.maxAccounts else {
                        throw BillfoldError(
                            .invalidImportFile,
                            Phrase("error.import.tooManyAccounts", ["line": String(row.line)], count: Self.maxAccounts))
                    }
                    statementIndex[name] = statements.count
                    statements.append((name, [entry]))
                }
            case .pending: pending += 1
            case .unreadable(let reason):
                unreadable.append(
                    UnreadableRow(place: Phrase("error.import.placeLine", ["line": String(row.line)]), reason: reason))
            }
        }
        if statements.isEmpty { statements = [(nil, [])] }
        // A guessed id column whose values repeat is free text (a reference, a merchant), not the
        // bank's id: the rows are recognised by their fingerprints instead.
        if asked.id == nil, mapping.id != nil {
            var seen = Set<String>()
            let unique = statements.allSatisfy {
                $0.entries.allSatisfy { $0.bankID.map { seen.insert($0).inserted } ?? true }
            }
            if !unique {
                mapping.id = nil
                for index in statements.indices {
                    for entry in statements[index].entries.indices { statements[index].entries[entry].bankID = nil }
                }
            }
        }
        return Result(
            mapping: mapping, header: header,
            reading: BankFileReading(
                format: .csv,
                statements: statements.map {
                    Statement(
                        account: StatementAccount(
                            currency: currency ?? $0.entries.first?.amount.currency, name: $0.name),
                        entries: $0.entries)
                }, unreadable: unreadable, pending: pending))
    }

    /// The most accounts one CSV may name in an account column.
    static let maxAccounts = 200

    /// How many rows the date order, decimal mark and sign are guessed from.
    static let sampleRows = 20_000

    /// A currency code written in a header ("Betrag (EUR)"), if any.
    static func currencyCode(in header: String) -> Currency? {
        header.split(whereSeparator: { !$0.isLetter }).lazy.filter { $0.count == 3 && $0.allSatisfy(\.isUppercase) }
            .compactMap { try? Currency(code: String($0)) }.first
    }

    /// The number of lines before the header, when a header is among the first rows. `naming`:
    /// the keys of the columns the person named.
    static func headerLine(_ text: String, delimiter: Character, naming: [String] = []) -> Int? {
        guard let table = try? CSVTable.read(String(text.prefix(20_000)), delimiter: delimiter, skip: 0) else {
            return nil
        }
        return table.rows.prefix(40).first { looksLikeHeader($0.cells, naming: naming) }.map { $0.line - 1 }
    }

    /// A header names a date and an amount (or debit and credit) column, or holds every column
    /// the person named (`naming`, as keys).
    static func looksLikeHeader(_ cells: [String], naming: [String] = []) -> Bool {
        let keys = Set(cells.map { HeaderNames.base(HeaderNames.key($0)) })
        if !naming.isEmpty, Set(cells.map(HeaderNames.key)).isSuperset(of: naming) { return true }
        let hasDate = HeaderNames.date.contains { keys.contains($0) }
        let hasMoney = (HeaderNames.amount + HeaderNames.debit + HeaderNames.credit).contains { keys.contains($0) }
        return hasDate && hasMoney
    }

    /// The mapping the header's names suggest.
    public static func guess(header: [String]) -> CSVMapping {
        let keys = header.map { HeaderNames.base(HeaderNames.key($0)) }
        var used = Set<Int>()
        func pick(_ names: [String], after: Int? = nil) -> CSVColumn? {
            for name in names {
                let matches = keys.indices.filter { keys[$0] == name && !used.contains($0) }
                let chosen = after.flatMap { start in matches.first { $0 > start } } ?? matches.first
                if let chosen {
                    used.insert(chosen)
                    return column(chosen, header)
                }
            }
            return nil
        }
        var mapping = CSVMapping()
        mapping.date = pick(HeaderNames.date)
        mapping.amount = pick(HeaderNames.amount)
        if mapping.amount == nil {
            mapping.debit = pick(HeaderNames.debit)
            mapping.credit = pick(HeaderNames.credit)
        }
        let amountIndex = mapping.amount.flatMap { index(of: $0, header) }
        mapping.currency = pick(HeaderNames.currency, after: amountIndex)
        mapping.id = pick(HeaderNames.id)
        mapping.status = pick(HeaderNames.status)
        mapping.account = pick(HeaderNames.account)
        mapping.fee = pick(HeaderNames.fee)
        mapping.category = pick(HeaderNames.category)
        // Before the payee: "Zahlungspflichtige*r" is the payer beside a payee column, and the
        // payee when it is the only party column (money in then takes it anyway).
        mapping.payer = pick(HeaderNames.payer)
        mapping.payee = pick(HeaderNames.payee)
        mapping.notes = pick(HeaderNames.notes)
        return mapping
    }

    /// A column by name, or by number when its name is not unique in the header.
    static func column(_ index: Int, _ header: [String]) -> CSVColumn {
        // A column without a name (Volksbank's S/H) goes by its number too.
        let name = header[index]
        return !HeaderNames.key(name).isEmpty && header.filter { $0 == name }.count == 1
            ? .name(name) : .number(index + 1)
    }

    static func index(of column: CSVColumn, _ header: [String]) -> Int? {
        switch column {
        case .number(let number): number - 1
        case .name(let name): header.firstIndex { HeaderNames.key($0) == HeaderNames.key(name) }
        case .absent: nil
        }
    }
}
