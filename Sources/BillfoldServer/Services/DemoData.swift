import BillfoldCore
import BillfoldStore
import FluentKit
import Foundation

/// Fills a user's books with a generated year: accounts in EUR, USD and PAYBACK points,
/// category groups with children, and `count` transactions.
public struct DemoData: Sendable {
    let database: any Database
    let user: User

    public init(database: any Database, user: User) {
        self.database = database
        self.user = user
    }

    /// Writes in chunks and reports progress after each; re-running adds nothing twice, because
    /// each generated transaction has a stable external id.
    public func generate(count: Int, now: Date = Date(), progress: (Int) -> Void = { _ in }) async throws -> Int {
        let userID = user.id
        let categories = CategoryRepository(database: database, userID: userID)
        let accounts = AccountRepository(database: database, userID: userID)
        var accountIDs: [String: Int64] = [:]
        for account in DemoBook.accounts {
            accountIDs[account.key] = try await accounts.named(
                "demo-\(account.key)", displayName: account.displayName, currency: account.currency
            ).id
        }
        var categoryIDs: [String: Int64] = [:]
        for group in DemoBook.groups {
            let look = DemoBook.looks[group.name]
            // Money coming in is income, for Lunch Money's is_income and the exports' income accounts.
            let flags = CategoryFlags(isIncome: group.name == "Income")
            let groupCategory = try await categories.forSource(
                "demo:\(group.name)", name: group.name, isGroup: true, colour: look?.colour?.rawValue ?? "",
                icon: look?.icon ?? "", description: look?.description ?? "", flags: flags)
            for child in group.children {
                let childLook = DemoBook.looks[child]
                categoryIDs[child] = try await categories.forSource(
                    "demo:\(group.name)/\(child)", name: child, groupID: groupCategory.id,
                    colour: groupCategory.colour, icon: childLook?.icon ?? "",
                    description: childLook?.description ?? "",
                    flags: flags
                ).id
            }
        }
        for name in DemoBook.standalone {
            let look = DemoBook.looks[name]
            categoryIDs[name] = try await categories.forSource(
                "demo:\(name)", name: name, colour: look?.colour?.rawValue ?? "", icon: look?.icon ?? "",
                description: look?.description ?? ""
            ).id
        }
        try await addProjects()
        let generator = DemoTransactions(
            count: count, now: now, timeZone: user.preferences.zone, categoryIDs: categoryIDs,
            accountIDs: accountIDs)
        var added = 0
        var done = 0
        let stamp = Timestamp.now()
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
        return added
    }

    /// The demo's projects and items, into books without projects (run again, none are added).
    private func addProjects() async throws {
        let projects = ProjectRepository(database: database, userID: user.id)
        guard try await projects.projects(closed: nil).isEmpty else { return }
        let now = Timestamp.now()
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
