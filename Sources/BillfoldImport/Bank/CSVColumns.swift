import BillfoldCore
import Foundation

extension CSVBankReader {
    /// Where each field is, as cell positions.
    struct Columns {
        struct Position {
            var index: Int
            func cell(_ cells: [String]) -> String? { index < cells.count ? cells[index].trimmed : nil }
        }

        var date: Position
        var amount, debit, credit, fee, payee, payer, direction, notes, category, currency, id, status,
            account: Position?

        /// `firstLine`: the table's first line, shown when a column cannot be found.
        init(_ mapping: CSVMapping, header: [String], width: Int, firstLine: [String]) throws(BillfoldError) {
            // The columns a person can choose from: the header's names, or the first line's cells.
            let shown = Phrase("error.import.columnsAre", lists: ["names": firstLine.map { "“\($0)”" }])
            func position(_ column: CSVColumn?, _ role: String) throws(BillfoldError) -> Position? {
                guard let column, column != .absent else { return nil }
                guard let index = CSVBankReader.index(of: column, header) else {
                    let names = header.map { "“\($0)”" }
                    throw BillfoldError.validation(
                        role,
                        Phrase(joining: [
                            Columns.noColumn(role, column: column.description),
                            names.isEmpty
                                ? Phrase("error.import.columnsNoneNamed")
                                : Phrase("error.import.columnsAre", lists: ["names": names]),
                        ]))
                }
                guard index >= 0, index < max(width, header.count) else {
                    throw BillfoldError.validation(
                        role,
                        Columns.pastLastColumn(role, column: column.description, last: String(max(width, header.count)))
                    )
                }
                return Position(index: index)
            }
            guard let date = try position(mapping.date, "date") else {
                throw BillfoldError.validation(
                    "date", Phrase(joining: [Phrase("error.import.chooseDateColumn"), shown]))
            }
            self.date = date
            amount = try position(mapping.amount, "amount")
            debit = try position(mapping.debit, "debit")
            credit = try position(mapping.credit, "credit")
            guard amount != nil || debit != nil || credit != nil else {
                throw BillfoldError.validation(
                    "amount", Phrase(joining: [Phrase("error.import.chooseAmountColumn"), shown]))
            }
            fee = try position(mapping.fee, "fee")
            payee = try position(mapping.payee, "payee")
            payer = try position(mapping.payer, "payer")
            direction = try position(mapping.direction, "direction")
            notes = try position(mapping.notes, "notes")
            category = try position(mapping.category, "category")
            currency = try position(mapping.currency, "currency")
            id = try position(mapping.id, "id")
            status = try position(mapping.status, "status")
            account = try position(mapping.account, "account")
        }

        /// Each field's name in the keys of its sentences (`error.import.noColumnForAmount`): a
        /// sentence for each field, so that each language can say it its own way.
        static let keyNames = [
            "date": "Date", "amount": "Amount", "debit": "Debit", "credit": "Credit", "fee": "Fee", "payee": "Payee",
            "notes": "Notes", "category": "Category", "currency": "Currency", "id": "ID", "status": "Status",
            "account": "Account", "payer": "Payer", "direction": "Direction",
        ]

        /// "There is no column “Betrag” for the amount."
        static func noColumn(_ role: String, column: String) -> Phrase {
            Phrase("error.import.noColumnFor\(keyNames[role] ?? role)", ["column": column])
        }

        /// "Column 9 for the amount is past the last column (7)."
        static func pastLastColumn(_ role: String, column: String, last: String) -> Phrase {
            Phrase("error.import.columnPastLastFor\(keyNames[role] ?? role)", ["column": column, "last": last])
        }

        enum Outcome {
            case booked(StatementEntry)
            case pending
            case unreadable(Phrase)
            /// A row of empty cells, or a statement's balance line: left out.
            case empty

            /// A booking, now or once the bank books it.
            var isBooking: Bool {
                switch self {
                case .booked, .pending: true
                case .unreadable, .empty: false
                }
            }
        }

        /// The row as it will be booked, or why not. `place`: where the row is ("line 17").
        /// `holder`: the account holder's name, when a payee and a payer column hold it by turns.
        /// `known`: the currencies a currency column named so far (it holds a handful of codes a
        /// million times; each is checked once).
        func entry(
            _ cells: [String], place: String, mapping: CSVMapping, currency fallback: Currency?, holder: String?,
            known: inout [String: Currency]
        ) -> Outcome {
            let dateText = date.cell(cells) ?? ""
            // Only a status column, or a date that is a word ("Pending"), can say "not booked yet".
            let statusText = status?.cell(cells)?.lowercased() ?? ""
            let dateWord = dateText.utf8.first.map { !(0x30...0x39).contains($0) } == true ? dateText.lowercased() : ""
            if !(statusText.isEmpty && dateWord.isEmpty),
                HeaderNames.pendingWords.contains(where: { statusText.contains($0) || dateWord.contains($0) })
            {
                return .pending
            }
            // Money that never moved (a declined card payment, a reverted transfer) is no booking.
            if !statusText.isEmpty, HeaderNames.voidWords.contains(where: { statusText.contains($0) }) { return .empty }
            // A statement's own lines (its opening and closing balance) are no bookings.
            if cells.contains(where: HeaderNames.isBalanceLine) { return .empty }
            guard !dateText.isEmpty else { return .unreadable(Phrase("error.import.rowNoDate")) }
            do {
                let day = try DateText.day(dateText, order: mapping.dateOrder ?? .dayMonthYear)
                let code = currency?.cell(cells).flatMap { $0.isEmpty ? nil : $0 }
                if let code, known[code] == nil { known[code] = try Currency(code: code) }
                guard let currency = code.flatMap({ known[$0] }) ?? fallback else {
                    return .unreadable(Phrase("error.import.rowNoCurrency"))
                }
                let decimal = mapping.decimal ?? .point
                func money(_ position: Position?) throws(BillfoldError) -> Money? {
                    guard let text = position?.cell(cells), !text.isEmpty else { return nil }
                    return try AmountText.money(text, decimal: decimal, currency: currency)
                }
                var minor: Int64
                if amount != nil {
                    guard let value = try money(amount) else { return .unreadable(Phrase("error.import.rowNoAmount")) }
                    // Inverted: what is written unsigned went out; an explicit "+" came in.
                    let explicitPlus = amount?.cell(cells)?.hasPrefix("+") == true
                    minor = mapping.sign == .inverted && !explicitPlus ? -value.minorUnits : value.minorUnits
                    // A direction column signs the amount; a row that leaves it empty keeps its own sign.
                    if let word = direction?.cell(cells), !word.isEmpty {
                        guard let way = Direction(word) else {
                            return .unreadable(Phrase("error.import.rowDirectionUnknown", ["text": word]))
                        }
                        minor = way.signed(value.minorUnits)
                    }
                } else {
                    let out = try money(debit)
                    let into = try money(credit)
                    guard out != nil || into != nil else {
                        return .unreadable(Phrase("error.import.rowNoDebitOrCredit"))
                    }
                    // Debit and credit columns are unsigned; a bank that signs its debits means the same.
                    minor = (into?.minorUnits.magnitude).map(Int64.init) ?? 0
                    minor -= (out?.minorUnits.magnitude).map(Int64.init) ?? 0
                }
                if let charged = try money(fee) { minor -= Int64(charged.minorUnits.magnitude) }
                let clean = CSVBankReader.cleaned
                var payeeText = CSVBankReader.counterparty(
                    payee: clean(payee?.cell(cells)), payer: clean(payer?.cell(cells)), amount: minor, holder: holder)
                let notesText = clean(notes?.cell(cells))
                if payeeText.isEmpty { payeeText = String(notesText.prefix(80)) }
                let categoryText = clean(category?.cell(cells))
                let idText = id?.cell(cells) ?? ""
                return .booked(
                    StatementEntry(
                        day: day, amount: try Money(minorUnits: minor, currency: currency).checkedLimit(),
                        payee: payeeText, notes: notesText == payeeText ? "" : notesText,
                        category: categoryText.isEmpty ? nil : categoryText, bankID: idText.isEmpty ? nil : idText,
                        place: place))
            } catch {
                return .unreadable(error.phrase)
            }
        }
    }
}
