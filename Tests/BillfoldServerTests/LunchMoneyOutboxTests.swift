import BillfoldCore
import BillfoldStore
import Foundation
import SQLKit
import Testing

@testable import BillfoldServer

/// The outbox side of the two-way sync, in the database: which changes are queued, that a later
/// change replaces an unsent one, that a pull's own changes are never sent back, that a lease
/// keeps a second sender off, and that a pull merges field by field.
@Suite("Lunch Money outbox")
struct LunchMoneyOutboxTests {
    static let rows = try! Data(
        contentsOf: LunchMoneyImportTests.fixtures.appendingPathComponent("transactions.json"))

    static func connect(_ t: TestApp, _ person: TestApp.Person) async throws {
        try await LunchMoneyConnectionRepository(database: t.app.db, userID: person.id).save(
            LunchMoneyConnection(baseURL: "https://lm.example", token: "v1:sealed", accountName: "", checkedAt: 1))
    }

    static func outbox(_ t: TestApp, _ person: TestApp.Person) async throws -> [LunchMoneyPending] {
        let ids = try await t.transactions(person).ascending(
            TransactionQuery(range: InstantRange(lowerBound: nil, upperBound: nil)), limit: 100
        ).map(\.id)
        return try await LunchMoneySyncRepository(database: t.app.db, userID: person.id).pending(ids).values
            .flatMap { $0 }
    }

    static func shop(_ t: TestApp, _ person: TestApp.Person) async throws -> Transaction {
        try #require(
            try await t.transactions(person).ascending(
                TransactionQuery(range: InstantRange(lowerBound: nil, upperBound: nil)), limit: 100
            ).first {
                $0.externalID == "lunchmoney:4100000001"
            })
    }

    /// Ana, connected, after a pull of the fixture; and its Corner Market row.
    static func connectedAfterPull(_ t: TestApp) async throws -> (TestApp.Person, Transaction) {
        let ana = try await t.person("ana@example.com")
        try await connect(t, ana)
        _ = try await LunchMoneyImport(database: t.app.db, user: ana.user, clock: t.app.wallClock).run(
            transactions: rows, categories: nil)
        return (ana, try await shop(t, ana))
    }

    @Test("a change to a pulled transaction is queued once, with its latest value", arguments: TestDatabase.all)
    func queued(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let (ana, shop) = try await Self.connectedAfterPull(t)
            let transactions = t.editor(ana)
            _ = try await transactions.apply(shop.id, TransactionChange(notes: "first"), from: .detailPage)
            _ = try await transactions.apply(
                shop.id, TransactionChange(notes: "second", status: .cleared), from: .detailPage)
            let queued = try await Self.outbox(t, ana)
            #expect(queued.count == 2)
            #expect(queued.first { $0.field == .notes }?.value == "second", "the later change replaced the first")
            #expect(queued.first { $0.field == .status }?.value == "cleared")

            // What a pull changes is Lunch Money's own: nothing goes back.
            _ = try await transactions.apply(shop.id, TransactionChange(payee: "Market"), from: .lunchMoney)
            #expect(try await Self.outbox(t, ana).count == 2)

            // One sender takes the changes; a second finds them leased.
            let outbox = LunchMoneyOutbox(database: t.app.db)
            let due = try await outbox.due(now: Timestamp.now(), limit: 10)
            #expect(due.map(\.userID) == [ana.id] && due.map(\.transactionID) == [shop.id])
            let claimed = try await outbox.claim(due[0], now: Timestamp.now(), leaseSeconds: 60)
            #expect(Set(claimed.map(\.field)) == [.notes, .status])
            #expect(try await outbox.claim(due[0], now: Timestamp.now(), leaseSeconds: 60).isEmpty)
            // A change made while they are being sent waits in a row of its own.
            _ = try await transactions.apply(shop.id, TransactionChange(notes: "third"), from: .detailPage)
            try await outbox.sent(claimed.map(\.id), lease: claimed[0].lease)
            #expect(try await Self.outbox(t, ana).map(\.value) == ["third"])

            // A sender whose lease ran out finishes late: the change made meanwhile is not lost.
            let late = try await outbox.claim(
                try await outbox.due(now: Timestamp.now(), limit: 10)[0], now: Timestamp.now(), leaseSeconds: -10)
            _ = try await transactions.apply(shop.id, TransactionChange(notes: "fourth"), from: .detailPage)
            try await outbox.sent(late.map(\.id), lease: late[0].lease)
            #expect(try await Self.outbox(t, ana).map(\.value) == ["fourth"])

            // Someone without a connection, or a transaction not from Lunch Money: nothing queued.
            let bob = try await t.person("bob@example.com")
            _ = try await LunchMoneyImport(database: t.app.db, user: bob.user, clock: t.app.wallClock).run(
                transactions: Self.rows, categories: nil)
            _ = try await t.editor(bob).apply(
                try await Self.shop(t, bob).id, TransactionChange(notes: "x"), from: .detailPage)
            #expect(try await Self.outbox(t, bob).isEmpty)
        }
    }

    @Test("a pull takes what only Lunch Money changed and holds what both changed", arguments: TestDatabase.all)
    func merged(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            try await Self.connect(t, ana)
            let importer = LunchMoneyImport(database: t.app.db, user: ana.user, clock: t.app.wallClock)
            _ = try await importer.run(transactions: Self.rows, categories: nil)
            let shop = try await Self.shop(t, ana)
            // Here the payee changes; there the notes and the status, and the payee differently.
            _ = try await t.editor(ana).apply(
                shop.id, TransactionChange(payee: "Corner Market (here)"), from: .detailPage)
            let text = String(decoding: Self.rows, as: UTF8.self)
                .replacingOccurrences(of: #""notes":"weekly shop""#, with: #""notes":"monthly shop""#)
                .replacingOccurrences(
                    of: #""payee":"Corner Market","category_id":900002"#,
                    with: #""payee":"Corner Market (there)","category_id":900002"#
                )
                .replacingOccurrences(
                    of: #""is_income":false,"status":"uncleared","notes":"monthly"#,
                    with: #""is_income":false,"status":"cleared","notes":"monthly"#)
            let outcome = try await importer.run(transactions: Data(text.utf8), categories: nil)
            #expect(outcome.added == 0 && outcome.updated == 1 && outcome.conflicts == 1)
            let after = try await Self.shop(t, ana)
            #expect(after.notes == "monthly shop" && after.status == .cleared, "taken from Lunch Money")
            #expect(after.payee == "Corner Market (here)", "a conflict is never overwritten")
            let held = try await Self.outbox(t, ana)
            #expect(held.count == 1 && held[0].state == .conflict && held[0].remoteValue == "Corner Market (there)")
            // Taking Lunch Money's value settles it.
            _ = try await LunchMoneySyncService(database: t.app.db, user: ana.user, clock: t.app.wallClock).act(
                "take:payee", on: after)
            #expect(try await Self.shop(t, ana).payee == "Corner Market (there)")
            #expect(try await Self.outbox(t, ana).isEmpty)
            // Pulling the same again changes nothing.
            let again = try await importer.run(transactions: Data(text.utf8), categories: nil)
            #expect(again.updated == 0 && again.conflicts == 0)
        }
    }

    @Test("a refused change waits for Retry, then is due again", arguments: TestDatabase.all)
    func retry(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let (ana, shop) = try await Self.connectedAfterPull(t)
            _ = try await t.editor(ana).apply(shop.id, TransactionChange(payee: ""), from: .detailPage)
            let outbox = LunchMoneyOutbox(database: t.app.db)
            let claimed = try await outbox.claim(
                try await outbox.due(now: Timestamp.now(), limit: 10)[0], now: Timestamp.now(), leaseSeconds: 60)
            try await outbox.refused(claimed.map(\.id), lease: claimed[0].lease, message: "payee is required")
            #expect(try await Self.outbox(t, ana).map(\.state) == [.refused])
            #expect(try await outbox.due(now: Timestamp.now() + 3600, limit: 10).isEmpty, "refused: not sent by itself")
            let browser = try await Browser.signedIn(t, ana)
            let page = try await browser.get("/transactions/\(shop.id)").body.string
            #expect(
                page.contains("Lunch Money refused the change to payee: payee is required") && page.contains("Retry"))
            let answer = try await browser.post("/transactions/\(shop.id)/sync", [("action", "retry")])
            #expect(answer.status == .seeOther)
            #expect(try await Self.outbox(t, ana).map(\.state) == [.waiting])
            #expect(try await outbox.due(now: Timestamp.now(), limit: 10).map(\.transactionID) == [shop.id])
            // Another person's transaction answers like a missing one.
            let bob = try await t.person("bob@example.com")
            let other = try await Browser.signedIn(t, bob)
            _ = try await other.get("/settings")
            #expect(try await other.post("/transactions/\(shop.id)/sync", [("action", "retry")]).status == .notFound)
        }
    }

    @Test("pulls by themselves on the schedule the person chose", arguments: TestDatabase.all)
    func schedule(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let browser = try await Browser.signedIn(t, ana)
            _ = try await browser.get("/settings")
            let refused = try await browser.post("/settings/lunchmoney/schedule", [("minutes", "60")])
            #expect(refused.status == .badRequest, "no connection yet")
            try await Self.connect(t, ana)
            #expect(try await browser.post("/settings/lunchmoney/schedule", [("minutes", "7")]).status == .badRequest)
            #expect(try await browser.post("/settings/lunchmoney/schedule", [("minutes", "60")]).status == .seeOther)
            let page = try await browser.get("/settings").body.string
            #expect(page.contains(#"<option value="60" selected>Every hour</option>"#))
            let now = Timestamp.now()
            func due(_ at: Int64) async throws -> [Int64] {
                try await LunchMoneyConnectionRepository.duePulls(on: t.app.db, now: at)
            }
            #expect(try await due(now) == [ana.id], "never pulled: due at once")
            try await LunchMoneyPullRepository(database: t.app.db, userID: ana.id).update(
                .init(running: false, message: "Done", failed: false), now: now)
            #expect(try await due(now + 59 * 60).isEmpty)
            #expect(try await due(now + 61 * 60) == [ana.id])
            // Off again: never due.
            #expect(try await browser.post("/settings/lunchmoney/schedule", [("minutes", "")]).status == .seeOther)
            #expect(try await due(now + 86_400).isEmpty)
        }
    }
}
