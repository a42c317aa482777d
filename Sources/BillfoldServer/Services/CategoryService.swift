import BillfoldAPI
import BillfoldCore
import BillfoldStore
import FluentKit

/// The categories feature for one user. The native API, the category-service contract and the
/// web pages all come through here, so each rule exists once.
struct CategoryService: Sendable {
    let database: any Database
    let user: User
    /// Now, for every rule here that depends on time.
    let clock: WallClock

    private var repository: CategoryRepository { CategoryRepository(database: database, userID: user.id) }

    /// Makes `StarterCategories` with the names `named` gives their keys, each once (a category
    /// of the same name already there is kept instead); how many were new.
    func addStarters(named: (String) -> String) async throws -> Int {
        let before = try await repository.tree().all.count
        for starter in StarterCategories.all {
            let flags = CategoryFlags(isIncome: starter.isIncome)
            let top = try await repository.forSource(
                "starter:" + starter.key, name: named(StarterCategories.nameKey(starter.key)),
                isGroup: !starter.children.isEmpty, colour: starter.colour?.rawValue ?? "", icon: starter.icon,
                flags: flags, now: clock.seconds)
            for child in starter.children {
                _ = try await repository.forSource(
                    "starter:" + child.key, name: named(StarterCategories.nameKey(child.key)), groupID: top.id,
                    colour: top.colour, icon: child.icon, flags: flags, now: clock.seconds)
            }
        }
        return try await repository.tree().all.count - before
    }

    /// All the user's categories, groups with their children.
    func tree() async throws -> CategoryTree { try await repository.tree() }

    /// How many transactions each category holds.
    func transactionCounts() async throws -> [Int64: Int] { try await repository.transactionCounts() }

    /// True when the user has this category.
    func exists(_ id: Int64) async throws -> Bool { try await repository.find(id) != nil }

    func listing(search: String = "", sort: CategorySort = .name) async throws -> CategoryListing {
        CategoryListing(try await repository.usage(), search: search, sort: sort)
    }

    /// One category with its usage, and a group's children; another user's answers like a
    /// missing one.
    func get(_ id: Int64) async throws -> (usage: CategoryUsage, children: [CategoryUsage]) {
        let all = try await repository.usage()
        guard let usage = all.first(where: { $0.category.id == id }) else { throw BillfoldError.notFound(.category) }
        let children = all.filter { $0.category.groupID == id }
        return (usage, CategoryListing.sorted(children, by: .name))
    }

    func create(_ draft: CategoryDraft) async throws -> Category {
        let valid = try draft.validated(in: try await repository.tree())
        do {
            return try await repository.create(valid, now: clock.seconds)
        } catch {
            // Another request took the name between the check and the write: the unique index
            // refused it, and the check now says so in words.
            _ = try valid.validated(in: try await repository.tree())
            throw error
        }
    }

    /// Applies `change` to the category's current fields, checks the result, and saves it.
    func update(_ id: Int64, _ change: (CategoryDraft) -> CategoryDraft) async throws -> Category {
        let tree = try await repository.tree()
        guard let current = tree.category(id) else { throw BillfoldError.notFound(.category) }
        let valid = try change(CategoryDraft(current)).validated(in: tree, editing: id)
        do {
            guard let updated = try await repository.update(id, valid, now: clock.seconds) else {
                throw BillfoldError.notFound(.category)
            }
            return updated
        } catch let error as BillfoldError {
            throw error
        } catch {
            _ = try valid.validated(in: try await repository.tree(), editing: id)
            throw error
        }
    }

    /// What a deletion would do, without doing it: the confirmation shows this.
    func plan(_ deletion: CategoryDeletion) async throws -> CategoryDeletion.Plan {
        async let tree = repository.tree()
        let counts = try await repository.transactionCounts()
        return try deletion.plan(in: try await tree, transactionCounts: counts)
    }

    /// Carries out a deletion in one database transaction. The transactions it moves that came
    /// from a connected Lunch Money go to the outbox first, with their new category.
    /// Deletes as planned: the transactions move, and the rules that set a deleted category are
    /// switched off (kept, never lost; the person is told how many).
    func delete(_ deletion: CategoryDeletion) async throws
        -> (plan: CategoryDeletion.Plan, moved: Int, rulesSwitchedOff: Int)
    {
        let plan = try await plan(deletion)
        let userID = user.id
        let (moved, off) = try await database.transaction { db in
            let now = clock.seconds
            try await LunchMoneySyncRepository(database: db, userID: userID).enqueueMoves(
                from: plan.deleted, to: plan.destination.categoryID, now: now)
            let off = try await RuleRepository(database: db, userID: userID).switchOff(
                settingAnyOf: Set(plan.deleted), now: now)
            return (try await CategoryRepository(database: db, userID: userID).delete(plan, now: now), off.count)
        }
        return (plan, moved, off)
    }
}
