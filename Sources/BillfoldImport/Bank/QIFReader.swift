import BillfoldCore
import Foundation

/// Reads QIF (Quicken Interchange Format) bank, cash and credit card registers: `D` date (the
/// common forms, including Quicken's `1/ 5' 4` for 2004), `T` or `U` amount, `P` payee, `M`
/// memo, `L` category (`[Other account]` is a transfer, left uncategorised), `N` number and
/// splits (`S`/`E`/`$`), which become one booking with the splits listed in its notes.
/// Investment registers are refused: they hold trades, not bookings.
public enum QIFReader {
    /// Whether `text` looks like QIF: a `!Type:` or `!Account` line first.
    public static func recognises(_ text: String) -> Bool {
        let first = text.drop { $0.isWhitespace }.prefix(12).lowercased()
        return first.hasPrefix("!type:") || first.hasPrefix("!account") || first.hasPrefix("!option")
    }

    /// A record's fields as read, with the line it starts on.
    private struct Record {
        var line: Int
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
        var inAccountBlock = false
        var accountName: String?
        for (offset, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated()
        {
            let line = offset + 1
            let content = String(rawLine).trimmingCharacters(in: .whitespaces)
            guard let code = content.first else { continue }
            if code == "!" {
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
                }
                continue
            }
            if code == "^" {
                if inAccountBlock {
                    inAccountBlock = false
                } else if let done = current {
                    records.append(done)
                }
                current = nil
                continue
            }
            let value = String(content.dropFirst()).trimmingCharacters(in: .whitespaces)
            if inAccountBlock {
                if code == "N" { accountName = value }
                continue
            }
            guard ["bank", "cash", "ccard", "oth a", "oth l", ""].contains(section) else { continue }
            if current == nil { current = Record(line: line) }
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
        var entries: [StatementEntry] = []
        var unreadable: [UnreadableRow] = []
        let linePlace = NumberedPlace.line()
        for record in records {
            do {
                entries.append(
                    try entry(record, currency: currency, order: order, decimal: decimal, place: linePlace(record.line))
                )
            } catch {
                unreadable.append(
                    UnreadableRow(
                        place: Phrase("error.import.placeLine", ["line": String(error.line)]),
                        reason: error.error.phrase))
            }
        }
        let kind = section == "ccard" ? "CREDITCARD" : nil
        return BankFileReading(
            format: .qif,
            statements: [
                Statement(
                    account: StatementAccount(number: accountName, kind: kind, currency: currency), entries: entries)
            ],
            unreadable: unreadable)
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
