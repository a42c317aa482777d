import BillfoldAPI
import BillfoldCore
import Foundation
import SQLKit
import Testing
import VaporTesting

@testable import BillfoldStore

/// The per-day sums are rolled up by UTC month (M049); a report's months and net worth read the
/// months nearest their ends and add or take away the days between. Whatever the zone the months
/// are cut in, the sums must still be the rows' own.
@Suite("Totals from months of days agree with the rows")
struct TotalsByMonthTests {
    @Test("a span of days cut into months and days covers each day once")
    func cut() {
        var random = SplitMix64(seed: 49)
        // 1900-01-01 to 2100: the leap days of 1900 (none), 2000 and 2100 (none) among them.
        for round in 0..<3_000 {
            let first = Int64(random.next() % 73_000)
            let end = first + Int64(random.next() % UInt64(round % 3 == 0 ? 800 : 70))
            let cut = MonthCut(days: first, end)
            var counted: [Int64: Int64] = [:]
            for month in cut.months {
                for day in MonthCut.firstDay(ofMonth: month)..<MonthCut.firstDay(ofMonth: month + 1) {
                    counted[day, default: 0] += 1
                }
            }
            for days in cut.days {
                for day in days.first..<days.end { counted[day, default: 0] += days.sign }
            }
            let covered = counted.filter { $0.value != 0 }
            #expect(covered.values.allSatisfy { $0 == 1 } && Set(covered.keys) == Set(first..<end), "\(first)..<\(end)")
            // Never more rows than the days themselves: a day or two around whole months.
            #expect(cut.days.map { $0.end - $0.first }.reduce(0, +) <= max(end - first, 0))
        }
        // A local month is its UTC month give or take a day: one month and one day.
        let march2026 = MonthCut.firstDay(ofMonth: 126 * 12 + 2)
        let april2026 = MonthCut.firstDay(ofMonth: 126 * 12 + 3)
        #expect(
            MonthCut(days: march2026 + 1, april2026 + 1)
                == MonthCut(
                    months: 1514..<1515,
                    days: [
                        .init(first: march2026, end: march2026 + 1, sign: -1),
                        .init(first: april2026, end: april2026 + 1, sign: 1),
                    ]))
    }

    @Test("each database's month of a day is Swift's", arguments: TestDatabase.all)
    func monthOfDay(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let sql = t.app.db as! any SQLDatabase
            struct Month: Decodable { var month: Int64 }
            var random = SplitMix64(seed: 1900)
            // Every first and last day of a month from 1899-12 to 2101-01 and from 9996 to 10003
            // (a booking late on 31 December 9999 west of UTC is in year 10000), and days between.
            var days: [Int64] = []
            for month in Array(Int64(-1)...2413) + Array(Int64(97_140)...97_250) {
                days += [MonthCut.firstDay(ofMonth: month) - 1, MonthCut.firstDay(ofMonth: month)]
                days.append(MonthCut.firstDay(ofMonth: month) + Int64(random.next() % 28))
            }
            for chunk in stride(from: 0, to: days.count, by: 500).map({ days[$0..<min($0 + 500, days.count)] }) {
                var values: SQLQueryString =
                    "SELECT \(unsafeRaw: MonthCut.sql(ofDay: "d.column1")) AS month FROM (VALUES "
                for (index, day) in chunk.enumerated() { values += (index == 0 ? "(" : ", (") + "\(bind: day))" }
                let months = try await sql.raw(values + ") d").all(decoding: Month.self).map(\.month)
                #expect(months == chunk.map(MonthCut.month(ofDay:)))
            }
        }
    }

    @Test(
        "a report's months and net worth's month ends in any zone total as their rows",
        arguments: TestDatabase.all)
    func reportsAgree(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com", timeZone: "America/New_York")
            let categories = t.categories(ana)
            let food = try await categories.forSource("t:f", name: "Food", now: Timestamp.now())
            let rent = try await categories.forSource("t:r", name: "Rent", now: Timestamp.now())
            let giro = try await t.openAccount(#"{"name":"Giro","currency":"EUR"}"#, as: ana)
            let cash = try await t.openAccount(#"{"name":"Cash","currency":"EUR"}"#, as: ana)
            var random = SplitMix64(seed: 30)
            func pick(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
            let start: Int64 = 1_640_995_200  // 2022-01-01
            let span: Int64 = 2 * 365 * 86_400
            var items: [NewTransaction] = []
            for i in 0..<600 {
                // Many near midnight UTC, where a zone's month starts on another UTC day.
                let day = start + Int64(pick(Int(span / 86_400))) * 86_400
                let second = i % 2 == 0 ? Int64(pick(86_400)) : [-7_200, -1_800, 60, 3_600, 20_000][pick(5)]
                var item = NewTransaction(
                    bookedAt: BookingTime(epochSeconds: day + second, offsetSeconds: 0), payee: "Shop \(i)",
                    money: Money(minorUnits: Int64(pick(20_000)) - 15_000, currency: [.eur, .usd][pick(2)]),
                    status: TransactionStatus.allCases[pick(3)], categoryID: [food.id, rent.id, nil][pick(3)])
                item.accountID = [giro.id, cash.id][pick(2)]
                items.append(item)
            }
            let ids = try await t.add(ana, items)
            for id in ids.prefix(40) {
                _ = try await t.send(.PATCH, "/api/v1/transactions/\(id)", as: ana, json: #"{"categoryId": null}"#)
            }
            let moved = try await t.send(
                .POST, "/api/v1/transfers", as: ana,
                json:
                    #"{"fromAccountId":\#(giro.id),"toAccountId":\#(cash.id),"amount":"70.00","bookedAt":"2022-06-30T23:30:00Z"}"#
            )
            #expect(moved.status == .created, "\(moved.body.string)")
            let sql = t.app.db as! any SQLDatabase
            #expect(try await LedgerInvariant(sql: sql).differences() == [])

            let zones = [
                "UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Pacific/Chatham", "Pacific/Kiritimati",
                "Pacific/Pago_Pago",
            ]
            for round in 0..<14 {
                let zone = TimeZone(identifier: zones[round % zones.count])!
                let first = Month(year: 2021 + pick(3), month: 1 + pick(12))
                let months = (0..<(1 + pick(14))).map { first.adding(months: $0) }
                let ranges = months.map { $0.range(in: zone) }
                let report = try await SpendingRepository(database: sql, userID: ana.id).net(.everything, in: ranges)
                for (range, lines) in zip(ranges, report) {
                    let fromRows = try await TotalsByBlockTests.netPerCategory(sql, ana.id, range).rows
                    let read = lines.map {
                        "\($0.categoryID ?? 0) \($0.money.currency.code) \($0.money.minorUnits) \($0.count)"
                    }
                    #expect(read.sorted() == fromRows, "\(zone.identifier) \(range)")
                }

                let ends = ranges.compactMap(\.upperBound)
                let account = round % 3 == 0 ? giro.id : nil
                let balances = try await BalanceHistory(database: sql, userID: ana.id).sums(
                    before: ends, accountID: account)
                for (end, lines) in zip(ends, balances) {
                    struct Line: Decodable {
                        var account_id: Int64
                        var currency: String
                        var total: Int64
                    }
                    var rows: SQLQueryString = """
                        SELECT account_id, currency, CAST(SUM(amount_minor) AS BIGINT) AS total FROM transactions
                        WHERE user_id = \(bind: ana.id) AND kind IS NULL AND booked_at < \(bind: end)
                        """
                    if let account { rows += " AND account_id = \(bind: account)" }
                    let expected = try await sql.raw(rows + " GROUP BY account_id, currency").all(decoding: Line.self)
                        .filter { $0.total != 0 }.map { "\($0.account_id) \($0.currency) \($0.total)" }
                    let read = lines.map { "\($0.accountID) \($0.money.currency.code) \($0.money.minorUnits)" }
                    #expect(read.sorted() == expected.sorted(), "\(zone.identifier) before \(end)")
                }
            }
        }
    }
}
