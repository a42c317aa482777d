import BillfoldAPI
import BillfoldCore
import BillfoldStore
import FluentKit
import Foundation

/// A person's rules: kept in their order, checked against what the person has (a rule names only
/// their own categories, tags and accounts), exported and imported, and applied to existing
/// transactions (`RuleApplication`).
struct RuleService: Sendable {
    let database: any Database
    let user: User
    let clock: WallClock

    var repository: RuleRepository { RuleRepository(database: database, userID: user.id) }
    var application: RuleApplication { RuleApplication(database: database, userID: user.id, clock: clock) }

    /// The most a person keeps: enough for every merchant they know, few enough to run on every row.
    static let maxRules = 1000
    static let maxConditions = 20
    static let maxActions = 10
    static let maxName = 100

    func all() async throws -> [RuleRepository.Stored] { try await repository.all() }

    func get(_ id: Int64) async throws -> RuleRepository.Stored {
        guard let found = try await repository.find(id) else { throw BillfoldError.notFound(.rule) }
        return found
    }

    /// A rule as the person may keep it: named within limits, with at least one condition and one
    /// action, and naming only their own category (not a group), tags and accounts.
    func checked(_ rule: Rule) async throws -> Rule {
        var rule = rule
        rule.name = rule.name.trimmingCharacters(in: .whitespacesAndNewlines)
        try TextRules.check(rule.name, field: "name")
        guard TextRules.length(rule.name) <= Self.maxName else {
            throw BillfoldError.validation(
                "name", Phrase("error.service.rules.nameTooLong", ["max": String(Self.maxName)]))
        }
        guard (1...Self.maxConditions).contains(rule.conditions.count) else {
            throw BillfoldError.validation(
                "conditions", Phrase("error.service.rules.conditionCount", ["max": String(Self.maxConditions)]))
        }
        guard (1...Self.maxActions).contains(rule.actions.count) else {
            throw BillfoldError.validation(
                "actions", Phrase("error.service.rules.actionCount", ["max": String(Self.maxActions)]))
        }
        // What is kept must read back: the JSON reader's own limits (tags, notes, payee, words)
        // hold for a rule from any way in, the web form's too.
        rule.conditions = try Self.readBack(rule.conditions)
        rule.actions = try Self.readBack(rule.actions)
        let categories = CategoryRepository(database: database, userID: user.id)
        let tags = Set(try await TagRepository(database: database, userID: user.id).all().map(\.id))
        for action in rule.actions {
            switch action {
            case .setCategory(let id):
                do { _ = try await categories.assignable(id) } catch let error as BillfoldError {
                    throw BillfoldError.validation("actions", error.phrase)
                }
            case .addTags(let ids):
                if let missing = ids.first(where: { !tags.contains($0) }) {
                    throw BillfoldError.validation("actions", Phrase("error.store.noSuchTag", ["id": String(missing)]))
                }
            case .renamePayee, .appendNotes, .markCleared: break
            }
        }
        let accounts = AccountRepository(database: database, userID: user.id)
        for case .account(let id) in rule.conditions where try await accounts.find(id) == nil {
            throw BillfoldError.validation(
                "conditions", Phrase("error.service.rules.noSuchAccount", ["id": String(id)]))
        }
        return rule
    }

    /// `values` written as the store keeps them and read again, so every check of the reader runs.
    static func readBack<T: Codable>(_ values: [T]) throws -> [T] {
        do {
            return try JSONDecoder().decode([T].self, from: try JSONEncoder().encode(values))
        } catch let error as BillfoldError {
            throw error
        } catch {
            throw BillfoldError.validation("actions", Phrase("error.service.rules.actionMissing"))
        }
    }

    func create(_ rule: Rule) async throws -> RuleRepository.Stored {
        let rule = try await checked(rule)
        return try await database.transaction { db in
            let rules = RuleRepository(database: db, userID: user.id)
            guard try await rules.all().count < Self.maxRules else {
                throw BillfoldError(.conflict, Phrase("error.service.rules.tooMany", ["max": String(Self.maxRules)]))
            }
            return RuleRepository.Stored(rule: try await rules.create(rule, now: clock.seconds), matchedCount: 0)
        }
    }

    func replace(_ id: Int64, with rule: Rule) async throws -> RuleRepository.Stored {
        var rule = try await checked(rule)
        rule.id = id
        guard try await repository.update(rule, now: clock.seconds) else { throw BillfoldError.notFound(.rule) }
        return try await get(id)
    }

    /// Off needs no check (a rule whose tag went can still be switched off); on, the rule must
    /// hold again as it would to be saved.
    func setEnabled(_ id: Int64, _ enabled: Bool) async throws {
        if enabled { _ = try await checked(try await get(id).rule) }
        guard try await repository.setEnabled(id, enabled, now: clock.seconds) else {
            throw BillfoldError.notFound(.rule)
        }
    }

    func delete(_ id: Int64) async throws {
        guard try await repository.delete(id) else { throw BillfoldError.notFound(.rule) }
    }

    func reorder(_ ids: [Int64]) async throws -> [RuleRepository.Stored] {
        try await database.transaction { db in
            try await RuleRepository(database: db, userID: user.id).reorder(ids, now: clock.seconds)
        }
        return try await all()
    }

    /// The rules a run asks for: one not yet saved (checked, to test it), the saved ones with
    /// these ids, or every saved one that is on.
    func book(for request: RuleRunRequest) async throws -> RuleBook {
        if let rule = request.rule {
            var checked = try await checked(rule.rule)
            checked.isEnabled = true
            return try await repository.runnable([checked])
        }
        var rules = try await all().map(\.rule)
        if let ids = request.ruleIds {
            let wanted = Set(ids)
            if let missing = wanted.first(where: { id in !rules.contains { $0.id == id } }) {
                throw BillfoldError.validation(
                    "ruleIds", Phrase("error.service.rules.noSuchRule", ["id": String(missing)]))
            }
            rules = rules.filter { wanted.contains($0.id) }.map {
                var rule = $0
                rule.isEnabled = true
                return rule
            }
        }
        // A named rule runs though switched off; what it names that is gone, never.
        return try await repository.runnable(rules.filter(\.isEnabled))
    }

    // MARK: Files

    func export() async throws -> RulesFile {
        let rules = try await all().map(\.rule)
        let tree = try await CategoryRepository(database: database, userID: user.id).tree()
        let tags = Dictionary(
            try await TagRepository(database: database, userID: user.id).all().map { ($0.id, $0.name) },
            uniquingKeysWith: { a, _ in a })
        var categoryNames: [String: String] = [:]
        var tagNames: [String: String] = [:]
        for action in rules.flatMap(\.actions) {
            switch action {
            case .setCategory(let id): categoryNames[String(id)] = tree.category(id)?.name
            case .addTags(let ids): for id in ids { tagNames[String(id)] = tags[id] }
            case .renamePayee, .appendNotes, .markCleared: break
            }
        }
        return RulesFile(rules: rules.map(RuleRequest.init), categories: categoryNames, tags: tagNames)
    }

    /// Adds a file's rules after the person's own, in one database transaction: a category or tag
    /// is found by its name in the file (a file from another server names its own ids), a tag
    /// missing here is made, a category missing here refuses the file with its name.
    func importFile(_ file: RulesFile) async throws -> Int {
        guard file.version == 1 else {
            throw BillfoldError.validation("version", Phrase("error.service.rules.fileVersion"))
        }
        let tree = try await CategoryRepository(database: database, userID: user.id).tree()
        let byName = Dictionary(
            tree.all.filter { !$0.isGroup }.map { ($0.name.lowercased(), $0.id) }, uniquingKeysWith: { a, _ in a })
        return try await database.transaction { db in
            let service = RuleService(database: db, user: user, clock: clock)
            let tags = TagRepository(database: db, userID: user.id)
            var added = 0
            for request in file.rules {
                var rule = request.rule
                rule.actions = try await rule.actions.asyncMap { action in
                    switch action {
                    case .setCategory(let id):
                        guard let name = file.categories[String(id)] else { return action }
                        guard let here = byName[name.lowercased()] else {
                            throw BillfoldError.validation(
                                "categories", Phrase("error.service.rules.noCategoryNamed", ["name": name]))
                        }
                        return .setCategory(here)
                    case .addTags(let ids):
                        let names = ids.compactMap { file.tags[String($0)] }
                        let unnamed = ids.filter { file.tags[String($0)] == nil }
                        return .addTags(try await tags.resolve(ids: unnamed, names: names, now: clock.seconds))
                    case .renamePayee, .appendNotes, .markCleared: return action
                    }
                }
                _ = try await service.create(rule)
                added += 1
            }
            return added
        }
    }
}

extension Array {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async throws -> [T] {
        var mapped: [T] = []
        mapped.reserveCapacity(count)
        for element in self { mapped.append(try await transform(element)) }
        return mapped
    }
}
