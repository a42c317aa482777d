import BillfoldCore
import BillfoldStore
import Foundation
import Testing

/// Rules are kept whole and in order, per person, on both databases.
@Suite("Rules in the store")
struct RuleRepositoryTests {
    @Test(
        "kept whole and in order; reordered, counted, switched off with their category, one person's only",
        arguments: TestDatabase.all)
    func keep(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let bob = try await t.person("bob@example.com")
            let rules = RuleRepository(database: t.app.db, userID: ana.id)
            let groceries = try await rules.create(
                Rule(
                    name: "Groceries", conditions: [.text(.bankText, .matches(try RulePattern("REWE*")))],
                    actions: [.setCategory(10), .addTags([3])], stopsAfter: true),
                now: 100)
            let amazon = try await rules.create(
                Rule(
                    conditions: [.text(.payee, .contains("amazon")), .amountBetween(1, Decimal(string: "99.99")!)],
                    actions: [.renamePayee("Amazon"), .setCategory(11)], overridesSource: true),
                now: 101)
            #expect(groceries.position == 1 && amazon.position == 2)
            let read = try await rules.all()
            #expect(read.map(\.rule) == [groceries, amazon], "conditions and actions come back as they were")

            try await rules.reorder([amazon.id, 999], now: 102)
            #expect(try await rules.all().map(\.rule.id) == [amazon.id, groceries.id])
            #expect(
                try await rules.book().apply(
                    to: RuleSubject(
                        payee: "REWE 12", bankText: "REWE 12", money: Money(minorUnits: -100, currency: .eur))
                ).matched == [groceries.id])

            try await rules.countMatches([groceries.id: 3, amazon.id: 0])
            try await rules.countMatches([groceries.id: 2])
            #expect(try await rules.find(groceries.id)?.matchedCount == 5)

            // Deleting category 11 switches the Amazon rule off; it is kept.
            let off = try await rules.switchOff(settingAnyOf: [11], now: 103)
            #expect(off.map(\.id) == [amazon.id])
            #expect(try await rules.find(amazon.id)?.rule.isEnabled == false)
            #expect(
                try await rules.book().apply(
                    to: RuleSubject(payee: "amazon", bankText: "amazon", money: Money(minorUnits: -100, currency: .eur))
                ).matched.isEmpty)

            // Bob sees, changes and deletes none of Ana's.
            let bobs = RuleRepository(database: t.app.db, userID: bob.id)
            #expect(try await bobs.all().isEmpty)
            #expect(try await bobs.find(amazon.id) == nil)
            var taken = amazon
            taken.name = "mine"
            #expect(try await bobs.update(taken, now: 104) == false)
            #expect(try await bobs.delete(amazon.id) == false)
            #expect(try await rules.find(amazon.id)?.rule.name == "")

            var renamed = groceries
            renamed.name = "Food shops"
            #expect(try await rules.update(renamed, now: 105))
            #expect(try await rules.find(groceries.id)?.rule.name == "Food shops")
            #expect(try await rules.delete(groceries.id))
            #expect(try await rules.all().map(\.rule.id) == [amazon.id])
        }
    }
}
