import BillfoldAPI
import BillfoldCore
import Foundation
import SQLKit
import Testing
import VaporTesting

@testable import BillfoldStore

/// The per-day sums are rolled up into 32-day blocks by a trigger; a total over a long range reads
/// whole blocks and the days at its edges. Whatever writes the sums, and whatever the range, the
/// totals must still be the rows' own.
@Suite("Totals from blocks of days agree with the rows")
struct TotalsByBlockTests {
    @Test(
        "years of rows, changed, deleted and recategorised: random filters total as their rows",
        arguments: TestDatabase.all)
    func agree(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com", timeZone: "America/New_York")
            let categories = t.categories(ana)
            let group = try await categories.forSource("t:g", name: "Food", isGroup: true, now: Timestamp.now())
            let a = try await categories.forSource("t:a", name: "Groceries", groupID: group.id, now: Timestamp.now())
            let b = try await categories.forSource("t:b", name: "Cafe", groupID: group.id, now: Timestamp.now())
            let c = try await categories.forSource("t:c", name: "Rent", now: Timestamp.now())
            let doomed = try await categories.forSource("t:d", name: "Old", now: Timestamp.now())
            let choices: [Int64?] = [a.id, b.id, c.id, doomed.id, nil]
            var random = SplitMix64(seed: 16)
            func pick(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
            let start: Int64 = 1_609_459_200  // 2021-01-01
            let span: Int64 = 3 * 365 * 86_400
            var items: [NewTransaction] = []
            for i in 0..<900 {
                items.append(
                    NewTransaction(
                        bookedAt: BookingTime(
                            epochSeconds: start + Int64(random.next() % UInt64(span)), offsetSeconds: 0),
                        payee: "Shop \(i)",
                        money: Money(minorUnits: Int64(pick(20_000)) - 15_000, currency: [.eur, .usd][pick(2)]),
                        status: TransactionStatus.allCases[pick(3)], categoryID: choices[pick(5)]))
            }
            let ids = try await t.add(ana, items)
            // Each kind of write to the sums: changes, deletes, and a category's sums moved to another.
            for id in ids.prefix(80) {
                let category = choices[pick(3)]
                _ = try await t.send(
                    .PATCH, "/api/v1/transactions/\(id)", as: ana,
                    json: #"{"categoryId": \#(category.map(String.init) ?? "null"), "status": "cleared"}"#)
            }
            let deleted = try await t.send(
                .POST, "/api/v1/transactions/bulk-delete", as: ana, json: #"{"ids": [\#(ids[100]), \#(ids[101])]}"#)
            #expect(deleted.status == .ok, "\(deleted.body.string)")
            let moved = try await t.send(.DELETE, "/api/v1/categories/\(doomed.id)?reassignTo=\(c.id)", as: ana)
            #expect(moved.status == .ok, "\(moved.body.string)")

            // The blocks hold exactly the days' sums, block by block.
            struct Sum: Decodable, Hashable {
                var category_key: Int64
                var status: String
                var currency: String
                var block: Int64
                var account_id: Int64
                var total: Int64
                var count: Int64
            }
            let sql = t.app.db as! any SQLDatabase
            let blocks = try await sql.raw(
                """
                SELECT category_key, status, currency, block, account_id, total_minor AS total, count
                FROM transaction_totals_by_block WHERE user_id = \(bind: ana.id)
                """
            ).all(decoding: Sum.self)
            let days = try await sql.raw(
                """
                SELECT category_key, status, currency, day / 32 AS block, account_id,
                  CAST(SUM(total_minor) AS BIGINT) AS total, CAST(SUM(count) AS BIGINT) AS count
                FROM transaction_totals WHERE user_id = \(bind: ana.id)
                GROUP BY category_key, status, currency, day / 32, account_id
                """
            ).all(decoding: Sum.self)
            let differing = Set(blocks).symmetricDifference(days.filter { $0.count != 0 })
            #expect(differing.isEmpty, "\(differing.count) blocks differ, such as \(differing.prefix(2))")

            let all = try await t.transactions(ana).page(.everything, after: nil, limit: 1000).transactions
            #expect(all.count == 898)
            let zone = TimeZone(identifier: "America/New_York")!
            for round in 0..<40 {
                var parameters: [(String, String)] = []
                func day(_ seconds: Int64) -> String {
                    Day(Date(timeIntervalSince1970: TimeInterval(seconds)), in: zone).description
                }
                let from = start - 86_400 * 20 + Int64(random.next() % UInt64(span))
                let to = from + Int64(random.next() % UInt64(span / (round % 4 == 0 ? 1 : 6)))
                switch pick(4) {
                case 0: parameters.append(("from", day(from)))
                case 1: parameters.append(("to", day(to)))
                case 2: parameters += [("from", day(from)), ("to", day(to))]
                default: break
                }
                if pick(2) == 0 {
                    parameters.append(("category", [a.id, b.id, c.id, group.id].map(String.init)[pick(4)]))
                }
                if pick(3) == 0 { parameters.append(("status", TransactionStatus.allCases[pick(3)].rawValue)) }
                let query = parameters.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
                let filter = try TransactionFilter(query: Dictionary(uniqueKeysWithValues: parameters))
                let expected = try TotalsConsistencyTests.expected(
                    all, filter, zone: zone, groups: [group.id: [a.id, b.id]]
                ).totals
                let list = try await t.get(TransactionListResponse.self, "/api/v1/transactions?\(query)", as: ana)
                #expect(list.totals == expected, "\(query)")

                // Per category (budgets), the sums of the same range are the rows' too.
                let range = try InstantRange(from: filter.from, to: filter.to, in: zone)
                let (net, fromRows) = try await Self.netPerCategory(sql, ana.id, range)
                #expect(net == fromRows, "\(query)")
            }
        }
    }

    /// A range's net per category and currency as budgets read it (the sums), and as its rows
    /// say (transfers, split parents and group rows left out), each as sorted lines.
    static func netPerCategory(_ sql: any SQLDatabase, _ userID: Int64, _ range: InstantRange) async throws
        -> (sums: [String], rows: [String])
    {
        let net = try await SpendingRepository(database: sql, userID: userID).net(in: range)
            .map { "\($0.categoryID ?? 0) \($0.money.currency.code) \($0.money.minorUnits) \($0.count)" }
        struct Line: Decodable {
            var key: Int64
            var currency: String
            var total: Int64
            var count: Int64
        }
        let rows = try await sql.raw(
            """
            SELECT COALESCE(category_id, 0) AS key, currency, CAST(SUM(amount_minor) AS BIGINT) AS total,
              COUNT(*) AS count
            FROM transactions WHERE user_id = \(bind: userID) AND transfer_id IS NULL AND kind IS NULL
              AND booked_at >= \(bind: range.lowerBound ?? Int64.min) AND booked_at < \(bind: range.upperBound ?? Int64.max)
            GROUP BY COALESCE(category_id, 0), currency
            """
        ).all(decoding: Line.self).map { "\($0.key) \($0.currency) \($0.total) \($0.count)" }
        return (net.sorted(), rows.sorted())
    }
}
