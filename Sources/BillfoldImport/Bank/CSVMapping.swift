import BillfoldCore
import Foundation

/// Which way a file's single amount column counts.
public enum AmountSign: String, Sendable, Codable, CaseIterable {
    /// Money out is negative (most bank accounts).
    case asWritten = "as-written"
    /// Money out is positive: card statements that list what you owe.
    case inverted

    /// The sign a column's amounts suggest: a column that marks some amounts with "+" and none
    /// with a minus lists money out unsigned (John Lewis' card: "£18.89", "+ £1,100.00").
    public static func guess(_ samples: some Sequence<String>) -> AmountSign {
        var plus = false
        for sample in samples {
            let text = sample.trimmingCharacters(in: .whitespaces)
            if isNegative(text) { return .asWritten }
            if text.hasPrefix("+") { plus = true }
        }
        return plus ? .inverted : .asWritten
    }

    /// Whether an amount is written as negative: "-12.34", "12.34-", "(12.34)", "−12.34".
    static func isNegative(_ text: String) -> Bool {
        text.hasPrefix("-") || text.hasSuffix("-") || text.hasPrefix("(") || text.hasPrefix("−")
    }
}

/// A column of a CSV file: by its header's name or by its 1-based number. Written as the name, or
/// as the number ("3").
public enum CSVColumn: Hashable, Sendable, Codable, CustomStringConvertible {
    case name(String)
    case number(Int)
    /// Not in the file: the person said so, and nothing is guessed for it. Written as "none".
    case absent

    public init(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "none" {
            self = .absent
        } else if let number = Int(trimmed), number > 0 {
            self = .number(number)
        } else {
            self = .name(trimmed)
        }
    }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public var description: String {
        switch self {
        case .name(let name): name
        case .number(let number): String(number)
        case .absent: "none"
        }
    }
}

/// How to read a bank's CSV: which columns hold what, and how dates and amounts are written.
/// Everything left nil is detected from the file; a mapping can be saved as a named profile.
public struct CSVMapping: Hashable, Sendable, Codable {
    public var delimiter: String?
    public var encoding: TextEncoding?
    /// Lines before the header (or the first row, without a header) that are not part of the table.
    public var skipLines: Int?
    public var date: CSVColumn?
    /// One signed amount column…
    public var amount: CSVColumn?
    /// …or separate unsigned columns for money out and money in.
    public var debit: CSVColumn?
    public var credit: CSVColumn?
    /// A fee taken off the amount (Revolut).
    public var fee: CSVColumn?
    public var payee: CSVColumn?
    /// Who the money came from, beside a payee column that says whom it went to (DKB's
    /// "Zahlungspflichtige*r"): money in takes its payee from here.
    public var payer: CSVColumn?
    /// A column saying which way each unsigned amount went: "S"/"H" (Soll/Haben), "Af"/"Bij",
    /// "Debit"/"Credit".
    public var direction: CSVColumn?
    public var notes: CSVColumn?
    public var category: CSVColumn?
    public var currency: CSVColumn?
    /// The bank's id for each row.
    public var id: CSVColumn?
    /// A column that marks rows not yet booked ("PENDING", "Umsatz vorgemerkt").
    public var status: CSVColumn?
    /// A column naming each row's account (a file of several accounts, such as Billfold's own
    /// export); used when the import names no account.
    public var account: CSVColumn?
    public var dateOrder: DateOrder?
    public var decimal: DecimalSeparator?
    /// Which way the amount column counts (debit and credit columns say it themselves).
    public var sign: AmountSign?

    public init(
        delimiter: String? = nil, encoding: TextEncoding? = nil, skipLines: Int? = nil, date: CSVColumn? = nil,
        amount: CSVColumn? = nil, debit: CSVColumn? = nil, credit: CSVColumn? = nil, fee: CSVColumn? = nil,
        payee: CSVColumn? = nil, notes: CSVColumn? = nil, category: CSVColumn? = nil, currency: CSVColumn? = nil,
        id: CSVColumn? = nil, status: CSVColumn? = nil, dateOrder: DateOrder? = nil, decimal: DecimalSeparator? = nil,
        sign: AmountSign? = nil, payer: CSVColumn? = nil, direction: CSVColumn? = nil
    ) {
        self.sign = sign
        self.payer = payer
        self.direction = direction
        self.delimiter = delimiter
        self.encoding = encoding
        self.skipLines = skipLines
        self.date = date
        self.amount = amount
        self.debit = debit
        self.credit = credit
        self.fee = fee
        self.payee = payee
        self.notes = notes
        self.category = category
        self.currency = currency
        self.id = id
        self.status = status
        self.dateOrder = dateOrder
        self.decimal = decimal
    }

    /// The columns by the names the API, the import form and the CLI's JSON use for them.
    public static var columnFields: [(name: String, path: WritableKeyPath<CSVMapping, CSVColumn?>)] {
        [
            ("date", \.date), ("payee", \.payee), ("amount", \.amount), ("debit", \.debit), ("credit", \.credit),
            ("notes", \.notes), ("category", \.category), ("currencyColumn", \.currency), ("id", \.id),
            ("status", \.status), ("fee", \.fee), ("accountColumn", \.account), ("payer", \.payer),
            ("direction", \.direction),
        ]
    }

    /// This mapping with the blanks filled from `guess`.
    public func filled(from guess: CSVMapping) -> CSVMapping {
        var result = self
        result.delimiter = delimiter ?? guess.delimiter
        result.encoding = encoding ?? guess.encoding
        result.skipLines = skipLines ?? guess.skipLines
        result.date = date ?? guess.date
        // An amount column and debit/credit columns exclude each other: what the person chose wins.
        if amount == nil && debit == nil && credit == nil {
            result.amount = guess.amount
            result.debit = guess.debit
            result.credit = guess.credit
        }
        result.fee = fee ?? guess.fee
        result.payee = payee ?? guess.payee
        result.payer = payer ?? guess.payer
        result.direction = direction ?? guess.direction
        result.notes = notes ?? guess.notes
        result.category = category ?? guess.category
        result.currency = currency ?? guess.currency
        result.id = id ?? guess.id
        result.status = status ?? guess.status
        result.account = account ?? guess.account
        result.dateOrder = dateOrder ?? guess.dateOrder
        result.decimal = decimal ?? guess.decimal
        result.sign = sign ?? guess.sign
        return result
    }
}

/// The header names banks use, in English, German, French and Dutch, by what the column holds,
/// most specific first. Names are compared without case, accents, spaces and punctuation.
enum HeaderNames {
    static let date = [
        "bookingdate", "buchungstag", "buchungsdatum", "buchung", "posteddate", "postingdate", "dateprocessed",
        "completeddate", "transactiondate", "date", "datum", "datedelexecution", "dateoperation",
        "datedoperation", "boekdatum", "fecha", "data", "starteddate", "transdate",
    ]
    static let amount = [
        "amount", "betrag", "montant", "bedrag", "importe", "umsatz", "value",
        "transactionamount", "sum", "gross",
    ]
    static let debit = [
        "debit", "debitamount", "debits", "withdrawal", "withdrawals", "moneyout", "paidout", "soll", "belastung",
        "ausgang", "af",
    ]
    static let credit = [
        "credit", "creditamount", "credits", "deposit", "deposits", "moneyin", "paidin", "haben", "gutschrift",
        "eingang", "bij",
    ]
    static let payee = [
        "payee", "name", "counterparty", "counterpartyname", "partnername", "beneficiary", "merchant", "empfanger",
        "zahlungsempfangerin", "auftraggeberbegunstigter", "zahlungspflichtiger",
        "auftraggeberempfanger", "beguenstigterzahlungspflichtiger", "begunstigterzahlungspflichtiger",
        "zahlungsempfanger", "auftraggeber", "contrepartiedeloperation", "beneficiaire", "naamomschrijving",
        "naam", "description", "transactiondescription", "omschrijving", "libelle", "details", "beschreibung1",
        "empfangerzahlungspflichtiger",
    ]
    /// Who paid, beside a payee column: DKB's "Zahlungspflichtige*r", Volksbank's
    /// "Auftraggeber/Zahlungsempfänger" (its other party column is the payee).
    static let payer = ["zahlungspflichtiger", "auftraggeberzahlungsempfanger", "payer", "zahler"]
    /// A column saying which way the money went; taken only when its values say so (`Direction`).
    static let direction = [
        "afbij", "sollhaben", "transactiontype", "type", "debitcredit", "creditdebit", "creditdebitindicator",
        "cdtdbtind", "dc", "drcr", "sh",
    ]
    static let notes = [
        "memo", "notes", "note", "verwendungszweck", "purpose", "reference", "detail", "details", "description",
        "buchungstext", "mededelingen", "communication", "remittanceinformation",
    ]
    static let category = ["category", "kategorie", "categorie"]
    static let currency = [
        // Not "Valuta": in German that is the value date.
        "currency", "wahrung", "waehrung", "devise", "deviseducompte", "currencycode", "munt",
    ]
    static let id = [
        // Not "Reference": banks fill it with free text that repeats month after month.
        "id", "transactionid", "fitid", "anneereference", "billfoldid",
    ]
    static let account = ["account", "accountname", "konto", "kontoname", "compte", "rekening"]
    static let status = ["state", "status", "info"]
    static let fee = ["fee", "fees", "gebuhr", "gebuehr"]

    /// A header's key without the currency it names, when what is left is a name known here:
    /// "Amount (GBP)" → "amount", "Umsatz in EUR" → "umsatz", "Débit euros" → "debit".
    static func base(_ key: String) -> String {
        for suffix in ["euros", "euro"] where key.hasSuffix(suffix) {
            let rest = String(key.dropLast(suffix.count))
            if known.contains(rest) { return rest }
        }
        guard key.count > 3, (try? Currency(code: key.suffix(3).uppercased())) != nil else { return key }
        let rest = key.dropLast(3)
        if known.contains(String(rest)) { return String(rest) }
        if rest.hasSuffix("in"), known.contains(String(rest.dropLast(2))) { return String(rest.dropLast(2)) }
        return key
    }

    private static let known = Set(date + amount + debit + credit + payee + notes + fee)

    /// A header as compared: "Auftraggeber/Empfänger" → "auftraggeberempfanger".
    static func key(_ header: String) -> String {
        header.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()
            .filter { $0.isLetter || $0.isNumber }
    }

    /// Words in a status column that mean "not booked yet" (comdirect writes "offen" for the date).
    static let pendingWords = [
        "pending", "vorgemerkt", "reserved", "authorised", "authorized", "en attente", "in afwachting", "offen",
    ]

    /// Words in a status column that mean the booking never happened (Revolut's "REVERTED" and
    /// "DECLINED"): such rows are left out.
    static let voidWords = [
        "reverted", "declined", "failed", "cancelled", "canceled", "rejected", "storniert", "abgelehnt",
        "annul", "geweigerd",
    ]

    /// What a statement's balance lines begin with (Volksbank's "Anfangssaldo", Bank of America's
    /// "Beginning balance as of 01/01/2024"), lowercased. Not "Saldo" alone: "Saldo der
    /// Abschlussposten" is a booking.
    static let balanceLines: [[UInt8]] = [
        "anfangssaldo", "endsaldo", "alter kontostand", "neuer kontostand", "beginning balance", "ending balance",
        "opening balance", "closing balance", "starting balance", "solde initial", "solde final", "ancien solde",
        "nouveau solde", "beginsaldo", "eindsaldo",
    ].map { Array($0.utf8) }

    /// Whether a cell begins a balance line. Compares ASCII bytes only: it runs on every cell of a
    /// million rows.
    static func isBalanceLine(_ cell: String) -> Bool {
        let start = cell.utf8.drop { $0 == 0x20 }.prefix(20)
        let lower = { (byte: UInt8) in (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }
        // Most cells (digits, "REWE") end here, before anything is copied.
        guard let first = start.first, "abceons".utf8.contains(lower(first)) else { return false }
        return balanceLines.contains { line in
            start.count >= line.count && zip(start, line).allSatisfy { lower($0) == $1 }
        }
    }
}
