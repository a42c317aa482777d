import BillfoldCore
import Foundation
import Testing

@Suite("A month's budget sheet")
struct BudgetSheetTests {
    static func category(
        _ id: Int64, _ name: String, group: Int64? = nil, isGroup: Bool = false, archived: Bool = false,
        excluded: Bool = false
    ) -> Category {
        Category(
            id: id, name: name, description: "", groupID: group, isGroup: isGroup, colour: "", icon: "",
            flags: CategoryFlags(
                isIncome: false, excludeFromBudget: excluded, excludeFromTotals: false, archived: archived),
            order: 0, createdAt: 0, updatedAt: nil)
    }

    static func eur(_ text: String) -> Money { try! Money(parsing: text, currency: .eur) }

    @Test("an archived group still shows its categories; one kept out of budgets keeps them out")
    func archivedGroup() {
        let tree = CategoryTree([
            Self.category(1, "Kids", isGroup: true, archived: true), Self.category(2, "School", group: 1),
            Self.category(3, "Hobbies", isGroup: true, excluded: true), Self.category(4, "Chess", group: 3),
        ])
        let sheet = BudgetSheet(
            month: Month(year: 2026, month: 11), currency: .eur, tree: tree,
            figures: .init(
                budgets: [2: Self.eur("200"), 4: Self.eur("30")],
                net: [(2, Self.eur("-150"), 2), (4, Self.eur("-20"), 1)], carried: [:], rollsOver: []))
        #expect(sheet.lines.map(\.name) == ["Kids", "School"])
        #expect(sheet.budgeted == Self.eur("200") && sheet.spent == Self.eur("150"))
    }
}
