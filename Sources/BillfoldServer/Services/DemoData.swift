import BillfoldCore
import BillfoldStore
import FluentKit
import Foundation

/// Fills a user's books with a generated year: accounts in EUR, USD and PAYBACK points,
/// category groups with children, and `count` transactions.
public struct DemoData: Sendable {
    let database: any Database
    let user: User
    /// Now, for every rule here that depends on time.
    let clock: WallClock

    public init(database: any Database, user: User, clock: WallClock) {
        self.database = database
        self.user = user
        self.clock = clock
    }

    /// Writes in chunks and reports progress after each; re-running adds nothing twice, because
    /// each generated transaction has a stable external id. A `household` (`serve --demo`) also
    /// gets its accounts' opening balances, the month's transfers (cash from the machine, the card
    /// paid off, savings) and budgets, so its balances stay believable; without it the book holds
    /// exactly `count` rows (`billfold demo` for benchmarks).
    ///
    /// All of it is one database transaction: stopped partway (killed, a full disk), it leaves
    /// nothing; meanwhile the server's writes to a SQLite file wait their turn.
    public func generate(
        count: Int, household: Bool = false, progress: @escaping @Sendable (Int) -> Void = { _ in }
    ) async throws -> Int {
        let now = clock.now
        guard !database.inTransaction else {
            return try await write(count: count, household: household, now: now, progress: progress)
        }
        let user = user
        return try await database.transaction { db in
            try await DemoData(database: db, user: user, clock: clock).write(
                count: count, household: household, now: now, progress: progress)
        }
    }

    private func write(count: Int, household: Bool, now: Date, progress: (Int) -> Void) async throws -> Int {
        let userID = user.id
        let categories = CategoryRepository(database: database, userID: userID)
        let accounts = AccountRepository(database: database, userID: userID)
        var accountIDs: [String: Int64] = [:]
        for account in DemoBook.accounts {
            accountIDs[account.key] = try await accounts.named(
                "demo-\(account.key)", displayName: account.displayName, currency: account.currency, now: clock.seconds
            ).id
        }
        var categoryIDs: [String: Int64] = [:]
        for group in DemoBook.groups {
            let look = DemoBook.looks[group.name]
            // Money coming in is income, for Lunch Money's is_income and the exports' income accounts.
            let flags = CategoryFlags(isIncome: group.name == "Income")
            let groupCategory = try await categories.forSource(
                "demo:\(group.name)", name: group.name, isGroup: true, colour: look?.colour?.rawValue ?? "",
                icon: look?.icon ?? "", description: look?.description ?? "", flags: flags, now: clock.seconds)
            for child in group.children {
                let childLook = DemoBook.looks[child]
                categoryIDs[child] = try await categories.forSource(
                    "demo:\(group.name)/\(child)", name: child, groupID: groupCategory.id,
                    colour: groupCategory.colour, icon: childLook?.icon ?? "",
                    description: childLook?.description ?? "",
                    flags: flags, now: clock.seconds
                ).id
            }
        }
        for name in DemoBook.standalone {
            let look = DemoBook.looks[name]
            categoryIDs[name] = try await categories.forSource(
                "demo:\(name)", name: name, colour: look?.colour?.rawValue ?? "", icon: look?.icon ?? "",
                description: look?.description ?? "", now: clock.seconds
            ).id
        }
        try await addProjects()
        let generator = DemoTransactions(
            count: count, now: now, timeZone: user.preferences.zone, categoryIDs: categoryIDs,
            accountIDs: accountIDs)
        var added = 0
        var done = 0
        let stamp = clock.seconds
        // Into books without the demo's rows, the bulk path; otherwise each row's external id
        // decides whether it is there already.
        let fresh = try await !TransactionRepository(database: database, userID: userID)
            .hasExternalID(startingWith: "demo-")
        /// The next batch of rows, and the generator after them.
        @Sendable func take(_ generator: DemoTransactions) -> ([NewTransaction], DemoTransactions) {
            var generator = generator
            var batch: [NewTransaction] = []
            batch.reserveCapacity(10_000)
            while batch.count < 10_000, let next = generator.next() { batch.append(next) }
            return (batch, generator)
        }
        var (batch, rest) = take(generator)
        while !batch.isEmpty {
            // The next batch is made on one core while this one is written on the other.
            async let following = take(rest)
            let chunk = batch
            added += try await database.transaction { db in
                let transactions = TransactionRepository(database: db, userID: userID)
                // Each row got its account above.
                return fresh
                    ? try await transactions.append(chunk, accountID: { $0.accountID! }, now: stamp)
                    : try await transactions.insert(chunk, accountID: { $0.accountID! }, now: stamp).count
            }
            done += batch.count
            progress(done)
            (batch, rest) = await following
        }
        if household && fresh { try await addHousehold(accountIDs: accountIDs, categoryIDs: categoryIDs, now: now) }
        return added
    }

    /// Opening balances, a year of monthly transfers up to `now`, and this and the last two
    /// months' budgets.
    private func addHousehold(accountIDs: [String: Int64], categoryIDs: [String: Int64], now: Date) async throws {
        let accounts = AccountRepository(database: database, userID: user.id)
        for account in DemoBook.accounts where account.openingMinor != 0 {
            guard let id = accountIDs[account.key] else { continue }
            _ = try await accounts.update(id, openingMinor: account.openingMinor)
        }
        let zone = user.preferences.zone
        let calendar = Calendar.gregorian(in: zone)
        let month = calendar.dateInterval(of: .month, for: now)!.start  // a Gregorian month always has one
        let book = AccountBook(database: database, user: user, clock: clock)
        for monthsBack in (0..<12).reversed() {
            let first = calendar.date(byAdding: .month, value: -monthsBack, to: month)!
            for transfer in DemoBook.transfers {
                guard let date = calendar.date(byAdding: DateComponents(day: transfer.day - 1, hour: 10), to: first),
                    date < now, let fromID = accountIDs[transfer.from], let toID = accountIDs[transfer.to],
                    let from = try await accounts.find(fromID), let to = try await accounts.find(toID)
                else { continue }
                let epoch = Int64(date.timeIntervalSince1970)
                _ = try await book.transfer(
                    from: from, to: to, amount: Money(minorUnits: transfer.minor, currency: from.currency),
                    received: transfer.receivedMinor.map { Money(minorUnits: $0, currency: to.currency) },
                    bookedAt: BookingTime(epochSeconds: epoch, offsetSeconds: zone.secondsFromGMT(for: date)),
                    notes: "")
            }
        }
        let budgets = BudgetRepository(database: database.sql, userID: user.id)
        for monthsBack in 0..<3 {
            let first = Day(calendar.date(byAdding: .month, value: -monthsBack, to: month)!, in: zone)
            for (category, minor) in DemoBook.budgets {
                guard let id = categoryIDs[category] else { continue }
                try await budgets.set(
                    Money(minorUnits: minor, currency: .eur), categoryID: id, month: first.description)
            }
        }
    }

    /// The demo's projects and items, into books without projects (run again, none are added).
    private func addProjects() async throws {
        let projects = ProjectRepository(database: database, userID: user.id)
        guard try await projects.projects(closed: nil).isEmpty else { return }
        let now = clock.seconds
        try await database.transaction { db in
            let projects = ProjectRepository(database: db, userID: user.id)
            for (index, demo) in DemoBook.projects.enumerated() {
                let project = try await projects.create(
                    Project(
                        id: 0, title: demo.title, detail: demo.detail, colour: demo.colour.rawValue,
                        closed: demo.closed, createdAt: now - Int64(DemoBook.projects.count - index) * 86_400))
                for item in demo.items {
                    _ = try await projects.create(
                        Item(
                            id: 0, projectID: project.id, title: item.title, priority: item.priority,
                            completed: item.done, createdAt: now))
                }
            }
        }
    }

}
