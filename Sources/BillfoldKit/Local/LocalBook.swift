import BillfoldCore
import Foundation

/// Books in a local JSON file, for previews, demos and tests without a server. The same screens
/// run on it as on a server: it is a `TransactionSource` and a `ReviewSource`. Decisions change
/// the book in memory and, when `saving` is on, the file (written whole and atomically).
///
/// ```json
/// {"preferences": {"locale": "en-GB", "timeZone": "Europe/London", "currency": "GBP", "deckSize": 20},
///  "accounts": [{"id": 1, "name": "Current account", "currency": "GBP"}],
///  "categories": [{"id": 1, "name": "Food", "isGroup": true}, {"id": 2, "name": "Groceries", "groupId": 1}],
///  "transactions": [{"id": 1, "bookedAt": "2026-03-02T09:15:00+00:00", "payee": "Tesco",
///                    "amount": "-23.40", "currency": "GBP", "status": "uncleared", "categoryId": 2,
///                    "accountId": 1, "notes": ""}]}
/// ```
public actor LocalBook: TransactionSource, ReviewSource {
    struct File: Codable {
        struct Settings: Codable {
            var locale: String
            var timeZone: String
            var currency: String
            var deckSize: Int
        }
        struct Account: Codable {
            var id: Int64
            var name: String
            var currency: String
        }
        struct Category: Codable {
            var id: Int64
            var name: String
            var groupId: Int64?
            var isGroup: Bool?
        }
        struct Entry: Codable {
            var id: Int64
            var bookedAt: String
            var payee: String
            var amount: String
            var currency: String
            var status: TransactionStatus?
            var categoryId: Int64?
            var accountId: Int64?
            var notes: String?
        }
        var preferences: Settings?
        var accounts: [Account]?
        var categories: [Category]?
        var transactions: [Entry]
    }

    /// The book's JSON file.
    public let url: URL
    /// Decisions are written back to the file, not only kept in memory.
    public let saving: Bool
    private var file: File
    private let book: [Transaction]
    private var changed: [Int64: Transaction] = [:]

    /// Reads the book; refuses a file that is not one, naming the transaction at fault.
    public init(url: URL, saving: Bool = false) throws {
        self.url = url
        self.saving = saving
        let data = try Data(contentsOf: url)
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw ClientError(
                .unreadableAnswer,
                message: tr("kit.book.notABook", ["file": url.lastPathComponent, "reason": "\(error)"]))
        }
        self.file = file
        var read: [Transaction] = []
        for (index, entry) in file.transactions.enumerated() {
            do {
                let currency = try Currency(code: entry.currency)
                read.append(
                    Transaction(
                        id: entry.id, accountID: entry.accountId ?? 0,
                        bookedAt: try BookingTime(iso8601: entry.bookedAt),
                        payee: entry.payee, originalName: entry.payee, notes: entry.notes ?? "",
                        money: try Money(parsing: entry.amount, currency: currency), status: entry.status ?? .uncleared,
                        categoryID: entry.categoryId, externalID: nil, createdAt: 0, updatedAt: 0))
            } catch {
                throw ClientError(
                    .unreadableAnswer,
                    message: tr(
                        "kit.book.transactionUnreadable",
                        ["index": String(index), "file": url.lastPathComponent, "reason": error.message]))
            }
        }
        book = read
    }

    private var transactions: [Transaction] { book.map { changed[$0.id] ?? $0 } }
    private var zone: TimeZone { TimeZone(identifier: file.preferences?.timeZone ?? "UTC") ?? .gmt }

    /// The file's preferences, or the standard ones when it has none.
    public func preferences() async throws(ClientError) -> Preferences {
        guard let settings = file.preferences else { return .standard }
        return Preferences(
            locale: settings.locale, timeZone: settings.timeZone,
            currency: (try? Currency(code: settings.currency)) ?? .eur, deckSize: settings.deckSize)
    }

    /// The file's categories; none when it lists none.
    public func categories() async throws(ClientError) -> CategoryTree {
        CategoryTree(
            (file.categories ?? []).map {
                Category(id: $0.id, name: $0.name, groupID: $0.groupId, isGroup: $0.isGroup ?? false)
            })
    }

    /// The file's account names by id.
    public func accountNames() async throws(ClientError) -> [Int64: String] {
        Dictionary((file.accounts ?? []).map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    /// Newest first; the cursor is how many rows came before.
    public func page(_ filter: TransactionFilter, after cursor: String?, limit: Int) async throws(ClientError)
        -> TransactionPage
    {
        let tree = try await categories()
        let matching = transactions.filter { matches($0, filter, tree) }.sorted {
            ($0.bookedAt.epochSeconds, $0.id) > ($1.bookedAt.epochSeconds, $1.id)
        }
        let start = cursor.flatMap(Int.init) ?? 0
        let rows = Array(matching.dropFirst(start).prefix(limit))
        let next = start + rows.count < matching.count ? String(start + rows.count) : nil
        let totals = CurrencyTotal.merge(matching.map { CurrencyTotal(money: $0.money, count: 1) })
        return TransactionPage(transactions: rows, nextCursor: next, totals: totals)
    }

    private func matches(_ t: Transaction, _ filter: TransactionFilter, _ tree: CategoryTree) -> Bool {
        if filter.uncategorized, t.categoryID != nil { return false }
        if let id = filter.categoryID, !tree.idsMatching(id).contains(t.categoryID ?? -1) { return false }
        if let status = filter.status, t.status != status { return false }
        let day = Day(t.bookedAt.date, in: zone)
        if let from = filter.from, day < from { return false }
        if let to = filter.to, day > to { return false }
        if let text = filter.text?.lowercased(), !t.payee.lowercased().contains(text),
            !t.notes.lowercased().contains(text)
        {
            return false
        }
        return true
    }

    /// A month's oldest uncleared transactions, at most `limit`; the current month when nil.
    public func cards(month: Month?, limit: Int) async throws(ClientError) -> ReviewCards {
        let month = month ?? Month(Date(), in: zone)
        let range = month.range(in: zone)
        let uncleared = oldestUncleared(in: range)
        return ReviewCards(month: month, cards: Array(uncleared.prefix(limit)), remaining: uncleared.count)
    }

    private func oldestUncleared(in range: InstantRange) -> [Transaction] {
        transactions.filter { $0.status == .uncleared && range.contains($0.bookedAt.epochSeconds) }.sorted {
            ($0.bookedAt.epochSeconds, $0.id) < ($1.bookedAt.epochSeconds, $1.id)
        }
    }

    /// Clears the transaction, moving it to the chosen category for a recategorisation, in memory and, when
    /// `saving`, in the file.
    public func apply(_ decision: ReviewDecision, key: String) async throws(ClientError) -> ReviewDeck.Outcome {
        guard var t = transactions.first(where: { $0.id == decision.transactionID }) else {
            return .failed(tr("kit.book.noSuchTransaction", ["id": String(decision.transactionID)]))
        }
        var category = t.categoryID
        if case .recategorize(let id) = decision.action { category = id }
        guard t.status != .cleared || category != t.categoryID else { return .unchanged }
        t.status = .cleared
        t.categoryID = category
        changed[t.id] = t
        if saving { try save() }
        return .applied
    }

    /// The oldest of the twelve months before this one with uncleared transactions, and how many it has.
    public func lookback() async throws(ClientError) -> (month: Month, count: Int)? {
        let span = Month(Date(), in: zone).twelveMonthsBefore(in: zone)
        guard let oldest = oldestUncleared(in: span).first else { return nil }
        let month = Month(oldest.bookedAt.date, in: zone)
        return (month, oldestUncleared(in: month.range(in: zone)).count)
    }

    private func save() throws(ClientError) {
        for index in file.transactions.indices {
            guard let t = changed[file.transactions[index].id] else { continue }
            file.transactions[index].status = t.status
            file.transactions[index].categoryId = t.categoryID
        }
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try AtomicFile.write(try encoder.encode(file), to: url, permissions: 0o644)
        } catch {
            throw ClientError(.unreadableAnswer, message: tr("kit.book.notSaved", ["reason": "\(error)"]))
        }
    }
}
