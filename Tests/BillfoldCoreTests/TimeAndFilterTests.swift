import BillfoldCore
import Foundation
import Testing

@Suite("Booking times, days and filters")
struct TimeAndFilterTests {
    @Test(
        "ISO 8601 with any offset form keeps the offset",
        arguments: [
            ("2022-07-24T10:59:05+0200", Int64(1_658_653_145), 7200, "2022-07-24T10:59:05+02:00"),
            ("2022-07-24T10:59:05+02:00", 1_658_653_145, 7200, "2022-07-24T10:59:05+02:00"),
            ("2022-07-24T08:59:05Z", 1_658_653_145, 0, "2022-07-24T08:59:05+00:00"),
            ("2022-07-24T08:59:05.123Z", 1_658_653_145, 0, "2022-07-24T08:59:05+00:00"),
            ("2024-02-29T23:00:00-05:30", 1_709_267_400, -19800, "2024-02-29T23:00:00-05:30"),
        ])
    func parses(text: String, epoch: Int64, offset: Int, rfc3339: String) throws {
        let time = try BookingTime(iso8601: text)
        #expect(time.epochSeconds == epoch)
        #expect(time.offsetSeconds == offset)
        #expect(time.iso8601 == rfc3339)
    }

    @Test(
        "refuses impossible or offset-less times",
        arguments: [
            "2022-02-29T10:00:00Z", "2022-13-01T10:00:00Z", "2022-07-24T24:00:00Z", "2022-07-24T10:59:05",
            "2022-07-24 10:59:05", "24.07.2022", "2022-07-24T10:59:05+2500", "", "2022-07-24T10:59:05+02",
        ])
    func refuses(text: String) {
        #expect(throws: BillfoldError.self) { try BookingTime(iso8601: text) }
    }

    @Test("the PAYBACK form round-trips")
    func compact() throws {
        #expect(try BookingTime(iso8601: "2022-12-24T11:59:05+0200").compactOffsetString == "2022-12-24T11:59:05+0200")
        #expect(Timestamp.utc(0) == "1970-01-01T00:00:00Z")
    }

    @Test("days become instants in a time zone, across a DST change")
    func instantRange() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        // 29 March 2026 is 23 hours long in Berlin.
        let range = try InstantRange(
            from: Day(year: 2026, month: 3, day: 29), to: Day(year: 2026, month: 3, day: 29), in: berlin)
        #expect(range.lowerBound == 1_774_738_800)
        #expect(range.upperBound! - range.lowerBound! == 23 * 3600)
        #expect(throws: BillfoldError.self) {
            try InstantRange(from: Day(year: 2026, month: 3, day: 2), to: Day(year: 2026, month: 3, day: 1), in: berlin)
        }
    }

    @Test("a group matches itself and its children; a category only itself")
    func categoryTree() {
        let tree = CategoryTree([
            Category(id: 1, name: "Food", isGroup: true), Category(id: 2, name: "Groceries", groupID: 1),
            Category(id: 3, name: "Cafe", groupID: 1), Category(id: 4, name: "Rent"),
        ])
        #expect(tree.idsMatching(1).sorted() == [1, 2, 3])
        #expect(tree.idsMatching(2) == [2])
        #expect(tree.idsMatching(99).isEmpty)
        #expect(tree.topLevel.map(\.name) == ["Food", "Rent"])
    }

    @Test("demo data is repeatable and realistic")
    func demo() {
        func make() -> [NewTransaction] {
            var generator = DemoTransactions(
                count: 2000, now: Date(timeIntervalSince1970: 1_795_000_000), timeZone: .gmt,
                categoryIDs: [:], accountIDs: [:])
            return Array(AnyIterator { generator.next() })
        }
        let first = make()
        #expect(first == make())
        #expect(first.count == 2000)
        #expect(Set(first.map(\.money.currency.code)) == ["EUR", "USD", "PBP"])
        #expect(first.contains { $0.status == .uncleared })
        let times = first.map(\.bookedAt.epochSeconds)
        #expect(times.max()! - times.min()! > 360 * 86_400, "a year of data")
        // Bills come once a month, not at random.
        let rent = first.filter { $0.payee == "Hausverwaltung Schmidt" }
        #expect((11...12).contains(rent.count))
        #expect(Set(rent.map { Day($0.bookedAt.date, in: .gmt).day }) == [1])
        #expect(Set(first.compactMap(\.externalID)).count == 2000, "external ids are unique")
    }
}

@Suite("Transaction history")
struct TransactionHistoryTests {
    static let original = Transaction(
        id: 1, accountID: 1, bookedAt: BookingTime(epochSeconds: 0, offsetSeconds: 0), payee: "Shop",
        originalName: "SHOP", notes: "", money: Money(minorUnits: -100, currency: .eur), status: .uncleared,
        categoryID: 5, externalID: nil, createdAt: 0, updatedAt: 0)

    @Test("only fields whose value really changes become history")
    func edits() {
        let same = TransactionChange(categoryID: .some(5), notes: "", status: .uncleared)
        #expect(TransactionEdit.edits(from: Self.original, applying: same, at: 9).isEmpty)
        let changed = Self.original.applying(TransactionChange(categoryID: .some(nil), status: .cleared), at: 9)
        #expect(
            changed.categoryID == nil && changed.status == .cleared && changed.notes == "" && changed.updatedAt == 9)
        let change = TransactionChange(categoryID: .some(nil), notes: "gift", status: .cleared)
        #expect(
            TransactionEdit.edits(from: Self.original, applying: change, at: 9) == [
                TransactionEdit(field: .category, oldValue: "5", newValue: nil, changedAt: 9),
                TransactionEdit(field: .status, oldValue: "uncleared", newValue: "cleared", changedAt: 9),
                TransactionEdit(field: .notes, oldValue: nil, newValue: "gift", changedAt: 9),
            ])
    }
}
