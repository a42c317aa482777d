import BillfoldCore
import Foundation

/// Reads QIF (Quicken Interchange Format) bank, cash and credit card registers: `D` date (the
/// common forms, including Quicken's `1/ 5' 4` for 2004), `T` or `U` amount, `P` payee, `M`
/// memo, `L` category (`[Other account]` is a transfer, left uncategorised), `N` number and
/// splits (`S`/`E`/`$`), which become one booking with the splits listed in its notes.
/// Investment registers are refused: they hold trades, not bookings.
///
/// A whole-file export (Quicken, GnuCash, MS Money) holds several accounts: an `!Account` block
/// (`N` name, `T` type, ended by `^`) names the account the registers after it belong to, and each
/// account becomes its own statement. Between `!Option:AutoSwitch` and `!Clear:AutoSwitch` the
/// `!Account` block is only the list of accounts, naming none of the registers.
public enum QIFReader {
    /// Whether `text` looks like QIF: a `!Type:` or `!Account` line first.
    public static func recognises(_ text: String) -> Bool {
        let first = text.drop { $0.isWhitespace }.prefix(12).lowercased()
        return first.hasPrefix("!type:") || first.hasPrefix("!account") || first.hasPrefix("!option")
    }

    /// A record's fields as read, with the line it starts on.
    private struct Record {
        var line: Int
        /// The `!Account` the record's register belongs to (nil before any).
        var account: Account?
        /// The register's `!Type:` ("bank", "ccard" …).
        var section: String
        var fields: [(code: Character, value: String, line: Int)] = []
        func first(_ code: Character) -> (value: String, line: Int)? {
            fields.first { $0.code == code }.map { ($0.value, $0.line) }
        }
    }

    public static func read(_ text: String, currency: Currency, dateOrder: DateOrder? = nil) throws(BillfoldError)
        -> BankFileReading
    {
        var records: [Record] = []
        var current: Record?
        var section = ""
        var listingAccounts = false
        var inAccountBlock = false
        var account: Account?
        var blocks = 0
        var described = Account(block: 0)
        for (offset, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated()
        {
            let line = offset + 1
            let content = String(rawLine).trimmingCharacters(in: .whitespaces)
            guard let code = content.first else { continue }
            if code == "!" {
                // A header ends a record left open (its "^" missing): it is kept, not lost.
                if let open = current, !open.fields.isEmpty { records.append(open) }
                current = nil
                let header = content.lowercased()
                if header.hasPrefix("!type:") {
                    section = String(header.dropFirst(6)).trimmingCharacters(in: .whitespaces)
                    inAccountBlock = false
                    if section.hasPrefix("invst") {
                        throw BillfoldError(
                            .invalidImportFile, Phrase("error.import.qifInvestment", ["line": String(line)]))
                    }
                } else if header.hasPrefix("!account") {
                    inAccountBlock = true
                    blocks += 1
                    described = Account(block: blocks)
                } else if header.hasPrefix("!option:autoswitch") {
                    listingAccounts = true
                } else if header.hasPrefix("!clear:autoswitch") {
                    listingAccounts = false
                }
                continue
            }
            if code == "^" {
                if inAccountBlock {
                    // In the list of accounts each ends with "^" and the block goes on; otherwise
                    // the one account described is the one the next registers belong to.
                    if !listingAccounts {
                        account = described
                        inAccountBlock = false
                    }
                    described = Account(block: blocks)
                } else if let done = current {
                    records.append(done)
                }
                current = nil
                continue
            }
            let value = String(content.dropFirst()).trimmingCharacters(in: .whitespaces)
            if inAccountBlock {
                if code == "N" { described.name = value }
                if code == "T" { described.type = value.lowercased() }
                continue
            }
            guard ["bank", "cash", "ccard", "oth a", "oth l", ""].contains(section) else { continue }
            if current == nil { current = Record(line: line, account: account, section: section) }
            current!.fields.append((code, value, line))
        }
        if let open = current, !open.fields.isEmpty { records.append(open) }
        guard !records.isEmpty || !section.isEmpty else {
            throw BillfoldError(.invalidImportFile, Phrase("error.import.qifNotQIF"))
        }
        let order =
            dateOrder
            ?? DateOrder.guess(
                records.compactMap { $0.first("D")?.value.replacingOccurrences(of: "'", with: "/") },
                prefer: .monthDayYear)
        let decimal = DecimalSeparator.guess(records.compactMap { ($0.first("T") ?? $0.first("U"))?.value })
        var statements: [(account: Account?, section: String, entries: [StatementEntry])] = []
        var unreadable: [UnreadableRow] = []
        let linePlace = NumberedPlace.line()
        for record in records {
            do {
                let entry = try entry(
                    record, currency: currency, order: order, decimal: decimal, place: linePlace(record.line))
                if let same = statements.lastIndex(where: { $0.account == record.account }) {
                    statements[same].entries.append(entry)
                } else {
                    statements.append((record.account, record.section, [entry]))
                }
            } catch {
                unreadable.append(
                    UnreadableRow(
                        place: Phrase("error.import.placeLine", ["line": String(error.line)]),
                        reason: error.error.phrase))
            }
        }
        if statements.isEmpty { statements = [(account, section, [])] }
        return BankFileReading(
            format: .qif,
            statements: statements.map { read in
                let type = read.account?.type ?? read.section
                return Statement(
                    account: StatementAccount(
                        kind: type == "ccard" ? "CREDITCARD" : nil, currency: currency, name: read.account?.name),
                    entries: read.entries)
            },
            unreadable: unreadable)
    }

    /// An account as an `!Account` block describes it. Blocks naming the same account are one;
    /// blocks without a name are each their own.
    private struct Account: Equatable {
        /// Which `!Account` block it was described in.
        var block: Int
        var name: String?
        /// `bank`, `ccard`, `cash`, `oth a` … as written, lowercased.
        var type: String?

        static func == (one: Account, other: Account) -> Bool {
            if let name = one.name, let otherName = other.name { return name == otherName }
            return one.name == nil && other.name == nil && one.block == other.block
        }
    }

    private struct Fault: Error {
        var line: Int
        var error: BillfoldError
    }

    /// `place`: where the record is, as its entry names it ("line 12").
    private static func entry(
        _ record: Record, currency: Currency, order: DateOrder, decimal: DecimalSeparator, place: String
    ) throws(Fault) -> StatementEntry {
        guard let date = record.first("D") else {
            throw Fault(line: record.line, error: BillfoldError(.invalidImportFile, Phrase("error.import.qifNoDate")))
        }
        guard let amountField = record.first("T") ?? record.first("U") else {
            throw Fault(
                line: record.line, error: BillfoldError(.invalidImportFile, Phrase("error.import.qifNoAmount")))
        }
        let day: Day
        do {
            // Quicken writes 2000 and later with an apostrophe and pads with spaces: 1/ 5' 4.
            let normal = date.value.replacingOccurrences(of: " ", with: "")
            let parts = normal.split(separator: "'")
            if parts.count == 2, let short = Int(parts[1]), parts[1].count <= 2 {
                day = try DateText.day(parts[0] + "/" + String(2000 + short), order: order)
            } else {
                day = try DateText.day(normal, order: order)
            }
        } catch {
            throw Fault(line: date.line, error: error)
        }
        let amount: Money
        do {
            amount = try AmountText.money(amountField.value, decimal: decimal, currency: currency)
        } catch {
            throw Fault(line: amountField.line, error: error)
        }
        var notes = record.first("M")?.value ?? ""
        var category: String?
        if let label = record.first("L")?.value, !label.isEmpty {
            if label.hasPrefix("[") {
                let target = label.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
                notes = [notes, "Transfer: \(target)"].filter { !$0.isEmpty }.joined(separator: " · ")
            } else {
                // "Food:Groceries/Holiday": what follows "/" is a class, not the category (the
                // group before ":" is taken off where the category is named, BankImport.categoryName).
                category = label.split(separator: "/").first.map(String.init)
            }
        }
        let splits = record.fields.filter { $0.code == "S" }.map(\.value)
        if !splits.isEmpty {
            let amounts = record.fields.filter { $0.code == "$" }.map(\.value)
            let memos = record.fields.filter { $0.code == "E" }.map(\.value)
            let lines = splits.indices.map { index in
                [splits[index], index < amounts.count ? amounts[index] : "", index < memos.count ? memos[index] : ""]
                    .filter { !$0.isEmpty }.joined(separator: " ")
            }
            notes = [notes, "Split: " + lines.joined(separator: "; ")].filter { !$0.isEmpty }.joined(separator: " · ")
            if Set(splits).count > 1 { category = nil }
        }
        if let number = record.first("N")?.value, !number.isEmpty {
            notes = [notes, "No. \(number)"].filter { !$0.isEmpty }.joined(separator: " · ")
        }
        return StatementEntry(
            day: day, amount: amount, payee: record.first("P")?.value ?? "", notes: notes, category: category,
            place: place)
    }
}
