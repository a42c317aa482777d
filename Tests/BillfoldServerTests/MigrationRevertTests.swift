import BillfoldAPI
import BillfoldCore
import Foundation
import Testing
import VaporTesting

@testable import BillfoldStore

/// Every migration can be taken back and applied again over a book with rows in it, and the
/// book answers the same afterwards (the sums and search indexes rebuilt from the rows).
@Suite("Migrations revert and apply again")
struct MigrationRevertTests {
    @Test("revert every migration, apply them again, search and totals still answer", arguments: TestDatabase.all)
    func roundTrip(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            try await t.app.autoRevert()
            try await t.app.autoMigrate()
            let ana = try await t.person("ana@example.com")
            try await t.add(ana, [spend("REWE Markt", "-12.00", notes: "Wocheneinkauf"), spend("Kiosk", "-2.00")])
            let list = try await t.get(TransactionListResponse.self, "/api/v1/transactions?q=einkauf", as: ana)
            #expect(list.transactions.map(\.payee) == ["REWE Markt"])
            #expect(list.totals == [TotalDTO(currency: "EUR", amount: "-12.00", count: 1)])
        }
    }

    @Test("the spent sums are filled from the rows a book already has", arguments: TestDatabase.all)
    func spentFilled(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let food = try await t.categories(ana).forSource("t:f", name: "Food", now: Timestamp.now())
            try await t.add(
                ana,
                [
                    spend("REWE", "-12.00", at: "2026-03-02T10:00:00Z", category: food.id),
                    spend("Refund", "5.00", at: "2026-03-02T11:00:00Z", category: food.id),
                    spend("Kiosk", "-2.50", at: "2026-03-03T10:00:00Z"),
                    spend("Salary", "900", at: "2026-03-03T12:00:00Z"),
                ])
            let march = InstantRange(lowerBound: 1_772_323_200, upperBound: 1_775_001_600)
            let before = try await SpendingRepository(database: t.app.db.sql, userID: ana.id).spent(in: march)
            let migration = M044AddSpentSums()
            // On one connection: another's schema, read before the revert, would still hold the columns.
            // The later index on the sums (M048) names the columns: off first, back on last.
            try await t.app.db.withConnection { connection in
                try await M048CoverDaySums().revert(on: connection)
                try await migration.revert(on: connection)
                try await migration.prepare(on: connection)
                try await M048CoverDaySums().prepare(on: connection)
            }
            #expect(try await LedgerInvariant(sql: t.app.db.sql).differences() == [])
            let after = try await SpendingRepository(database: t.app.db.sql, userID: ana.id).spent(in: march)
            #expect(after == before)
            // What was spent, without income, the uncategorised first, in the same order every time.
            #expect(after.map(\.categoryID) == [nil, food.id])
            #expect(after.map(\.money.minorUnits) == [-250, -1200])
        }
    }

    @Test(
        "the month sums are filled from the day sums a book already has, and follow them after",
        arguments: TestDatabase.all)
    func monthsFilled(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            try await t.add(
                ana,
                [
                    spend("REWE", "-12.00", at: "2026-01-31T23:30:00Z"),
                    spend("Kiosk", "-2.50", at: "2026-02-01T00:30:00Z"),
                    spend("Salary", "900", at: "2026-03-03T12:00:00Z"),
                    // In year 10000 in UTC: SQLite's calendar functions know no such year.
                    spend("Last", "-1.00", at: "9999-12-31T23:30:00-05:00"),
                ])
            try await t.app.db.withConnection { connection in
                try await M049AddTotalsByMonth().revert(on: connection)
                try await M049AddTotalsByMonth().prepare(on: connection)
            }
            #expect(try await LedgerInvariant(sql: t.app.db.sql).differences() == [])
            try await t.add(ana, [spend("Café", "-4.00", at: "2026-02-01T08:00:00Z")])
            #expect(try await LedgerInvariant(sql: t.app.db.sql).differences() == [])
            let february = try await t.get(
                MonthlyReportResponse.self, "/api/v1/reports/monthly?from=2026-02&to=2026-02", as: ana)
            #expect(february.months.map(\.spending) == ["6.50"])
        }
    }
}
