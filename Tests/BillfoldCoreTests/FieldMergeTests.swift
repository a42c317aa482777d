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
}
