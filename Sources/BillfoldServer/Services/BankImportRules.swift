import BillfoldCore
import BillfoldImport
import BillfoldStore

/// What the person's rules will make of a file's new bookings, for the dry run and the preview:
/// the same clean payee and the same rules the import runs (`BankRows`, `IncomingRules`).
extension BankImportPlan {
    /// One booking as it will be written: its payee, the category the rules give it (nil: none,
    /// or the file's own), and the rules that matched.
    public struct Booked: Sendable {
        public var payee: String
        public var categoryID: Int64?
        public var tagIDs: [Int64]
        public var matched: [Int64]
    }

    /// The booking at `index` of `part` as it will be written.
    public func booked(_ part: Part, _ index: Int) -> Booked {
        let entry = part.entries[index]
        var row = NewTransaction(
            bookedAt: BookingTime(epochSeconds: 0, offsetSeconds: 0),
            payee: Self.payee(entry.payee, keepsBankText: keepsBankText),
            originalName: entry.payee, notes: entry.notes, money: entry.amount, categorySource: .importFile)
        // A category the file names is made on import; here it only has to keep rules off it.
        if entry.category != nil { row.categoryID = Self.fileCategory }
        let matched = rules.apply(to: &row, accountID: part.accountID ?? 0)
        let ruled = row.categoryID == Self.fileCategory ? nil : row.categoryID
        return Booked(payee: row.payee, categoryID: ruled, tagIDs: row.tagIDs, matched: matched)
    }

    /// The payee a booking is written under: the clean payee, or the bank's text as it is.
    static func payee(_ bankText: String, keepsBankText: Bool) -> String {
        keepsBankText ? bankText : PayeeCleaner.clean(bankText)
    }

    /// Stands for the category a file names, not yet made.
    static let fileCategory: Int64 = -1

    /// How many of the new bookings the person's rules will change.
    public var changedByRules: Int {
        guard !rules.isEmpty else { return 0 }
        return parts.reduce(0) { count, part in
            count
                + part.entries.indices.lazy.filter { !part.alreadyImported[$0] && !booked(part, $0).matched.isEmpty }
                .count
        }
    }
}
