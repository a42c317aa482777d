import Testing

@testable import BillfoldCore

@Suite("Item sort orders")
struct ItemSortTests {
    func item(_ id: Int64, _ title: String, _ priority: Priority, done: Bool = false, at time: Int64) -> Item {
        Item(id: id, projectID: 1, title: title, priority: priority, completed: done, createdAt: time)
    }

    var items: [Item] {
        [
            item(1, "paint", .low, at: 100), item(2, "Buy", .high, done: true, at: 300),
            item(3, "call", .high, at: 200), item(4, "apply", .high, at: 200), item(5, "Zip", .medium, at: 400),
            item(6, "buy", .medium, at: 400),
        ]
    }

    @Test("default: incomplete first, then priority high to low, then newest; ties by the newer id")
    func defaultOrder() {
        #expect(ItemSort.default.sorted(items).map(\.id) == [4, 3, 6, 5, 1, 2])
    }

    @Test("name: as a person reads it, equal names by id")
    func byName() {
        #expect(ItemSort.name.sorted(items).map(\.id) == [4, 2, 6, 3, 1, 5])
    }

    @Test("created: newest first, equal times by the newer id")
    func byCreation() {
        #expect(ItemSort.created.sorted(items).map(\.id) == [6, 5, 2, 4, 3, 1])
    }

    @Test("unknown sorts and priorities are refused")
    func parsing() throws {
        #expect(try ItemSort(parsing: nil) == .default)
        #expect(throws: BillfoldError.self) { try ItemSort(parsing: "priority") }
        #expect(try Priority(parsing: "HIGH") == .high)
        #expect(throws: BillfoldError.self) { try Priority(parsing: "urgent") }
    }
}
