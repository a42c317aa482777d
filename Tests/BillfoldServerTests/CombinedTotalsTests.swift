import BillfoldAPI
import BillfoldCore
import Foundation
import SQLKit
import Testing
import VaporTesting

@testable import BillfoldStore

/// Every combination of the list's filters (category, group, none; account; status; tag; words;
/// ranges whose edges cut days) is answered from the sums where they can: per day, per block, per
/// payee, per tag. Whatever the combination, the totals must be the sums of the rows it finds,
/// summed from the rows themselves, in one range and in a report's many.
@Suite("Every combination of filters totals what its rows add up to")
struct CombinedTotalsTests {
    @Test("576 combinations, alone and per category, one range and a report's ranges", arguments: TestDatabase.all)
    func agree(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com", timeZone: "Asia/Kathmandu")
            let bob = try await t.person("bob@example.com")
            let giro = try await t.openAccount(#"{"name":"Giro","currency":"EUR"}"#, as: ana)
            let card = try await t.openAccount(#"{"name":"Card","currency":"USD"}"#, as: ana)
            let categories = t.categories(ana)
            let food = try await categories.forSource("t:a", name: "Food", now: Timestamp.now())
            let cafe = try await categories.forSource("t:b", name: "Cafe", now: Timestamp.now())
            var tags: [Int64] = []
            for name in ["Trip", "Work"] {
                let made = try await t.send(.POST, "/api/v1/tags", as: ana, json: #"{"name": "\#(name)"}"#)
                tags.append(try JSONDecoder().decode(TagDTO.self, from: made.body).id)
            }
            var random = SplitMix64(seed: 43)
            func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }
            let payees = ["REWE Markt", "rewe city", "M\u{FC}ller", "Bakery", "Kiosk"]
            let notes = ["", "", "with Rewe coupon", "müller's gift"]
            // 2026-01-01 00:00 UTC, then every 2 h 11 min for about 40 days.
            let rows = (0..<440).map { i in
                NewTransaction(
                    accountID: pick([giro.id, card.id]),
                    bookedAt: BookingTime(epochSeconds: 1_767_225_600 + Int64(i) * 7_860, offsetSeconds: 0),
                    payee: pick(payees), notes: pick(notes),
                    money: Money(minorUnits: Int64(random.next() % 9_000) - 6_000, currency: pick([.eur, .eur, .usd])),
                    status: pick(TransactionStatus.allCases), categoryID: pick([food.id, cafe.id, nil]))
            }
            let repository = t.transactions(ana)
            let ids = try await repository.insert(rows, accountID: { $0.accountID ?? giro.id }, now: Timestamp.now())
            try await t.add(bob, [spend("REWE", "-99.00")])
            // Tags given, changed and taken; some rows edited after they were tagged.
            for id in ids where random.next() % 3 == 0 {
                let given = Array(Set((0..<Int(1 + random.next() % 2)).map { _ in pick(tags) }))
                let answer = try await t.send(
                    .PUT, "/api/v1/transactions/\(id)/tags", as: ana, json: #"{"tagIds": \#(given)}"#)
                #expect(answer.status == .ok, "\(answer.body.string)")
            }
            for id in ids.prefix(60) {
                let change = pick([
                    #"{"amount": "-7.00"}"#, #"{"status": "uncleared"}"#, #"{"categoryId": \#(cafe.id)}"#,
                    #"{"bookedAt": "2026-01-20T23:30:00Z"}"#, #"{"tagIds": []}"#,
                ])
                let path = change.contains("tagIds") ? "/api/v1/transactions/\(id)/tags" : "/api/v1/transactions/\(id)"
                let edited = try await t.send(change.contains("tagIds") ? .PUT : .PATCH, path, as: ana, json: change)
                #expect(edited.status == .ok, "\(change): \(edited.body.string)")
            }
            // A category deleted with its rows moved to another: their sums move in bulk.
            let snacks = try await categories.forSource("t:c", name: "Snacks", now: Timestamp.now())
            for id in ids.suffix(80) {
                let moved = try await t.send(
                    .PATCH, "/api/v1/transactions/\(id)", as: ana, json: #"{"categoryId": \#(snacks.id)}"#)
                #expect(moved.status == .ok, "\(moved.body.string)")
            }
            let gone = try await t.send(
                .DELETE, "/api/v1/categories/\(snacks.id)", as: ana, json: #"{"reassignTo": \#(cafe.id)}"#)
            #expect(gone.status == .ok || gone.status == .noContent, "\(gone.body.string)")

            let sql = t.app.db as! any SQLDatabase
            #expect(try await LedgerInvariant(sql: sql).differences() == [])
            // Day edges cut in Kathmandu's time (+05:45), a range inside one day, and none.
            let ranges = [
                InstantRange(lowerBound: nil, upperBound: nil),
                InstantRange(lowerBound: 1_767_580_200, upperBound: 1_770_000_000),
                InstantRange(lowerBound: 1_768_000_000, upperBound: 1_768_040_000),
                InstantRange(lowerBound: 1_767_225_600, upperBound: nil),
            ]
            var checked = 0
            var found: Int64 = 0
            for category in [nil, [food.id], [food.id, cafe.id], []] as [[Int64]?] {
                for account in [nil, card.id] {
                    for status in [nil, TransactionStatus.cleared, .uncleared] {
                        for tag in [nil, tags[0]] {
                            for text in [nil, "rewe", "m\u{FC}ller"] {
                                for range in ranges {
                                    var query = TransactionQuery(
                                        categoryIDs: category?.isEmpty == true ? nil : category,
                                        uncategorized: category?.isEmpty == true, status: status, range: range,
                                        text: text)
                                    query.accountID = account
                                    query.tagID = tag
                                    let fromRows = try await TransactionTotals.scan(
                                        query, true, from: range.lowerBound, to: range.upperBound, userID: ana.id,
                                        on: sql)
                                    let perCategory = try await TransactionTotals.byCategory(
                                        query, userID: ana.id, on: sql)
                                    #expect(
                                        Self.keyed(perCategory) == SearchTotalsTests.summed(fromRows),
                                        "\(query)")
                                    found += fromRows.reduce(0) { $0 + $1.count }
                                    checked += 1
                                    guard range == ranges[0] else { continue }
                                    // A report's months: each slot as the same query over it alone.
                                    let slots = try await TransactionTotals.byCategory(
                                        query, in: Self.reportRanges, userID: ana.id, on: sql)
                                    for (slot, part) in zip(slots, Self.reportRanges) {
                                        let alone = try await TransactionTotals.scan(
                                            query, true, from: part.lowerBound, to: part.upperBound,
                                            userID: ana.id, on: sql)
                                        #expect(Self.keyed(slot) == SearchTotalsTests.summed(alone), "\(query) \(part)")
                                    }
                                }
                            }
                        }
                    }
                }
            }
            #expect(checked == 576)
            #expect(found > 10_000, "the combinations find rows: \(found)")
        }
    }

    /// Three months of a report, cut in the middle of days.
    static let reportRanges = [
        InstantRange(lowerBound: 1_767_580_200, upperBound: 1_768_000_000),
        InstantRange(lowerBound: 1_768_000_000, upperBound: 1_768_040_000),
        InstantRange(lowerBound: 1_768_040_000, upperBound: 1_770_000_000),
    ]

    /// `byCategory`'s answer in `SearchTotalsTests.summed`'s shape.
    static func keyed(_ sums: [(categoryID: Int64?, currency: String, total: Int64, count: Int64)])
        -> [String: [Int64]]
    {
        var keyed: [String: [Int64]] = [:]
        for sum in sums where sum.count != 0 {
            keyed["\(sum.categoryID ?? 0) \(sum.currency)"] = [sum.total, sum.count]
        }
        return keyed
    }
}
