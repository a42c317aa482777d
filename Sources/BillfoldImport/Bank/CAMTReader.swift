import BillfoldCore
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads CAMT.053 (ISO 20022 bank-to-customer statement, versions .001.02 to .001.13): each `Stmt`
/// is one account (IBAN or other id); each booked `Ntry` one booking, signed by its `CdtDbtInd`
/// alone (a reversal's indicator already says which way the money went), on its booking date,
/// with the counterparty (the creditor of a debit, the debtor of a credit), the remittance
/// information as notes, and the account servicer's reference as the bank's id. A batch entry
/// whose details each give an amount, together its own, is one booking per detail instead.
/// Pending and information-only entries are left out.
public enum CAMTReader {
    /// Whether `text` looks like CAMT.053.
    public static func recognises(_ text: String) -> Bool {
        let start = text.prefix(4096)
        return start.contains("camt.053") || start.contains("BkToCstmrStmt")
    }

    /// What is wrong, in a person's words, for the parser's error code (libxml2's numbers, which
    /// Foundation passes on; its own description is no more than the number).
    /// Nil for an error that is not one of well-formedness (an undeclared namespace prefix).
    static func notWellFormed(_ code: Int) -> String? {
        switch code {
        case 4: "error.import.camtXMLNone"
        case 9: "error.import.camtXMLCharacter"
        case 23, 68: "error.import.camtXMLAmpersand"
        case 26, 27: "error.import.camtXMLEntity"
        case 5, 73, 76, 77: "error.import.camtXMLTags"
        case 31, 32: "error.import.camtXMLEncoding"
        default: nil
        }
    }

    public static func read(_ data: Data) throws(BillfoldError) -> BankFileReading {
        let collector = Collector()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.delegate = collector
        let parsed = parser.parse()
        // An error the parser recovered from counts when it is one of well-formedness (the only
        // ones `fault` keeps); others leave the statement readable.
        if !parsed || collector.fault != nil {
            let fault = collector.fault ?? ((parser.parserError as NSError?)?.code ?? 0, parser.lineNumber)
            throw BillfoldError(
                .invalidImportFile,
                Phrase(notWellFormed(fault.code) ?? "error.import.camtNotXMLBroken", ["line": String(fault.line)]))
        }
        guard collector.sawDocument else {
            throw BillfoldError(.invalidImportFile, Phrase("error.import.camtNoDocument"))
        }
        // The parser lets a file end with elements still open: a download cut short is refused.
        guard collector.finished else {
            throw BillfoldError(
                .invalidImportFile, Phrase("error.import.camtCutShort", ["line": String(parser.lineNumber)]))
        }
        var statements: [Statement] = []
        var unreadable: [UnreadableRow] = []
        var pending = 0
        for raw in collector.statements {
            var entries: [StatementEntry] = []
            let currency = raw.currency.flatMap { try? Currency(code: $0) }
            for entry in raw.entries {
                let place = Phrase(
                    "error.import.placeEntry", ["number": String(entry.number), "line": String(entry.line)])
                let status = (entry.values["Sts/Cd"] ?? entry.values["Sts"] ?? "BOOK").uppercased()
                guard status == "BOOK" else {
                    if status == "PDNG" { pending += 1 }
                    continue
                }
                do {
                    entries += try read(entry, accountCurrency: currency, place: place.text(Words.current))
                } catch {
                    unreadable.append(UnreadableRow(place: place, reason: error.phrase))
                }
            }
            statements.append(
                Statement(
                    account: StatementAccount(
                        number: raw.account, kind: nil, currency: currency ?? entries.first?.amount.currency),
                    entries: entries))
        }
        return BankFileReading(format: .camt, statements: statements, unreadable: unreadable, pending: pending)
    }

    /// The bookings of one entry: itself, or a batch's single payments where each of its details
    /// gives an amount and together they make the entry's.
    private static func read(_ entry: RawEntry, accountCurrency: Currency?, place: String) throws(BillfoldError)
        -> [StatementEntry]
    {
        guard let amountText = entry.values["Amt"] else {
            throw BillfoldError(.invalidImportFile, Phrase("error.import.camtNoAmount"))
        }
        guard let code = entry.amountCurrency ?? accountCurrency?.code else {
            throw BillfoldError(.invalidImportFile, Phrase("error.import.camtNoCurrency"))
        }
        let currency = try Currency(code: code)
        // An XML decimal, read as Billfold reads a plain amount: a comma is refused, not taken for a
        // thousands mark (a bank writing `23,45` means 23.45, not 2,345).
        let amount = try signed(Money(parsing: amountText, currency: currency), entry.values["CdtDbtInd"])
        guard let date = entry.values["BookgDt/Dt"] ?? entry.values["BookgDt/DtTm"] ?? entry.values["ValDt/Dt"] else {
            throw BillfoldError(.invalidImportFile, Phrase("error.import.camtNoBookingDate"))
        }
        let day = try DateText.day(date, order: .yearMonthDay)
        // A reversal (a returned direct debit) comes back from the party the money first went to.
        let reversed = entry.values["RvslInd"]?.lowercased() == "true"
        let info = entry.values["AddtlNtryInf"]?.trimmed ?? ""
        // Without a counterparty: the entry's own text, a batch's size, or which way the money went.
        let size = entry.values["NbOfTxs"].flatMap(Int.init) ?? (entry.details.count > 1 ? entry.details.count : nil)
        let batch = size.map { "Batch of \($0) transactions" }
        let parts = batchParts(entry, of: amount)
        // A batch booked whole has many parties and purposes: naming the first would misname the rest.
        let whole = described(
            entry, amount: amount, reversed: reversed, info: info, otherwise: batch,
            single: entry.details.count <= 1)
        let id = bankID(entry)
        if let parts {
            return parts.enumerated().map { index, part in
                let (payee, notes) = described(
                    entry.details[index], amount: part, reversed: reversed, info: info, otherwise: whole.payee,
                    single: true)
                return StatementEntry(
                    day: day, amount: part, payee: payee, notes: notes,
                    bankID: id.map { "\($0)/\(index + 1)" } ?? bankID(entry.details[index]), place: place)
            }
        }
        return [
            StatementEntry(day: day, amount: amount, payee: whole.payee, notes: whole.notes, bankID: id, place: place)
        ]
    }

    /// `amount` with the sign `indicator` (DBIT, CRDT) gives it.
    private static func signed(_ amount: Money, _ indicator: String?) throws(BillfoldError) -> Money {
        switch indicator?.uppercased() {
        case "DBIT": Money(minorUnits: -amount.minorUnits, currency: amount.currency)
        case "CRDT": amount
        default: throw BillfoldError(.invalidImportFile, Phrase("error.import.camtNoDirection"))
        }
    }

    /// The amounts of a batch's details, signed, when every detail has one in the entry's currency
    /// and they add up to it; otherwise nil (the entry is booked whole).
    private static func batchParts(_ entry: RawEntry, of amount: Money) -> [Money]? {
        guard entry.details.count > 1 else { return nil }
        var parts: [Money] = []
        for detail in entry.details {
            guard let text = detail.values["Amt"],
                (detail.amountCurrency ?? amount.currency.code) == amount.currency.code,
                let unsigned = try? Money(parsing: text, currency: amount.currency)
            else { return nil }
            let indicator = detail.values["CdtDbtInd"] ?? entry.values["CdtDbtInd"]
            guard let part = try? signed(unsigned, indicator) else { return nil }
            parts.append(part)
        }
        return parts.map(\.minorUnits).checkedSum == amount.minorUnits ? parts : nil
    }

    /// The payee and notes of an entry or of one of its details: the counterparty (who was paid,
    /// or who paid), else the entry's text, its remittance, or `otherwise`. Not `single` (a batch
    /// booked whole), its parties and remittance are several: none of them names it.
    private static func described(
        _ source: RawEntry, amount: Money, reversed: Bool, info: String, otherwise: String?, single: Bool
    ) -> (payee: String, notes: String) {
        let counterparty =
            !single
            ? nil
            : (amount.minorUnits < 0) != reversed
                ? source.first(["Cdtr/Nm", "Cdtr/Pty/Nm", "UltmtCdtr/Nm"])
                : source.first(["Dbtr/Nm", "Dbtr/Pty/Nm", "UltmtDbtr/Nm"])
        let remittance = source.remittance.map(\.trimmed).filter { !$0.isEmpty }
        let direction = amount.minorUnits < 0 ? "Debit" : "Credit"
        let payee = counterparty ?? (info.isEmpty ? (single ? remittance.first : nil) ?? otherwise ?? direction : info)
        let notes = ([info] + remittance).filter { !$0.isEmpty && $0 != payee }
        return (payee, notes.joined(separator: " · "))
    }

    /// The bank's id for an entry: its account servicer reference, which the bank keeps unique.
    /// Not the entry reference (`NtryRef`): ISO 20022 makes that unique only within its statement,
    /// and banks number it afresh in each (1, 2, 3 …), so a later statement's entry 1 is not the
    /// earlier one's. Placeholders (`NONREF`, `NOTPROVIDED`) are none; an entry without an id is
    /// known by its fingerprint.
    static func bankID(_ entry: RawEntry) -> String? {
        guard let reference = entry.values["AcctSvcrRef"]?.trimmed, !reference.isEmpty,
            !["NONREF", "NOTPROVIDED", "NOT PROVIDED", "NONE", "N/A"].contains(reference.uppercased())
        else { return nil }
        return reference
    }

    struct RawEntry {
        var number: Int
        var line: Int
        /// The entry's own values by their path below `Ntry` ("BookgDt/Dt"), and the first value
        /// of each element name found in its details ("Cdtr/Nm").
        var values: [String: String] = [:]
        var amountCurrency: String?
        var remittance: [String] = []
        /// Each `TxDtls` of the entry on its own: a batch booking holds several.
        var details: [RawEntry] = []

        func first(_ keys: [String]) -> String? {
            keys.lazy.compactMap { values[$0]?.trimmed }.first { !$0.isEmpty }
        }
    }

    struct RawStatement {
        var account: String?
        var currency: String?
        var entries: [RawEntry] = []
    }

    /// Walks the XML once, keeping what the statements need.
    final class Collector: NSObject, XMLParserDelegate {
        var statements: [RawStatement] = []
        var sawDocument = false
        /// The statement element was closed: the file is whole.
        var finished = false
        /// The first error and the line it is on. The parser may recover and go on (from a closing
        /// tag that does not match), and by the end its line is the last one: both are kept here.
        var fault: (code: Int, line: Int)?
        private var path: [String] = []
        private var text = ""
        private var entry: RawEntry?
        private var entryCount = 0
        private var entryDepth = 0
        /// The depth of the `TxDtls` being read, 0 outside one.
        private var detailDepth = 0

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            path.append(name)
            text = ""
            switch name {
            case "BkToCstmrStmt": sawDocument = true
            case "Stmt": statements.append(RawStatement())
            case "Ntry" where !statements.isEmpty:
                entryCount += 1
                entry = RawEntry(number: entryCount, line: parser.lineNumber)
                entryDepth = path.count
            case "Amt" where entry != nil && path.count == entryDepth + 1:
                entry!.amountCurrency = attributes["Ccy"]
            case "TxDtls" where entry != nil:
                entry!.details.append(RawEntry(number: entry!.number, line: parser.lineNumber))
                detailDepth = path.count
            case "Amt" where entry != nil && detailDepth > 0:
                // The detail's own amount: TxDtls/Amt (version 8 on) or TxDtls/AmtDtls/TxAmt/Amt.
                let below = path.dropFirst(detailDepth).joined(separator: "/")
                if below == "Amt" || below == "AmtDtls/TxAmt/Amt" {
                    entry!.details[entry!.details.count - 1].amountCurrency = attributes["Ccy"]
                }
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        /// A value inside a `TxDtls`, kept on that detail as the entry keeps its own.
        private func keepInDetail(_ name: String, _ value: String, _ entry: inout RawEntry) {
            let index = entry.details.count - 1
            switch path.dropFirst(detailDepth).joined(separator: "/") {
            case "Amt", "AmtDtls/TxAmt/Amt": entry.details[index].values["Amt"] = value
            case "CdtDbtInd": entry.details[index].values["CdtDbtInd"] = value
            // Named as an entry's own, so `bankID` reads either.
            case "Refs/AcctSvcrRef": entry.details[index].values["AcctSvcrRef"] = value
            default: keepDetail(name, value, in: &entry.details[index])
            }
        }

        /// What the details say of the parties and the purpose: the first party of each role
        /// (Cdtr/Nm, Dbtr/Pty/Nm …), the remittance lines and additional information.
        private func keepDetail(_ name: String, _ value: String, in target: inout RawEntry) {
            if path.contains("RmtInf") {
                if name == "Ustrd" || name == "Ref" { target.remittance.append(value) }
            } else if path.contains("RltdPties") {
                let party = path.drop { $0 != "RltdPties" }.dropFirst().joined(separator: "/")
                target.values[party] = target.values[party] ?? value
            } else if name == "AddtlTxInf" {
                target.remittance.append(value)
            }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            let code = (parseError as NSError).code
            // Only errors of well-formedness: one the parser goes on from (an undeclared prefix,
            // as on a stray `xsi:schemaLocation`) must not hide a later one that counts.
            if fault == nil, CAMTReader.notWellFormed(code) != nil {
                fault = (code, parser.lineNumber)
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            defer {
                path.removeLast()
                text = ""
            }
            let value = text.trimmed
            if name == "BkToCstmrStmt" { finished = true }
            if name == "Ntry", let done = entry {
                statements[statements.count - 1].entries.append(done)
                entry = nil
                return
            }
            if var current = entry {
                // Taken out while it changes, so its values are not copied for every element.
                entry = nil
                let below = path.dropFirst(entryDepth)
                let key = below.joined(separator: "/")
                if detailDepth > 0, !value.isEmpty { keepInDetail(name, value, &current) }
                if name == "TxDtls" { detailDepth = 0 }
                if !value.isEmpty {
                    if below.count <= 2 {
                        // The entry's own fields: Amt, CdtDbtInd, Sts(/Cd), BookgDt/Dt, AcctSvcrRef …
                        current.values[key] = current.values[key] ?? value
                    } else if name == "NbOfTxs" {
                        current.values["NbOfTxs"] = current.values["NbOfTxs"] ?? value
                    } else {
                        keepDetail(name, value, in: &current)
                    }
                }
                entry = current
                return
            }
            guard !statements.isEmpty, !value.isEmpty, path.contains("Acct"), !path.contains("Ntry") else { return }
            let inAccount = path.drop { $0 != "Acct" }.dropFirst().joined(separator: "/")
            switch inAccount {
            case "Id/IBAN", "Id/Othr/Id":
                statements[statements.count - 1].account = statements[statements.count - 1].account ?? value
            case "Ccy":
                statements[statements.count - 1].currency = value
            default: break
            }
        }
    }
}
