import BillfoldCore
import Testing

@Suite("Merging a field kept in two places")
struct FieldMergeTests {
    @Test("only the side that changed a field wins; both changing it differently is a conflict")
    func merge() {
        #expect(FieldMerge.of(local: "a", base: "a", remote: "a") == .keepLocal)
        #expect(FieldMerge.of(local: "b", base: "a", remote: "a") == .keepLocal, "only here: sent by the outbox")
        #expect(FieldMerge.of(local: "a", base: "a", remote: "c") == .takeRemote, "only there: taken")
        #expect(FieldMerge.of(local: "c", base: "a", remote: "c") == .agreed)
        #expect(FieldMerge.of(local: "b", base: "a", remote: "c") == .conflict)
        #expect(FieldMerge.of(local: nil, base: "a", remote: "c") == .conflict, "cleared here, changed there")
        #expect(FieldMerge.of(local: "a", base: "a", remote: nil) == .takeRemote, "cleared there")
    }

    @Test("a value kept as text applies back to the same value, for every field")
    func textRoundTrip() throws {
        func make(_ id: Int64, _ payee: String, _ minor: Int64, _ status: TransactionStatus, _ category: Int64?)
            -> Transaction
        {
            Transaction(
                id: 1, accountID: id, bookedAt: BookingTime(epochSeconds: 1_700_000_000 + id, offsetSeconds: 3600),
                payee: payee, originalName: "", notes: id == 1 ? "" : "note",
                money: Money(minorUnits: minor, currency: .eur),
                status: status, categoryID: category, externalID: nil, createdAt: 0, updatedAt: 0)
        }
        let before = make(1, "Bakery", -350, .uncleared, 7)
        let after = make(2, "Baker's", -1_234_567, .cleared, nil)
        // Who set the category is not a value of its own: it follows the category.
        for field in TransactionEdit.Field.allCases where field != .categorySource {
            var change = TransactionChange()
            try change.set(field, text: after.text(of: field))
            #expect(before.applying(change, at: 0).text(of: field) == after.text(of: field), "\(field)")
        }
        var change = TransactionChange()
        #expect(throws: BillfoldError.self) { try change.set(.category, text: "lunchmoney:12") }
    }
}
