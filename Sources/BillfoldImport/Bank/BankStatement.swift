import BillfoldCore
import Foundation

/// The bank file formats Billfold reads (QFX is OFX with Quicken's additions).
public enum BankFormat: String, Sendable, Codable, CaseIterable {
    case csv, ofx, qif, camt

    /// What a person calls it.
    public var label: String {
        switch self {
        case .csv: "CSV"
        case .ofx: "OFX/QFX"
        case .qif: "QIF"
        case .camt: "CAMT.053"
        }
    }
}

/// The account a statement is for, as the file names it.
public struct StatementAccount: Hashable, Sendable {
    /// The bank's number for it (ACCTID, IBAN), when the file says.
    public var number: String?
    /// What the file calls it (CHECKING, CREDITCARD, a QIF account name).
    public var kind: String?
    /// The currency the file gives for the account, when it does.
    public var currency: Currency?
    /// The account's name as the file writes it (a CSV account column).
    public var name: String?

    public init(number: String? = nil, kind: String? = nil, currency: Currency? = nil, name: String? = nil) {
        self.number = number.map { TextRules.cleaned($0) }
        self.kind = kind.map { TextRules.cleaned($0) }
        self.currency = currency
        self.name = name.map { TextRules.cleaned($0) }
    }

    /// A name for a Billfold account made from it, e.g. "Checking 815-30219-12345-EOP".
    public var suggestedName: String? {
        if let name, !name.isEmpty { return name }
        guard let number, !number.isEmpty else { return nil }
        let kind = (kind ?? "").lowercased().replacingOccurrences(of: "_", with: " ")
        let label =
            switch kind {
            case "checking": "Checking"
            case "savings": "Savings"
            case "creditcard", "credit card", "ccard": "Credit card"
            case "moneymrkt": "Money market"
            case "": "Account"
            default: kind.prefix(1).uppercased() + kind.dropFirst()
            }
        return "\(label) \(number)"
    }
}

/// One booking read from a bank file, before it belongs to a Billfold account.
public struct StatementEntry: Sendable, Equatable {
    /// The booking day as the bank states it.
    public var day: Day
    /// Signed for the account holder: money out is negative.
    public var amount: Money
    public var payee: String
    public var notes: String
    /// A category name the file gives (a CSV column, QIF's `L`), if any.
    public var category: String?
    /// The bank's own id for the booking (OFX FITID, CAMT reference, a CSV id column).
    public var bankID: String?
    /// Where it is in the file, for messages: "line 17", "transaction 3".
    public var place: String

    public init(
        day: Day, amount: Money, payee: String, notes: String = "", category: String? = nil, bankID: String? = nil,
        place: String
    ) {
        self.day = day
        self.amount = amount
        // Kept to the rule every text field keeps: a file's stray control bytes become spaces.
        self.payee = TransactionRules.cut(TextRules.cleaned(payee), to: TransactionRules.maxPayee)
        self.notes = TransactionRules.cut(TextRules.cleaned(notes, keepingLines: true), to: TransactionRules.maxNotes)
        self.category = category.map { TextRules.cleaned($0) }
        self.bankID = bankID.map { TextRules.cleaned($0) }
        self.place = place
    }
}

/// The bookings of one account in a file.
public struct Statement: Sendable, Equatable {
    public var account: StatementAccount
    public var entries: [StatementEntry]

    public init(account: StatementAccount, entries: [StatementEntry]) {
        self.account = account
        self.entries = entries
    }

    /// Each entry's key for recognising it when the same file, or a statement overlapping it,
    /// comes again: the bank's id where the format has one, otherwise a fingerprint of the day,
    /// amount and payee with the number of the equal entries before it in this statement, so two
    /// real coffees of the same price on one day are both kept, and kept once.
    public var importKeys: [String] {
        // Which entries go by their bank's id: the first of each id (a repeated id falls back
        // to the fingerprint).
        var idsSeen = Set<String>()
        // Entries are read a field at a time, never copied whole: a copy retains every text of
        // the entry, and a million entries' retains were a tenth of reading a file.
        let byID = entries.indices.map {
            entries[$0].bankID.map { !$0.isEmpty && idsSeen.insert($0).inserted } ?? false
        }
        // The fingerprints and their hashes, worked out on all cores.
        let prints = Parallel.mapSlices(entries.indices) { part in
            part.map {
                byID[$0]
                    ? "" : Self.fingerprint(day: entries[$0].day, amount: entries[$0].amount, payee: entries[$0].payee)
            }
        }
        let hashes = Parallel.mapSlices(prints) { part in part.map(\.hashValue) }
        // Equal fingerprints are counted in file order. Equal ones share a hash, so the counting
        // is split by hash, one share per core, each share in order.
        let shares = entries.count >= 20_000 ? Parallel.parts : 1
        let counted = Parallel.map(shares) { share in
            var seen: [HashedPrint: Int] = [:]
            var keys: [(index: Int, key: String)] = []
            // Sized for this share at once: growing a million-key table on the way cost a tenth.
            seen.reserveCapacity(hashes.count / shares + 16)
            keys.reserveCapacity(hashes.count / shares + 16)
            // Only the hashes are read for the other shares' entries: two cores touching the
            // same strings would fight over their reference counts.
            for (index, hash) in hashes.enumerated()
            where UInt(bitPattern: hash) % UInt(shares) == UInt(share) && !byID[index] {
                let print = prints[index]
                // Looked up by the hash worked out above, not by hashing the text again.
                let key = HashedPrint(text: print, hash: hash)
                keys.append((index, print + String(seen.countOnceMore(key))))
            }
            return keys
        }
        var keys = entries.indices.map { entries[$0].bankID.map { "id:" + $0 } ?? "" }
        for share in counted {
            for (index, key) in share { keys[index] = key }
        }
        return keys
    }

    /// "fp:20240103|-250|EUR|café|": day, amount in minor units, currency, payee; the
    /// occurrence number follows.
    static func fingerprint(day: Day, amount: Money, payee: String) -> String {
        let payee = payee.collapsedSpaces.lowercased()
        var print = "fp:"
        print.reserveCapacity(32 + payee.utf8.count)
        print += String(day.number)
        print += "|"
        print += String(amount.minorUnits)
        print += "|"
        print += amount.currency.code
        print += "|"
        print += payee.utf8.count > 200 ? String(payee.prefix(200)) : payee
        print += "|"
        return print
    }
}

/// A row or element that could not be read, with why.
public struct UnreadableRow: Sendable, Equatable, CustomStringConvertible {
    /// "line 17", "transaction 3", "entry 4 (line 120)".
    public var placePhrase: Phrase
    /// Why it could not be read.
    public var reasonPhrase: Phrase

    public init(place: Phrase, reason: Phrase) {
        self.placePhrase = place
        self.reasonPhrase = reason
    }

    /// Where it is, in the current words' language.
    public var place: String { placePhrase.text(Words.current) }
    /// Why it could not be read, in the current words' language.
    public var reason: String { reasonPhrase.text(Words.current) }

    /// "line 17: “31.02.2024” is not a date: there is no such day", without a full stop of its
    /// own: the summaries and refusals it goes into end their sentences themselves.
    public var description: String {
        let text = tr("error.import.unreadableRow", ["place": place, "reason": reason])
        return String(text.reversed().drop { $0 == "." || $0 == "。" }.reversed())
    }
}

/// A numbered place in a file in the current words' language ("line 17", "transaction 3"), looked
/// up once and then filled for each of a million rows: the rows are read on all cores, where the
/// current words are not known, and one lookup per row would cost more than the row.
struct NumberedPlace: Sendable {
    private static let marker = "\u{1}"
    private let before: String
    private let after: String

    /// "line {line}".
    static func line() -> NumberedPlace { NumberedPlace(tr("error.import.placeLine", ["line": marker])) }
    /// "transaction {number}".
    static func transaction() -> NumberedPlace {
        NumberedPlace(tr("error.import.placeTransaction", ["number": marker]))
    }

    private init(_ template: String) {
        let parts = template.components(separatedBy: Self.marker)
        before = parts[0]
        after = parts.dropFirst().joined()
    }

    /// The place of number `number`.
    func callAsFunction(_ number: Int) -> String {
        after.isEmpty ? before + String(number) : before + String(number) + after
    }
}

/// What a bank file holds, read whole before anything is written.
public struct BankFileReading: Sendable, Equatable {
    public var format: BankFormat
    public var statements: [Statement]
    /// Rows the reader could not use, each with why.
    public var unreadable: [UnreadableRow]
    /// Rows the bank marks as not booked yet (pending, "vorgemerkt"); they come again, booked,
    /// in a later statement, so they are left out.
    public var pending: Int

    public init(format: BankFormat, statements: [Statement], unreadable: [UnreadableRow] = [], pending: Int = 0) {
        self.format = format
        self.statements = statements
        self.unreadable = unreadable
        self.pending = pending
    }

    /// Every entry of every statement.
    public var entryCount: Int { statements.reduce(0) { $0 + $1.entries.count } }
}

/// A fingerprint with its hash worked out once: a million of them are each hashed to be shared
/// out between the cores, and counting them hashed them twice more.
private struct HashedPrint: Hashable {
    var text: String
    var hash: Int

    static func == (a: HashedPrint, b: HashedPrint) -> Bool { a.hash == b.hash && a.text == b.text }
    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

extension Dictionary where Value == Int {
    /// Counts `key` once more and returns its count, looking it up once.
    fileprivate mutating func countOnceMore(_ key: Key) -> Int {
        func raise(_ count: inout Int) -> Int {
            count += 1
            return count
        }
        return raise(&self[key, default: 0])
    }
}
