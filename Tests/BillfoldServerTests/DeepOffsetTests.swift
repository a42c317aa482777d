import BillfoldAPI
import BillfoldCore
import Foundation
import Testing
import VaporTesting

@testable import BillfoldStore

/// The Lunch Money API pages with `offset`. A deep offset is found through the per-day sums
/// (`TransactionOffset`) instead of by stepping over every row; whatever the filter, it must give
/// the very rows stepping gives, and pages of any size must follow on from each other.
@Suite("Deep offsets give the rows stepping over them gives")
struct DeepOffsetTests {
    @Test(
        "random offsets and filters over transfers, splits, groups and pending rows, in two accounts; budgets' sums too",
        arguments: TestDatabase.all)
    func sameRows(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com", timeZone: "Pacific/Auckland")
            let open = { (json: String) in try await t.openAccount(json, as: ana) }
            let giro = try await open(#"{"name":"Giro","currency":"EUR"}"#)
            let savings = try await open(#"{"name":"Savings","currency":"EUR"}"#)
            var random = SplitMix64(seed: 26)
            func pick(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
            let start: Int64 = 1_640_995_200  // 2022-01-01
            let span: Int64 = 2 * 365 * 86_400
            // Rows that share a second, so the order's tie on id is tested too.
            let moments = (0..<500).map { _ in start + Int64(random.next() % UInt64(span)) }
            var items: [NewTransaction] = []
            for i in 0..<700 {
                items.append(
                    NewTransaction(
                        accountID: [giro.id, savings.id][pick(2)],
                        bookedAt: BookingTime(epochSeconds: moments[pick(moments.count)], offsetSeconds: 0),
                        payee: "Shop \(i)", money: Money(minorUnits: -3000, currency: .eur),
                        status: TransactionStatus.allCases[pick(3)]))
            }
            let ids = try await t.transactions(ana).insert(
                items, accountID: { $0.accountID ?? giro.id }, now: Timestamp.now())
            // More group rows and split parents than a day holds rows, so the walk must count them.
            for (n, id) in ids.prefix(30).enumerated() {
                let split = try await t.send(
                    .POST, "/api/v1/transactions/\(id)/split", as: ana,
                    json: #"{"parts": [{"amount": "-20.00"}, {"amount": "-10.00"}]}"#)
                #expect(split.status == .created, "\(split.body.string)")
                let group = try await t.send(
                    .POST, "/api/v1/transaction-groups", as: ana,
                    json: #"{"transactionIds": [\#(ids[100 + 2 * n]), \#(ids[101 + 2 * n])], "payee": "Group \#(n)"}"#)
                #expect(group.status == .created, "\(group.body.string)")
                let day = Day(
                    Date(timeIntervalSince1970: TimeInterval(moments[pick(moments.count)])),
                    in: TimeZone(identifier: "UTC")!)
                let transfer = try await t.send(
                    .POST, "/api/v1/transfers", as: ana,
                    json:
                        #"{"fromAccountId":\#(giro.id),"toAccountId":\#(savings.id),"amount":"5","bookedAt":"\#(day)T12:00:00Z"}"#
                )
                #expect(transfer.status == .created, "\(transfer.body.string)")
            }

            let repository = t.transactions(ana)
            var sought = 0
            for round in 0..<80 {
                // Auckland's days start off UTC's; UTC's start where the sums' days do.
                let zone = TimeZone(identifier: round % 3 == 0 ? "UTC" : "Pacific/Auckland")!
                func day(_ seconds: Int64) -> Day {
                    Day(Date(timeIntervalSince1970: TimeInterval(seconds)), in: zone)
                }
                let from = start - 86_400 * 30 + Int64(random.next() % UInt64(span))
                let to = from + Int64(random.next() % UInt64(span))
                var query = TransactionQuery.everything
                switch round % 4 {
                case 0: query.range = try InstantRange(from: day(from), to: nil, in: zone)
                case 1: query.range = try InstantRange(from: nil, to: day(to), in: zone)
                case 2: query.range = try InstantRange(from: day(from), to: day(to), in: zone)
                default: break
                }
                if pick(3) == 0 { query.status = TransactionStatus.allCases[pick(3)] }
                query.withoutPending = query.status == nil && pick(2) == 0
                if pick(3) == 0 { query.accountID = [giro.id, savings.id][pick(2)] }
                query.countedOnly = pick(4) == 0
                let all = try await repository.ascending(query, offset: 0, limit: 10_000, seekingFrom: .max)
                let offset = pick(all.count + 3)
                let limit = 1 + pick(40)
                if try await TransactionOffset.start(of: query, offset: offset, userID: ana.id, on: t.app.db.sql)
                    != nil
                {
                    sought += 1
                }
                let seeking = try await repository.ascending(query, offset: offset, limit: limit, seekingFrom: 0)
                let stepping = Array(all.dropFirst(offset).prefix(limit))
                #expect(seeking.map(\.id) == stepping.map(\.id), "round \(round): offset \(offset) of \(all.count)")
                // Budgets' sums of the range count the parts and members once, no transfer, no parent.
                let (net, fromRows) = try await TotalsByBlockTests.netPerCategory(t.app.db.sql, ana.id, query.range)
                #expect(net == fromRows, "round \(round)")
            }
            #expect(sought >= 50, "the sums found the start in only \(sought) of 80 rounds")

            // Pages of 7 follow on from each other into what one page of 1000 gives.
            let range = "start_date=2021-01-01&end_date=2024-12-31"
            struct Page: Decodable {
                struct Row: Decodable { var id: Int64 }
                var transactions: [Row]
            }
            let whole = try await t.get(Page.self, "/v1/transactions?\(range)&limit=1000", as: ana).transactions
            var paged: [Int64] = []
            for offset in stride(from: 0, to: whole.count, by: 7) {
                paged += try await t.get(Page.self, "/v1/transactions?\(range)&limit=7&offset=\(offset)", as: ana)
                    .transactions.map(\.id)
            }
            #expect(whole.count > 400 && paged == whole.map(\.id), "\(whole.count) rows")
        }
    }
}
