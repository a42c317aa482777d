import BillfoldCore
import BillfoldImport
import BillfoldServer
import Foundation
import Synchronization
import Testing

@Suite("Book export")
struct BookExportTests {
    @Test(
        "pages through every transaction oldest first, equal times included, and balances each one",
        arguments: TestDatabase.all)
    func everyPage(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            // More than two pages, many sharing a booking time, so the keyset's tie on id matters.
            var rows: [NewTransaction] = []
            for index in 0..<12_345 {
                let minute = index / 7
                rows.append(
                    spend(
                        "Payee \(index)", "-1.00",
                        at: String(
                            format: "2026-03-%02dT%02d:%02d:00Z", 1 + minute / 1440, minute / 60 % 24, minute % 60)
                    ))
            }
            try await t.add(ana, rows)
            let text = Mutex("")
            let written = try await BookExport(
                database: t.app.db, user: ana.user, rates: .empty, today: Day(year: 2026, month: 3, day: 31)
            ).write(.hledger) { piece in
                text.withLock { $0 += piece }
            }
            #expect(written == 12_345)
            let journal = text.withLock { $0 }
            let payees = journal.split(separator: "\n").filter { $0.hasPrefix("2026-") }
            #expect(payees.count == 12_345)
            #expect(Set(payees.map { $0.split(separator: " ").last ?? "" }).count == 12_345, "each once")
            let days = payees.map { $0.prefix(10) }
            #expect(days == days.sorted() && days.first == "2026-03-01" && days.last == "2026-03-02", "oldest first")
            #expect(journal.components(separatedBy: "expenses:uncategorized  1.00 EUR").count - 1 == 12_345)
        }
    }
}
