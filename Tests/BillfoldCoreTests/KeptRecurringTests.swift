import BillfoldCore
import Foundation
import Testing

@Suite("Recurring payments as kept: matching bookings, merging what is found again")
struct KeptRecurringTests {
    static func day(_ text: String) -> Day { try! Day(parsing: text, field: "day") }
    static func eur(_ text: String) -> Money { try! Money(parsing: text, currency: .eur) }

    static func payment(_ payee: String, _ amount: String, count: Int = 4) -> RecurringPayment {
        RecurringPayment(
            payee: payee, key: SuggestionLearner.payeeKey(payee), rhythm: .monthly, usual: eur(amount),
            latest: eur(amount), before: nil, firstSeen: day("2026-07-01"), lastSeen: day("2026-10-01"), count: count,
            billingDay: 1)
    }

    @Test("a booking belongs to the payment of its payee, currency and direction whose amount is nearest")
    func owner() {
        let music = KeptRecurring(id: 1, payment: Self.payment("Apple", "-9.99"), state: .found, byHand: false)
        let cloud = KeptRecurring(id: 2, payment: Self.payment("Apple", "-2.99"), state: .confirmed, byHand: false)
        let key = SuggestionLearner.payeeKey("Apple")
        #expect(KeptRecurring.owner(key: key, money: Self.eur("-10.49"), among: [music, cloud])?.id == 1)
        #expect(KeptRecurring.owner(key: key, money: Self.eur("-2.99"), among: [music, cloud])?.id == 2)
        #expect(KeptRecurring.owner(key: key, money: Self.eur("-50.00"), among: [music, cloud]) == nil)
        #expect(KeptRecurring.owner(key: key, money: Self.eur("9.99"), among: [music, cloud]) == nil, "a refund")
        let dollars = try! Money(parsing: "-9.99", currency: Currency(code: "USD"))
        #expect(KeptRecurring.owner(key: key, money: dollars, among: [music, cloud]) == nil)
        #expect(KeptRecurring.owner(key: "apple store", money: Self.eur("-9.99"), among: [music, cloud]) == nil)
    }

    @Test("one typed by hand takes the bank's longer name for it, and counts what it sees")
    func byHand() {
        let typed = RecurringPayment.byHand(
            payee: "Netflix", money: Self.eur("-12.99"), rhythm: .monthly, next: Self.day("2026-12-15"))
        #expect(typed.nextExpected == Self.day("2026-12-15") && typed.count == 0)
        let kept = KeptRecurring(id: 7, payment: typed, state: .confirmed, byHand: true)
        #expect(kept.takes(key: SuggestionLearner.payeeKey("NETFLIX.COM 866-579"), money: Self.eur("-12.99")))
        var seen = typed.seen(Self.eur("-12.99"), on: Self.day("2026-12-15"))
        #expect(seen.count == 1 && seen.firstSeen == Self.day("2026-12-15") && seen.before == nil)
        seen = seen.seen(Self.eur("-15.49"), on: Self.day("2027-01-15"))
        #expect(seen.usual == Self.eur("-15.49") && seen.before == Self.eur("-12.99"), "a price change")
        #expect(seen.nextExpected == Self.day("2027-02-15") && seen.count == 2)
    }

    @Test("one typed by hand takes longer names only at a word's end, and keeps a name the cleaner takes whole")
    func boundaries() {
        #expect(KeptRecurring.extends("netflix.com 866", "netflix") && KeptRecurring.extends("amazon", "amazon"))
        #expect(!KeptRecurring.extends("amazonfresh", "amazon") && !KeptRecurring.extends("anything", ""))
        let typed = KeptRecurring(
            id: 1,
            payment: .byHand(payee: "Amazon", money: Self.eur("-8.99"), rhythm: .monthly, next: Self.day("2026-12-01")),
            state: .confirmed, byHand: true)
        #expect(!typed.takes(key: "amazonfresh", money: Self.eur("-8.99")))
        // Found again for the person's own payee, the exact one wins over the one typed by hand.
        let found = KeptRecurring(
            id: 2, payment: Self.payment("Amazon Prime", "-8.99"), state: .dismissed, byHand: false)
        let outcome = RecurringMerge.merge(found: [Self.payment("Amazon Prime", "-8.99")], kept: [typed, found])
        #expect(outcome.updated.map(\.kept.id) == [2] && outcome.missing.map(\.id) == [1])
    }

    @Test("found again: the decision and id stay, a second subscription of one payee is its own, the rest is new")
    func merge() {
        let music = KeptRecurring(id: 1, payment: Self.payment("Apple", "-9.99"), state: .dismissed, byHand: false)
        let old = KeptRecurring(id: 3, payment: Self.payment("Gone Gym", "-30.00"), state: .found, byHand: false)
        let outcome = RecurringMerge.merge(
            found: [
                Self.payment("Apple", "-10.99", count: 5), Self.payment("Apple", "-2.99", count: 3),
                Self.payment("Rent", "-900.00"),
            ], kept: [music, old])
        #expect(outcome.updated.map(\.kept.id) == [1] && outcome.updated.first?.found.usual == Self.eur("-10.99"))
        #expect(Set(outcome.added.map(\.usual)) == [Self.eur("-2.99"), Self.eur("-900.00")])
        #expect(outcome.missing.map(\.id) == [3])
    }

    @Test("the monthly cost counts what goes out and is not dismissed, per currency")
    func overview() {
        let weekly = RecurringPayment(
            payee: "Kiosk", key: "kiosk", rhythm: .weekly, usual: Self.eur("-10.00"), latest: Self.eur("-10.00"),
            before: nil, firstSeen: Self.day("2026-10-01"), lastSeen: Self.day("2026-11-26"), count: 9, billingDay: 26)
        let overview = RecurringOverview([
            KeptRecurring(id: 1, payment: Self.payment("Rent", "-900.00"), state: .confirmed, byHand: false),
            KeptRecurring(id: 2, payment: weekly, state: .found, byHand: false),
            KeptRecurring(id: 3, payment: Self.payment("Salary", "3000.00"), state: .confirmed, byHand: false),
            KeptRecurring(id: 4, payment: Self.payment("Apple", "-9.99"), state: .dismissed, byHand: false),
        ])
        #expect(overview.monthlyCost == [Self.eur("943.33")], "a weekly 10.00 is 43.33 a month")
        #expect(overview.dismissed.map(\.id) == [4] && overview.counted.count == 3)
        #expect(overview.counted.first?.id == 1 || overview.counted.first?.id == 3, "next due first")
    }
}
