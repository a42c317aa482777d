import BillfoldAPI
import BillfoldCore
import Foundation
import Testing
import VaporTesting

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
}
