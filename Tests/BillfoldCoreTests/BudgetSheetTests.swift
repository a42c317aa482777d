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

    @Test("dollars spent and refunded to nothing are still converted and named; points without a rate are left out")
    func convertedSpent() throws {
        let tree = CategoryTree([Self.category(1, "Travel"), Self.category(2, "Fun")])
        let usd = { (text: String) in try! Money(parsing: text, currency: .usd) }
        var sheet = BudgetSheet(
            month: Month(year: 2026, month: 11), currency: .eur, tree: tree,
            figures: .init(
                budgets: [:],
                net: [
                    (1, Self.eur("-10"), 1), (1, usd("-100"), 1), (2, usd("100"), 1),
                    (2, Money(minorUnits: -5, currency: .pbp), 1),
                ],
                carried: [:], rollsOver: []))
        #expect(sheet.otherCurrencies == [Money(minorUnits: -5, currency: .pbp)], "the dollars net to nothing")
        #expect(sheet.currenciesBeside == [.pbp, .usd])
        let book = RateBook(rates: [
            ExchangeRate(day: Day(year: 2026, month: 11, day: 1), base: "EUR", currency: "USD", rate: 1.25)
        ])
        // 100 dollars out on the 2nd (80 euros), 100 back on the 20th: spent on balance 10 euros.
        try sheet.convert(
            days: [
                .init(categoryID: 1, money: usd("-100"), day: Day(year: 2026, month: 11, day: 2)),
                .init(categoryID: 2, money: usd("100"), day: Day(year: 2026, month: 11, day: 20)),
            ], leftOut: [.pbp], tree: tree, book: book)
        #expect(sheet.convertedSpent?.money == Self.eur("10"))
        #expect(sheet.convertedSpent?.missing == [.pbp])
    }
}
