import BillfoldCore
import BillfoldImport
import BillfoldStore
import Foundation

/// The new bookings of one account's part of a file as the transactions they become, made a
/// range at a time while the database writes the range before.
struct BankRows: Sendable {
    let entries: [StatementEntry]
    let keys: [String]
    /// The new entries' indices, oldest first.
    let order: [Int]
    let categoryIDs: [String: Int64?]
    /// Noon of each booking day in the person's zone, worked out once per day, not per row.
    let noon: [Day: BookingTime]
    let keepsBankText: Bool

    init(
        part: BankImportPlan.Part, order: [Int], zone: TimeZone, categoryIDs: [String: Int64?], keepsBankText: Bool
    ) throws {
        self.keepsBankText = keepsBankText
        entries = part.entries
        keys = part.keys
        self.order = order
        self.categoryIDs = categoryIDs
        var noon: [Day: BookingTime] = [:]
        var last: Day?
        // `order` is by day: a day's noon is worked out where its first booking comes.
        for index in order where entries[index].day != last {
            let day = entries[index].day
            noon[day] = try BookingTime(localDateTime: "\(day)T12:00", timeZone: zone)
            last = day
        }
        self.noon = noon
    }

    /// The transactions of `range` of `order`.
    @Sendable func make(_ range: Range<Int>) -> [NewTransaction] {
        // Entries are read in place: a copy of one retains every text it holds.
        entries.withUnsafeBufferPointer { entries in
            order[range].map { index in
                // Shown as a clean payee; the bank's text stays the original name.
                NewTransaction(
                    bookedAt: noon[entries[index].day]!,
                    payee: BankImportPlan.payee(entries[index].payee, keepsBankText: keepsBankText),
                    originalName: entries[index].payee, notes: entries[index].notes,
                    money: entries[index].amount,
                    categoryID: entries[index].category.flatMap { categoryIDs[$0] ?? nil }, categorySource: .importFile,
                    importKey: keys[index])
            }
        }
    }
}
