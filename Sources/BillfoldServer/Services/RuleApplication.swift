import BillfoldCore
import BillfoldStore
import FluentKit

/// Rules applied to transactions already there: what they would change (the preview), changing
/// it in one database transaction recorded as one run, and undoing a run. Also how rows a Lunch
/// Money pull brought get the person's rules: as changes, so they go back to Lunch Money.
struct RuleApplication: Sendable {
    let database: any Database
    let userID: Int64
    let clock: WallClock

    /// One transaction the rules change.
    struct Change: Sendable {
        var transaction: Transaction
        var before: RuleOutcome
        var after: RuleOutcome
        var matched: [Int64]
    }

    /// What a run would do: every change, and the money it moves between categories.
    struct Preview: Sendable {
        var changes: [Change]
        var moves: [CategoryMove]
    }

    /// Money leaving one category (or none) for another, in one currency.
    struct CategoryMove: Sendable, Hashable {
        var from: Int64?
        var to: Int64?
        var currency: Currency
        var minorUnits: Int64
        var count: Int
    }

    /// How many transactions are read at a time on the walk over the person's books.
    static let pageSize = 2000

    /// What `book` would change among the person's counted transactions (a split's parts, not the
    /// split; a group's members, not the group; transfers never), or among `ids` only.
    func preview(_ book: RuleBook, among ids: [Int64]? = nil) async throws -> Preview {
        try await preview(book, among: ids, on: database)
    }

    private func preview(_ book: RuleBook, among ids: [Int64]?, on db: any Database) async throws -> Preview {
        guard !book.isEmpty else { return Preview(changes: [], moves: []) }
        let ledger = TransactionRepository(database: db, userID: userID)
        let tags = TagRepository(database: db, userID: userID)
        var texts = RuleTexts()
        var found: [(id: Int64, bookedAt: Int64, before: RuleOutcome, after: RuleOutcome, matched: [Int64])] = []
        func consider(_ page: [RuleRow]) async throws {
            // A walk over a million rows reads their tags only when a rule may add one.
            let tagged = book.addsTags ? try await tags.tags(of: page.map(\.id)) : [:]
            for row in page {
                var subject = row.subject
                subject.tagIDs = tagged[row.id]?.map(\.id) ?? []
                let (after, matched) = book.apply(to: subject, texts: &texts)
                let (before, changed) = (RuleOutcome(subject), RuleOutcome(after))
                if before != changed { found.append((row.id, row.bookedAt, before, changed, matched)) }
            }
        }
        // Whole rows already read (the rows a pull brought), not read again below.
        var known: [Int64: Transaction] = [:]
        if let ids {
            for chunk in ids.chunked(Self.pageSize) {
                let counted = try await ledger.find(Array(chunk)).filter { $0.kind == nil && $0.transferID == nil }
                for transaction in counted { known[transaction.id] = transaction }
                try await consider(
                    counted.map {
                        RuleRow(id: $0.id, bookedAt: $0.bookedAt.epochSeconds, subject: RuleSubject($0, tagIDs: []))
                    })
            }
        } else {
            // The next page is read while this one is weighed.
            var page = try await ledger.ruleRows(after: nil, limit: Self.pageSize)
            while !page.isEmpty {
                let last = page.count == Self.pageSize ? page.last?.id : nil
                async let following = Self.rows(of: ledger, after: last)
                try await consider(page)
                page = try await following
            }
        }
        // Newest first, as the list shows them; the whole rows of those that change only: what
        // the preview shows and the writes compare.
        found.sort { ($0.bookedAt, $0.id) > ($1.bookedAt, $1.id) }
        var changes: [Change] = []
        for chunk in found.chunked(Self.pageSize) {
            let unread = chunk.map(\.id).filter { known[$0] == nil }
            for transaction in try await ledger.find(unread) { known[transaction.id] = transaction }
            for change in chunk {
                guard let transaction = known[change.id] else { continue }
                changes.append(
                    Change(
                        transaction: transaction, before: change.before, after: change.after, matched: change.matched))
            }
        }
        return Preview(changes: changes, moves: Self.moves(changes))
    }

    /// The walk's page after the row with id `after`; none after the last page.
    private static func rows(of ledger: TransactionRepository, after: Int64?) async throws -> [RuleRow] {
        guard let after else { return [] }
        return try await ledger.ruleRows(after: after, limit: pageSize)
    }

    static func moves(_ changes: [Change]) -> [CategoryMove] {
        struct Key: Hashable {
            var from: Int64?
            var to: Int64?
            var currency: Currency
        }
        var sums: [Key: (Int64, Int)] = [:]
        for change in changes where change.before.categoryID != change.after.categoryID {
            let key = Key(
                from: change.before.categoryID, to: change.after.categoryID, currency: change.transaction.money.currency
            )
            let (sum, count) = sums[key] ?? (0, 0)
            // A sum of real amounts: at most a few million rows of at most 10^15 each.
            sums[key] = (sum &+ change.transaction.money.minorUnits, count + 1)
        }
        return sums.map {
            CategoryMove(
                from: $0.key.from, to: $0.key.to, currency: $0.key.currency, minorUnits: $0.value.0, count: $0.value.1)
        }.sorted { ($0.count, $0.currency.code) > ($1.count, $1.currency.code) }
    }

    /// Makes the changes `book` finds, in one database transaction, recorded as one run that can
    /// be undone; the run's id (nil when nothing changed) and how many transactions changed.
    func apply(_ book: RuleBook) async throws -> (runID: Int64?, changed: Int) {
        let now = clock.seconds
        return try await database.transaction { db in
            let found = try await preview(book, among: nil, on: db).changes
            // A row changed by someone else since the walk read it is left out, and not recorded.
            let written = try await write(found, on: db)
            let changes = found.filter { written.contains($0.transaction.id) }
            guard !changes.isEmpty else { return (nil, 0) }
            let runID = try await RuleRunRepository(database: db, userID: userID).record(
                changes.map { .init(transactionID: $0.transaction.id, before: $0.before, after: $0.after) }, now: now)
            return (runID, changes.count)
        }
    }

    /// Runs the person's rules on rows just brought in as another ledger has them (a Lunch Money
    /// pull), inside the caller's database transaction; the changes go back to that ledger.
    func runOnArrived(_ ids: [Int64], on db: any Database) async throws {
        guard !ids.isEmpty else { return }
        let book = try await RuleRepository(database: db, userID: userID).book()
        guard !book.isEmpty else { return }
        _ = try await write(try await preview(book, among: ids, on: db).changes, on: db)
    }

    /// Makes the changes, a page at a time (a run over a million rows holds one page's edits, not
    /// all of them); the ids of the transactions that changed.
    private func write(_ changes: [Change], on db: any Database) async throws -> Set<Int64> {
        let tags = TagRepository(database: db, userID: userID)
        let editor = TransactionEditor(database: db, userID: userID, clock: clock)
        var counts: [Int64: Int] = [:]
        var written: Set<Int64> = []
        for page in changes.chunked(Self.pageSize) {
            var edits: [(old: Transaction, change: TransactionChange)] = []
            for change in page {
                let edit = change.before.change(to: change.after)
                if !edit.isEmpty { edits.append((change.transaction, edit)) }
                if change.after.tagIDs != change.before.tagIDs {
                    try await tags.set(change.after.tagIDs, on: change.transaction.id)
                    written.insert(change.transaction.id)
                }
            }
            written.formUnion(try await editor.applyMany(edits, from: .rule))
        }
        for change in changes where written.contains(change.transaction.id) {
            for rule in change.matched { counts[rule, default: 0] += 1 }
        }
        try await RuleRepository(database: db, userID: userID).countMatches(counts)
        return written
    }

    /// Puts back what a run changed, where the transaction still holds what the run wrote (what
    /// the person changed since is theirs); how many transactions changed back.
    func undo(_ runID: Int64) async throws -> Int {
        let runs = RuleRunRepository(database: database, userID: userID)
        guard try await runs.find(runID) != nil else { throw BillfoldError.notFound(.rule) }
        return try await database.transaction { db in
            let runs = RuleRunRepository(database: db, userID: userID)
            guard try await runs.markUndone(runID, now: clock.seconds) else {
                throw BillfoldError(.conflict, Phrase("error.service.rules.alreadyUndone"))
            }
            let lines = try await runs.lines(of: runID)
            let ledger = TransactionRepository(database: db, userID: userID)
            let tags = TagRepository(database: db, userID: userID)
            let editor = TransactionEditor(database: db, userID: userID, clock: clock)
            // A category deleted since is not put back (its transactions moved with it).
            let categories = Set(try await CategoryRepository(database: db, userID: userID).tree().all.map(\.id))
            var undone: Set<Int64> = []
            for chunk in lines.chunked(Self.pageSize) {
                let found = Dictionary(
                    try await ledger.find(chunk.map(\.transactionID)).map { ($0.id, $0) },
                    uniquingKeysWith: { a, _ in a })
                // Tags are read only when the run changed some.
                let tagging = chunk.contains { $0.after.tagIDs != $0.before.tagIDs }
                let tagged = tagging ? try await tags.tags(of: Array(found.keys)) : [:]
                var edits: [(old: Transaction, change: TransactionChange)] = []
                for line in chunk {
                    guard let transaction = found[line.transactionID] else { continue }
                    let tagIDs = (tagged[transaction.id] ?? []).map(\.id)
                    let now = RuleOutcome(RuleSubject(transaction, tagIDs: tagIDs))
                    var change = line.after.undo(to: line.before, now: now)
                    if case .some(.some(let id)) = change.categoryID, !categories.contains(id) {
                        change.categoryID = nil
                        change.categorySource = nil
                    }
                    let tagsBack =
                        tagging && line.after.tagIDs != line.before.tagIDs && now.tagIDs == line.after.tagIDs
                    if !change.isEmpty { edits.append((transaction, change)) }
                    if tagsBack {
                        try await tags.set(line.before.tagIDs, on: transaction.id)
                        undone.insert(transaction.id)
                    }
                }
                undone.formUnion(try await editor.applyMany(edits, from: .ruleUndone))
            }
            return undone.count
        }
    }
}
