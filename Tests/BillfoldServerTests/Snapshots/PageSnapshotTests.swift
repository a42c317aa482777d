import BillfoldAPI
import BillfoldCore
import Foundation
import SnapshotTesting
import Testing

@testable import BillfoldServer

/// The main pages' HTML, drawn from fixed models in a fixed context, compared with the copies in
/// `__Snapshots__`. A change to a page shows up here as a readable diff; when it is intended,
/// run with `SNAPSHOT_TESTING_RECORD=failed` and commit the new copies. The browser tests check
/// what the pages do; these pin what they say.
@Suite("Page snapshots")
struct PageSnapshotTests {
    static let ana = User(
        id: 1, email: "ana@example.com", name: "Ana",
        preferences: Preferences(locale: "de-DE", timeZone: "Europe/Berlin", currency: .eur, deckSize: 20),
        createdAt: 1_767_225_600)
    static var format: DisplayFormat { ana.preferences.format }

    static func context(_ user: User? = ana, notice: String? = nil) -> PageContext {
        // No assets loaded: links carry `?v=0`, so a stylesheet change does not touch every snapshot.
        PageContext(user: user, csrfToken: "csrf-token-for-tests", assets: Assets(files: [:]), notice: notice)
    }

    /// One tag per line, so a diff points at the element that changed.
    static var html: Snapshotting<String, String> {
        Snapshotting<String, String>.lines.pullback { (html: String) in
            html.replacingOccurrences(of: "><", with: ">\n<")
        }
    }

    static let categories = CategoryTree([
        Category(id: 1, name: "Food", isGroup: true, colour: "#2e7d32"),
        Category(id: 2, name: "Groceries", groupID: 1), Category(id: 3, name: "Rent", colour: "#1565c0"),
    ])

    static func transaction(_ id: Int64, _ payee: String, _ minor: Int64, day: Int, category: Int64?) throws
        -> Transaction
    {
        Transaction(
            id: id, accountID: 1, bookedAt: try BookingTime(iso8601: "2026-11-\(10 + day)T09:30:00+01:00"),
            payee: payee, originalName: payee.uppercased(), notes: id == 2 ? "Weekly shop" : "",
            money: Money(minorUnits: minor, currency: .eur), status: id == 1 ? .cleared : .uncleared,
            categoryID: category, externalID: nil, createdAt: 0, updatedAt: 0)
    }

    static func rows(listQuery: String = "") -> TransactionRows {
        TransactionRows(format: format, categories: categories, accounts: [1: "Girokonto"], listQuery: listQuery)
    }

    @Test("sign-in page, fresh and after a wrong password")
    func signIn() {
        assertSnapshot(of: SignInPage(next: "/review").drawn(Self.context(nil)).html, as: Self.html)
        let failed = SignInPage(email: "ana@example.com", error: "That email and password do not match an account.")
        let document = failed.drawn(Self.context(nil))
        #expect(document.status == .unauthorized)
        assertSnapshot(of: document.html, as: Self.html, named: "failed")
    }

    @Test("error page for a signed-in person")
    func errorPage() {
        let page = ErrorPage(status: .notFound, problem: BillfoldError(.notFound, "There is nothing at this address."))
        assertSnapshot(of: page.drawn(Self.context()).html, as: Self.html)
    }

    @Test("transactions list with a filter, totals and a next page")
    func transactionList() throws {
        let filter = TransactionFilter(status: .uncleared)
        let page = TransactionService.Page(
            transactions: [
                try Self.transaction(2, "REWE", -4_250, day: 2, category: 2),
                try Self.transaction(3, "Miete & Nebenkosten", -95_000, day: 1, category: 3),
            ],
            next: TransactionCursor(bookedAt: 1_762_000_000, id: 3),
            totals: [CurrencyTotal(money: Money(minorUnits: -99_250, currency: .eur), count: 2)],
            categories: Self.categories, query: .everything)
        let view = TransactionListPage(
            filter: filter, page: page, rows: Self.rows(listQuery: TransactionListPage.query(filter)))
        assertSnapshot(of: view.drawn(Self.context(notice: "Saved.")).html, as: Self.html)
    }

    @Test("a transaction's detail with its history")
    func transactionDetail() throws {
        let page = TransactionDetailPage(
            transaction: try Self.transaction(2, "REWE", -4_250, day: 2, category: 2), rows: Self.rows(),
            accountName: "Girokonto", back: "/transactions?status=uncleared",
            history: [
                TransactionEdit(
                    field: .status, oldValue: "uncleared", newValue: "cleared", changedAt: 1_763_000_000, source: .deck),
                TransactionEdit(
                    field: .amount, oldValue: "-24.50 EUR", newValue: "-42.50 EUR", changedAt: 1_762_900_000),
            ],
            accounts: [
                Account(id: 1, name: "bank:girokonto", displayName: "Girokonto", currency: .eur, createdAt: 0),
                Account(id: 4, name: "bank:tagesgeld", displayName: "Tagesgeld", currency: .eur, createdAt: 0),
            ], localBookedAt: "2026-11-12T09:30")
        assertSnapshot(of: page.drawn(Self.context()).html, as: Self.html)
    }

    @Test("activity: a day split across pages counts the whole day and says where the rest is; Newer and Older")
    func activityWindow() throws {
        let t = try Self.transaction(2, "REWE", -2_000, day: 1, category: 2)
        var entry = ActivityEntry(
            transactionID: 2, changedAt: t.bookedAt.epochSeconds, line: 40, source: .rule, transaction: t)
        _ = entry.take(
            field: "category", old: nil, new: "2", line: 41, transactionID: 2, changedAt: t.bookedAt.epochSeconds,
            source: .rule)
        let window = ReviewService.ActivityWindow(
            entries: [entry], hasOlder: true, hasNewer: true,
            perDay: [Day(t.bookedAt.date, in: Self.format.timeZone): 3])
        let html = ActivityPage(window: window, categories: Self.categories, format: Self.format)
            .drawn(Self.context()).html
        #expect(html.contains("3 Änderungen am"), "the person's language (German), the whole day's count")
        #expect(html.contains("1 davon auf dieser Seite; die übrigen stehen auf der neueren Seite."))
        #expect(html.contains("Von Ohne Kategorie nach Groceries umkategorisiert"), "what was done")
        #expect(html.contains("durch eine Regel"), "where it was done")
        #expect(html.contains("href=\"/transactions/2#history\""), "a link to the transaction's history")
        // The cursors are the entry's time and its newest (Newer) and oldest (Older) line.
        let at = t.bookedAt.epochSeconds
        #expect(
            html.contains("href=\"/activity?after=\(at)-41\"") && html.contains("href=\"/activity?before=\(at)-40\""))
        let alone = ReviewService.ActivityWindow(entries: [entry], hasOlder: false, hasNewer: false, perDay: [:])
        let single = ActivityPage(window: alone, categories: Self.categories, format: Self.format)
            .drawn(Self.context()).html
        #expect(!single.contains("activity-pager") && !single.contains("davon auf dieser Seite"))
    }

    @Test("the review deck page")
    func review() {
        let page = ReviewPage(
            month: Month(year: 2026, month: 11), monthName: "November 2026",
            months: [
                ReviewMonthChoice(month: "2026-11", label: "November 2026 · 3 to review", count: 3),
                ReviewMonthChoice(month: "2026-09", label: "September 2026 · 2 to review", count: 2),
            ], total: "5 to review in all, across 2 months.", categories: Self.categories)
        assertSnapshot(of: page.drawn(Self.context()).html, as: Self.html)
    }

    @Test("projects list and one project with its items")
    func projects() {
        let garden = Project(id: 7, title: "Garden", detail: "Raised beds", colour: "#2e7d32", createdAt: 1_762_000_000)
        let items = [
            Item(id: 1, projectID: 7, title: "Buy soil", priority: .high, createdAt: 1_762_000_000),
            Item(id: 2, projectID: 7, title: "Build frame", completed: true, createdAt: 1_762_000_100),
        ]
        let list = ProjectListPage(closed: false, projects: [(garden, items)])
        assertSnapshot(of: list.drawn(Self.context()).html, as: Self.html, named: "list")
        let one = ProjectPage(project: garden, items: items, sort: .default)
        assertSnapshot(of: one.drawn(Self.context()).html, as: Self.html, named: "project")
    }
}
