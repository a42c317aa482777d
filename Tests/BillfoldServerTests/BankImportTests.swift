import BillfoldCore
import BillfoldImport
import BillfoldServer
import BillfoldStore
import Foundation
import Synchronization
import Testing

@Suite("Bank file import")
struct BankImportTests {
    static let own = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/banks")

    static func file(_ name: String) throws -> Data { try Data(contentsOf: own.appendingPathComponent(name)) }

    @Test(
        "a CSV into a new account: the dry run writes nothing; the import adds all; again adds nothing; an overlapping statement adds only the new rows; undo removes exactly its own",
        arguments: TestDatabase.all)
    func csvLifecycle(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com", timeZone: "Europe/Berlin")
            let importer = BankImport(database: t.app.db, user: ana.user, clock: t.app.wallClock)
            let first = BankImportRequest(
                fileName: "january.csv", data: try Self.file("latin1-semicolon.csv"), account: "Girokonto")
            let plan = try await importer.plan(first)
            #expect(plan.summary == "4 new, 0 already imported")
            #expect(plan.parts.map(\.account) == ["Girokonto"] && plan.parts[0].isNew)
            #expect(try await t.transactions(ana).count() == 0, "a dry run writes nothing")
            #expect(try await AccountRepository(database: t.app.db, userID: ana.id).all().isEmpty)

            let done = try await importer.run(first)
            #expect(done.added == 4 && done.skipped == 0 && done.accounts == ["Girokonto"])
            let again = try await importer.run(first)
            #expect(again.added == 0 && again.skipped == 4)
            #expect(try await importer.plan(first).summary == "0 new, 4 already imported")

            // February's statement repeats the last day of January and adds one row.
            let february =
                "Buchungstag;Empfänger;Verwendungszweck;Betrag (EUR)\n03.01.2024;Café;Kaffee;-2,50\n03.01.2024;Café;Kaffee;-2,50\n04.01.2024;Kino;Film;-11,00\n"
            let next = try await importer.run(
                BankImportRequest(fileName: "february.csv", data: Data(february.utf8), account: "girokonto"))
            #expect(next.added == 1 && next.skipped == 2 && next.accounts == ["Girokonto"])
            #expect(try await t.transactions(ana).count() == 5)
            let totals = try await t.transactions(ana).totals(TransactionQuery.everything)
            #expect(totals.map(\.money) == [Money(minorUnits: 250_000 - 320 - 500 - 1100, currency: .eur)])

            let records = try await importer.imports()
            #expect(records.map(\.fileName) == ["february.csv", "january.csv", "january.csv"])
            #expect(records.map(\.added) == [1, 0, 4])
            #expect(try await importer.undo(records[2].id) == 4)
            #expect(try await t.transactions(ana).count() == 1)
            let left = try await t.transactions(ana).totals(TransactionQuery.everything)
            #expect(left.map(\.money) == [Money(minorUnits: -1100, currency: .eur)], "the per-day sums follow")
            await #expect(throws: BillfoldError.self) { try await importer.undo(records[2].id) }
            // Another person cannot undo (or see) it.
            let bob = try await t.person("bob@example.com")
            await #expect(throws: BillfoldError.self) {
                try await BankImport(database: t.app.db, user: bob.user, clock: t.app.wallClock).undo(records[0].id)
            }
            #expect(try await BankImport(database: t.app.db, user: bob.user, clock: t.app.wallClock).imports().isEmpty)
        }
    }

    @Test(
        "statements of one account in one file (daily CAMT statements) overlap like a statement imported again: what they share is added once",
        arguments: TestDatabase.all)
    func statementsOfOneAccount(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let importer = BankImport(database: t.app.db, user: ana.user, clock: t.app.wallClock)
            let one = String(decoding: try Self.file("statement-v08.camt.xml"), as: UTF8.self)
            let statement =
                try #require(one.range(of: "<Stmt>")).lowerBound..<(try #require(one.range(of: "</Stmt>")).upperBound)
            // The next day's statement repeats the salary and adds a fee.
            let next = String(one[statement]).replacingOccurrences(of: "<Id>S1</Id>", with: "<Id>S2</Id>")
                .replacingOccurrences(of: "REF-1", with: "REF-3").replacingOccurrences(of: "55.20", with: "4.50")
            // And the third day's repeats that fee and brings another salary.
            let third = next.replacingOccurrences(of: "<Id>S2</Id>", with: "<Id>S3</Id>")
                .replacingOccurrences(of: "REF-2", with: "REF-4")
            let all = one.replacingOccurrences(of: "</Stmt>", with: "</Stmt>\n" + next + "\n" + third)
            let request = BankImportRequest(fileName: "daily.xml", data: Data(all.utf8), account: "Giro")
            let plan = try await importer.plan(request)
            #expect(plan.parts.count == 1 && plan.summary.hasPrefix("4 new, 2 already imported"), "\(plan.summary)")
            let done = try await importer.run(request)
            #expect(done.added == 4 && done.accounts == ["Giro"])
            #expect(try await importer.run(request).added == 0, "and again adds nothing")
            let totals = try await t.transactions(ana).totals(.everything)
            #expect(totals.map(\.money) == [Money(minorUnits: 2 * 210_000 - 5520 - 450, currency: .eur)])
        }
    }

    @Test(
        "a QIF with registers before its first !Account: the account chosen takes those, the named account its own",
        arguments: TestDatabase.all)
    func qifMixedAccounts(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let importer = BankImport(database: t.app.db, user: ana.user, clock: t.app.wallClock)
            let qif =
                "!Type:Bank\nD01/05/2024\nT-10.00\nPBakery\n^\n!Account\nNVisa\nTCCard\n^\n!Type:CCard\n"
                + "D01/06/2024\nT-20.00\nPShop\n^\n"
            let without = BankImportRequest(
                fileName: "mixed.qif", data: Data(qif.utf8), options: BankFileOptions(currency: .usd))
            await #expect(throws: BillfoldError.self, "the unnamed register needs an account") {
                try await importer.plan(without)
            }
            var request = without
            request.account = "Checking"
            let done = try await importer.run(request)
            #expect(done.added == 2 && Set(done.accounts) == ["Checking", "Visa"], "\(done.accounts)")
        }
    }

    @Test(
        "a file bigger than one bulk statement and one key lookup goes in whole, with its sums and its progress, and again adds nothing",
        arguments: TestDatabase.all)
    func bigFile(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let importer = BankImport(database: t.app.db, user: ana.user, clock: t.app.wallClock)
            // 45,000 rows: three bulk statements on SQLite, nine key lookups when imported again.
            var csv = "Date,Payee,Amount\n"
            for index in 0..<45_000 {
                csv += String(
                    format: "2024-%02d-%02d,Shop %d,-1.%d0\n", index % 12 + 1, index % 28 + 1, index % 97, index % 10)
            }
            let request = BankImportRequest(
                fileName: "big.csv", data: Data(csv.utf8), options: BankFileOptions(currency: .eur), account: "Giro")
            let heard = Mutex<[Int]>([])
            let done = try await importer.run(request) { written, total in
                #expect(total == 45_000)
                heard.withLock { $0.append(written) }
            }
            #expect(done.added == 45_000)
            let progress = heard.withLock { $0 }
            #expect(progress == progress.sorted() && progress.last == 45_000 && progress.count > 1, "\(progress)")
            let cents = (0..<45_000).reduce(Int64(0)) { $0 - 100 - Int64($1 % 10) * 10 }
            let totals = try await t.transactions(ana).totals(.everything)
            #expect(totals.map(\.money) == [Money(minorUnits: cents, currency: .eur)])
            #expect(try await t.transactions(ana).count() == 45_000)
            let again = try await importer.run(request)
            #expect(again.added == 0 && again.skipped == 45_000)
        }
    }

    @Test(
        "OFX and CAMT make an account per statement; unreadable rows refuse the file unless left out",
        arguments: TestDatabase.all)
    func accountsAndRefusals(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let importer = BankImport(database: t.app.db, user: ana.user, clock: t.app.wallClock)
            let ofx = try await importer.run(
                BankImportRequest(fileName: "statement.ofx", data: try Self.file("statement-v2.ofx")))
            #expect(ofx.accounts == ["Savings DE89370400440532013000"] && ofx.added == 2)
            let camt = try await importer.run(
                BankImportRequest(fileName: "camt.xml", data: try Self.file("statement-v08.camt.xml")))
            #expect(camt.accounts == ["Account AT611904300234573201"] && camt.added == 2)

            let broken = Data("Date;Payee;Amount\n2024-01-02;A;-1,00\n2024-02-31;B;-2,00\n".utf8)
            let request = BankImportRequest(
                fileName: "broken.csv", data: broken, options: BankFileOptions(currency: .eur), account: "Cash box")
            do {
                _ = try await importer.run(request)
                Issue.record("a file with an unreadable row was imported")
            } catch let error as BillfoldError {
                #expect(error.message.hasPrefix("line 3: “2024-02-31” is not a date: there is no such day."))
            }
            #expect(try await t.transactions(ana).count() == 4, "nothing of it was written")
            var leaveOut = request
            leaveOut.skipUnreadable = true
            #expect(try await importer.run(leaveOut).added == 1)
            #expect(try await importer.imports().first?.unreadable == 1)

            // An existing account in another currency is refused with the row at fault.
            await #expect(throws: BillfoldError.self) {
                try await importer.run(
                    BankImportRequest(
                        fileName: "usd.csv", data: try Self.file("debit-credit-us.csv"), account: "Cash box"))
            }
        }
    }
}
