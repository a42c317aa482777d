import BillfoldAPI
import BillfoldCore
import Foundation
import Testing
import VaporTesting

@Suite("Totals kept on write agree with the rows")
struct TotalsConsistencyTests {
    @Test("after inserts and changes, every filter's totals equal a sum of its rows", arguments: TestDatabase.all)
    func agree(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            // Kathmandu is UTC+05:45, so its days never line up with UTC days.
            let ana = try await t.person("ana@example.com", timeZone: "Asia/Kathmandu")
            let categories = t.categories(ana)
            let group = try await categories.forSource("t:g", name: "Food", isGroup: true, now: Timestamp.now())
            let a = try await categories.forSource("t:a", name: "Groceries", groupID: group.id, now: Timestamp.now())
            let b = try await categories.forSource("t:b", name: "Cafe", groupID: group.id, now: Timestamp.now())
            let c = try await categories.forSource("t:c", name: "Rent", now: Timestamp.now())
            let choices: [Int64?] = [a.id, b.id, c.id, nil]
            var random = SplitMix64(seed: 7)
            var items: [NewTransaction] = []
            for i in 0..<300 {
                let when = 1_767_225_600 + Int64(random.next() % (40 * 86_400))  // January and early February 2026
                let currency: Currency = [.eur, .usd, .pbp][Int(random.next() % 3)]
                let minor = Int64(random.next() % 20_000) - 15_000
                items.append(
                    NewTransaction(
                        bookedAt: BookingTime(epochSeconds: when, offsetSeconds: 3600), payee: "Shop \(i)",
                        money: Money(minorUnits: minor, currency: currency),
                        status: TransactionStatus.allCases[Int(random.next() % 3)],
                        categoryID: choices[Int(random.next() % 4)]))
            }
            let ids = try await t.add(ana, items)
            for id in ids.prefix(60) {
                let category = choices[Int(random.next() % 4)]
                let status = TransactionStatus.allCases[Int(random.next() % 3)]
                _ = try await t.send(
                    .PATCH, "/api/v1/transactions/\(id)", as: ana,
                    json: """
                        {"categoryId": \(category.map(String.init) ?? "null"), "status": "\(status.rawValue)"}
                        """)
            }
            let all = try await t.transactions(ana).page(.everything, after: nil, limit: 500).transactions
            #expect(all.count == 300)
            let zone = TimeZone(identifier: "Asia/Kathmandu")!
            let filters = [
                "", "category=\(group.id)", "category=\(a.id)", "category=none", "status=uncleared",
                "category=\(b.id)&status=cleared", "from=2026-01-10", "to=2026-01-20",
                "from=2026-01-05&to=2026-01-05", "from=2026-01-03&to=2026-01-31&category=\(group.id)",
                "from=2026-01-15&to=2026-01-16&status=pending", "q=shop%201",
            ]
            for query in filters {
                let filter = try TransactionFilter(query: Self.parameters(query))
                let (matching, expected) = try Self.expected(all, filter, zone: zone, groups: [group.id: [a.id, b.id]])
                let list = try await t.get(
                    TransactionListResponse.self, "/api/v1/transactions?limit=500&\(query)", as: ana)
                #expect(list.totals == expected, "\(query)")
                #expect(Set(list.transactions.map(\.id)) == Set(matching.map(\.id)), "\(query)")
                let newestFirst = list.transactions.map { try! BookingTime(iso8601: $0.bookedAt).epochSeconds }
                #expect(newestFirst == newestFirst.sorted(by: >), "\(query)")
                // Pages of 7 follow on from each other into the same list (a group's keysets merge).
                var paged: [Int64] = []
                var cursor: String?
                repeat {
                    let page = try await t.get(
                        TransactionListResponse.self,
                        "/api/v1/transactions?limit=7&\(query)" + (cursor.map { "&cursor=\($0)" } ?? ""), as: ana)
                    paged += page.transactions.map(\.id)
                    cursor = page.nextCursor
                } while cursor != nil
                #expect(paged == list.transactions.map(\.id), "\(query)")
            }
        }
    }

    /// The rows a filter must list and the totals it must give, worked out here from the rows
    /// themselves. `groups`: each category group's children.
    static func expected(
        _ all: [Transaction], _ filter: TransactionFilter, zone: TimeZone, groups: [Int64: [Int64]]
    ) throws -> (rows: [Transaction], totals: [TotalDTO]) {
        let range = try InstantRange(from: filter.from, to: filter.to, in: zone)
        let matching = all.filter { row in
            let categoryOK: Bool
            if let id = filter.categoryID {
                categoryOK = groups[id].map { $0.contains(row.categoryID ?? 0) } ?? (row.categoryID == id)
            } else {
                categoryOK = !filter.uncategorized || row.categoryID == nil
            }
            let at = row.bookedAt.epochSeconds
            return categoryOK && (filter.status.map { $0 == row.status } ?? true)
                && (range.lowerBound.map { at >= $0 } ?? true) && (range.upperBound.map { at < $0 } ?? true)
                && (filter.text.map { row.payee.lowercased().contains($0) } ?? true)
        }
        let totals = Dictionary(grouping: matching, by: \.money.currency.code).map { code, rows in
            TotalDTO(
                currency: code,
                amount: Money(minorUnits: rows.map(\.money.minorUnits).reduce(0, +), currency: rows[0].money.currency)
                    .decimalString,
                count: rows.count)
        }.sorted { $0.currency < $1.currency }
        return (matching, totals)
    }

    static func parameters(_ query: String) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: query.split(separator: "&").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                return (parts[0], parts.count > 1 ? (parts[1].removingPercentEncoding ?? parts[1]) : "")
            })
    }
}
