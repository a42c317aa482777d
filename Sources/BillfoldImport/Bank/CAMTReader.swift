import BillfoldCore
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads CAMT.053 (ISO 20022 bank-to-customer statement, versions .001.02 to .001.13): each `Stmt`
/// is one account (IBAN or other id); each booked `Ntry` one booking, signed by its `CdtDbtInd`
/// alone (a reversal's indicator already says which way the money went), on its booking date,
/// with the counterparty (the creditor of a debit, the debtor of a credit), the remittance
/// information as notes, and the account servicer's reference (else the entry reference) as the
/// bank's id. Pending and information-only entries are left out.
public enum CAMTReader {
    /// Whether `text` looks like CAMT.053.
    public static func recognises(_ text: String) -> Bool {
        let start = text.prefix(4096)
        return start.contains("camt.053") || start.contains("BkToCstmrStmt")
    }

    /// What is wrong, in a person's words, for the parser's error code (libxml2's numbers, which
    /// Foundation passes on; its own description is no more than the number).
    static func notWellFormed(_ code: Int) -> String {
        switch code {
        case 4: "error.import.camtXMLNone"
        case 9: "error.import.camtXMLCharacter"
        case 23, 68: "error.import.camtXMLAmpersand"
        case 26, 27: "error.import.camtXMLEntity"
        case 5, 73, 76, 77: "error.import.camtXMLTags"
        case 31, 32: "error.import.camtXMLEncoding"
        default: "error.import.camtNotXMLBroken"
        }
    }

    public static func read(_ data: Data) throws(BillfoldError) -> BankFileReading {
        let collector = Collector()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.delegate = collector
        let parsed = parser.parse()
        // A recovered error counts when it is one of well-formedness; others the parser reports
        // and goes on from (an undeclared namespace prefix, as on a stray `xsi:schemaLocation`)
        // leave the statement readable.
        let broken = collector.fault.map { notWellFormed($0.code) != "error.import.camtNotXMLBroken" } ?? false
        if !parsed || broken {
            let fault = collector.fault ?? ((parser.parserError as NSError?)?.code ?? 0, parser.lineNumber)
            throw BillfoldError(.invalidImportFile, Phrase(notWellFormed(fault.code), ["line": String(fault.line)]))
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
                    entries.append(try read(entry, accountCurrency: currency, place: place.text(Words.current)))
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

    private static func read(_ entry: RawEntry, accountCurrency: Currency?, place: String) throws(BillfoldError)
        -> StatementEntry
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
        var amount = try Money(parsing: amountText, currency: currency)
        switch entry.values["CdtDbtInd"]?.uppercased() {
        case "DBIT": amount = Money(minorUnits: -amount.minorUnits, currency: currency)
        case "CRDT": break
        default: throw BillfoldError(.invalidImportFile, Phrase("error.import.camtNoDirection"))
        }
        guard let date = entry.values["BookgDt/Dt"] ?? entry.values["BookgDt/DtTm"] ?? entry.values["ValDt/Dt"] else {
            throw BillfoldError(.invalidImportFile, Phrase("error.import.camtNoBookingDate"))
        }
        let day = try DateText.day(date, order: .yearMonthDay)
        // A reversal (a returned direct debit) comes back from the party the money first went to.
        let reversed = entry.values["RvslInd"]?.lowercased() == "true"
        let counterparty =
            (amount.minorUnits < 0) != reversed
            ? entry.first(["Cdtr/Nm", "Cdtr/Pty/Nm", "UltmtCdtr/Nm"])
            : entry.first(["Dbtr/Nm", "Dbtr/Pty/Nm", "UltmtDbtr/Nm"])
        let info = entry.values["AddtlNtryInf"]?.trimmed ?? ""
        let remittance = entry.remittance.map(\.trimmed).filter { !$0.isEmpty }
        // Without a counterparty: the entry's own text, a batch's size, or which way the money went.
        let batch = entry.values["NbOfTxs"].flatMap(Int.init).map { "Batch of \($0) transactions" }
        let direction = amount.minorUnits < 0 ? "Debit" : "Credit"
        let payee = counterparty ?? (info.isEmpty ? remittance.first ?? batch ?? direction : info)
        let notes = ([info] + remittance).filter { !$0.isEmpty && $0 != payee }
        return StatementEntry(
            day: day, amount: amount, payee: payee, notes: notes.joined(separator: " · "),
            bankID: bankID(entry), place: place)
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
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            if fault == nil { fault = ((parseError as NSError).code, parser.lineNumber) }
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
                if !value.isEmpty {
                    if below.count <= 2 {
                        // The entry's own fields: Amt, CdtDbtInd, Sts(/Cd), BookgDt/Dt, AcctSvcrRef …
                        current.values[key] = current.values[key] ?? value
                    } else if path.contains("RmtInf") {
                        if name == "Ustrd" || name == "Ref" { current.remittance.append(value) }
                    } else if path.contains("RltdPties") {
                        // The first party of the details: Cdtr/Nm, Dbtr/Pty/Nm …
                        let party = path.drop { $0 != "RltdPties" }.dropFirst().joined(separator: "/")
                        current.values[party] = current.values[party] ?? value
                    } else if name == "NbOfTxs" {
                        current.values["NbOfTxs"] = current.values["NbOfTxs"] ?? value
                    } else if name == "AddtlTxInf" {
                        current.remittance.append(value)
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
