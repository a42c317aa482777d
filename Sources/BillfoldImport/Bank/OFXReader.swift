import BillfoldCore
import Foundation

/// Reads OFX 1.x (SGML: leaf elements are not closed, aggregates sometimes are not either) and
/// OFX 2.x (XML), and QFX, which is OFX with Quicken's additions. Each statement (bank or credit
/// card) is one account; each STMTTRN a booking whose FITID is the bank's id.
public enum OFXReader {
    /// Whether `text` looks like OFX: its header or an `<OFX>` element near the start.
    public static func recognises(_ text: String) -> Bool {
        let start = text.prefix(2048)
        return start.range(of: "OFXHEADER", options: .caseInsensitive) != nil || ofxElement(in: start) != nil
    }

    /// Where the `<OFX>` element opens: `<OFX>`, or in OFX 2 `<OFX xmlns="…">`.
    static func ofxElement<S: StringProtocol>(in text: S) -> Range<S.Index>? {
        text.range(of: #"<OFX[\s>]"#, options: [.regularExpression, .caseInsensitive])
    }

    /// `currency`: the account's currency for a statement that names none (no CURDEF).
    public static func read(_ text: String, currency: Currency? = nil) throws(BillfoldError) -> BankFileReading {
        guard let body = ofxElement(in: text) else {
            throw BillfoldError(.invalidImportFile, Phrase("error.import.ofxNoOFXElement"))
        }
        // Every OFX, SGML or XML, closes its <OFX>: a file without the close was cut short.
        guard text.range(of: "</OFX>", options: [.caseInsensitive, .backwards]) != nil else {
            throw BillfoldError(.invalidImportFile, Phrase("error.import.ofxCutShort"))
        }
        var statements: [Statement] = []
        var unreadable: [UnreadableRow] = []
        var statement: (account: StatementAccount, entries: [StatementEntry])?
        var transaction: [String: String]?
        var number = 0
        var path: [String] = []
        // "transaction 3" in the current words, looked up once.
        let transactionPlace = NumberedPlace.transaction()

        func finishTransaction() {
            guard let fields = transaction, statement != nil else { return }
            transaction = nil
            number += 1
            do {
                statement!.entries.append(
                    try entry(fields, currency: statement!.account.currency, place: transactionPlace(number)))
            } catch {
                unreadable.append(UnreadableRow(place: place(number, fields), reason: error.phrase))
            }
        }

        for token in tokens(text[body.lowerBound...]) {
            switch token {
            case .open(let name):
                if ["STMTRS", "CCSTMTRS"].contains(name) {
                    statement = (
                        StatementAccount(kind: name == "CCSTMTRS" ? "CREDITCARD" : nil, currency: currency), []
                    )
                } else if name == "STMTTRN" {
                    finishTransaction()
                    transaction = [:]
                    // SGML may leave every STMTTRN open: a new one closes the one before.
                    if let before = path.lastIndex(of: name) { path.removeSubrange(before...) }
                }
                // Real statements nest a dozen deep; a file of endless open tags is not one.
                guard path.count < 200 else {
                    throw BillfoldError(.invalidImportFile, Phrase("error.import.ofxTooDeep"))
                }
                path.append(name)
            case .close(let name):
                // SGML files leave aggregates open (Nubank never closes BANKTRANLIST): a close tag
                // closes everything opened since its own open tag.
                guard let index = path.lastIndex(of: name) else { continue }
                for closing in path[index...].reversed() {
                    if closing == "STMTTRN" { finishTransaction() }
                    if ["STMTRS", "CCSTMTRS"].contains(closing), let done = statement {
                        finishTransaction()
                        statements.append(Statement(account: done.account, entries: done.entries))
                        statement = nil
                    }
                }
                path.removeSubrange(index...)
            case .leaf(let name, let value):
                if transaction != nil {
                    // A PAYEE aggregate's NAME is the payee, as a plain NAME is.
                    transaction![name] = transaction![name] ?? value
                } else if statement != nil {
                    switch name {
                    case "CURDEF": statement!.account.currency = (try? Currency(code: value.uppercased())) ?? currency
                    case "ACCTID": statement!.account.number = TextRules.cleaned(value)
                    case "ACCTTYPE": statement!.account.kind = TextRules.cleaned(value)
                    default: break
                    }
                }
            }
        }
        finishTransaction()
        if let open = statement { statements.append(Statement(account: open.account, entries: open.entries)) }
        guard !statements.isEmpty else {
            throw BillfoldError(.invalidImportFile, Phrase("error.import.ofxNoStatement"))
        }
        return BankFileReading(format: .ofx, statements: statements, unreadable: unreadable)
    }

    private static func place(_ number: Int, _ fields: [String: String]) -> Phrase {
        guard let id = fields["FITID"] else {
            return Phrase("error.import.placeTransaction", ["number": String(number)])
        }
        return Phrase("error.import.placeTransactionWithID", ["number": String(number), "id": id])
    }

    private static func entry(_ fields: [String: String], currency: Currency?, place: String) throws(BillfoldError)
        -> StatementEntry
    {
        guard let currency else {
            throw BillfoldError(.invalidImportFile, Phrase("error.import.ofxNoCurrency"))
        }
        guard let posted = fields["DTPOSTED"] ?? fields["DTUSER"] else {
            throw BillfoldError(.invalidImportFile, Phrase("error.import.ofxNoDate"))
        }
        // YYYYMMDD, then perhaps a time and a zone; a few banks write the day as YYYY-MM-DD.
        let dashed = posted.utf8.count >= 10 && posted.utf8.dropFirst(4).first == UInt8(ascii: "-")
        let day = try DateText.day(String(posted.prefix(dashed ? 10 : 8)), order: .yearMonthDay)
        guard let rawAmount = fields["TRNAMT"] else {
            throw BillfoldError(.invalidImportFile, Phrase("error.import.ofxNoAmount"))
        }
        // OFX allows a comma as the decimal mark; no OFX amount groups thousands.
        let amount = try AmountText.money(
            rawAmount, decimal: rawAmount.contains(",") && !rawAmount.contains(".") ? .comma : .point,
            currency: currency)
        let name = fields["NAME"]?.trimmed ?? ""
        let memo = fields["MEMO"]?.trimmed ?? ""
        return StatementEntry(
            day: day, amount: amount, payee: name.isEmpty ? memo : name, notes: name.isEmpty ? "" : memo,
            bankID: fields["FITID"]?.trimmed, place: place)
    }

    enum Token: Equatable {
        case open(String)
        case close(String)
        case leaf(String, String)
    }

    /// The elements in order; an element followed by text before the next tag is a leaf with
    /// that text as its value (its closing tag, in XML, is then skipped).
    static func tokens(_ text: Substring) -> [Token] {
        var tokens: [Token] = []
        var index = text.startIndex
        var lastLeaf: String?
        while let open = text[index...].firstIndex(of: "<") {
            guard let close = text[open...].firstIndex(of: ">") else { break }
            let tag = text[text.index(after: open)..<close].trimmingCharacters(in: .whitespaces)
            index = text.index(after: close)
            if tag.hasPrefix("?") || tag.hasPrefix("!") { continue }
            if tag.hasPrefix("/") {
                let name = tag.dropFirst().uppercased()
                if name == lastLeaf {
                    lastLeaf = nil
                    continue
                }
                tokens.append(.close(name))
                lastLeaf = nil
                continue
            }
            let name = tag.split(whereSeparator: \.isWhitespace).first.map { $0.uppercased() } ?? ""
            let value: String
            if let cdata = Self.cdata(in: text[index...]) {
                // OFX 2 may wrap a value in CDATA (`<NAME><![CDATA[Joe's Bar & Grill]]></NAME>`): its text as it is.
                value = String(text[cdata.text]).trimmed
                index = cdata.end
            } else {
                let next = text[index...].firstIndex(of: "<") ?? text.endIndex
                value = decodeEntities(text[index..<next].trimmingCharacters(in: .whitespacesAndNewlines))
            }
            if value.isEmpty {
                tokens.append(.open(name))
                lastLeaf = nil
            } else {
                tokens.append(.leaf(name, value))
                lastLeaf = name
            }
        }
        return tokens
    }

    /// A CDATA section at the start of `text` (after spaces): its text, and where it ends.
    private static func cdata(in text: Substring) -> (text: Range<Substring.Index>, end: Substring.Index)? {
        let start = text.drop { $0.isWhitespace }
        guard start.hasPrefix("<![CDATA["), let close = start.range(of: "]]>") else { return nil }
        return (start.index(start.startIndex, offsetBy: 9)..<close.lowerBound, close.upperBound)
    }

    /// The text with its character references (`&amp;`, `&lt;`, `&#233;`, `&#xE9;`) replaced, in
    /// one pass: a file of a million references is read as fast as any other. Anything else after
    /// an `&` stays as written.
    static func decodeEntities(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var result = String.UnicodeScalarView()
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            index = scalars.index(after: index)
            guard scalar == "&",
                let end = scalars[index...].prefix(10).firstIndex(of: ";"),
                let decoded = reference(Substring(scalars[index..<end]))
            else {
                result.append(scalar)
                continue
            }
            result.append(decoded)
            index = scalars.index(after: end)
        }
        return String(result)
    }

    /// The named references OFX files use.
    private static let named: [Substring: Unicode.Scalar] = [
        "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "amp": "&",
    ]

    /// The character of a reference's body (`amp`, `#233`, `#xE9`), or nil.
    private static func reference(_ body: Substring) -> Unicode.Scalar? {
        guard body.first == "#" else { return named[body] }
        let digits = body.dropFirst()
        let value =
            digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        return value.flatMap(Unicode.Scalar.init)
    }
}

extension String {
    /// Without the spaces and line breaks around it. Most cells have none: those are returned
    /// as they are without a trip through Foundation.
    var trimmed: String {
        guard let first = utf8.first, let last = utf8.last else { return self }
        func plain(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x80 }
        return plain(first) && plain(last) ? self : trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// With each run of spaces, tabs and line breaks as one space, and none at the ends.
    var collapsedSpaces: String {
        var previousSpace = true
        var needsWork = false
        var beyondASCII = false
        for byte in utf8 {
            if byte >= 0x80 {
                beyondASCII = true
                previousSpace = false
                continue
            }
            let space = byte == 0x20
            if byte < 0x20 || (space && previousSpace) {
                needsWork = true
                break
            }
            previousSpace = space
        }
        // "Café" needs nothing; a no-break or ideographic space is a space to collapse.
        if !needsWork && beyondASCII {
            needsWork = unicodeScalars.contains { $0.value >= 0x80 && $0.properties.isWhitespace }
        }
        if !needsWork && !previousSpace { return self }
        return split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
