import BillfoldCore
import FluentKit
import Foundation
import SQLKit

/// One person's rules, in their order. A rule's conditions and actions are kept as the JSON Core
/// writes for them (`RuleCoding`), read and written whole.
public struct RuleRepository: Sendable {
    let database: any Database
    let sql: any SQLDatabase
    let userID: Int64

    public init(database: any Database, userID: Int64) {
        self.database = database
        self.sql = database.sql
        self.userID = userID
    }

    /// A rule with how many transactions it has matched so far.
    public struct Stored: Sendable, Hashable {
        public var rule: Rule
        public var matchedCount: Int64

        public init(rule: Rule, matchedCount: Int64) {
            self.rule = rule
            self.matchedCount = matchedCount
        }
    }

    struct Row: Decodable {
        var id: Int64
        var name: String
        var enabled: Bool
        var position: Int64
        var stops_after: Bool
        var overrides_source: Bool
        var conditions: String
        var actions: String
        var matched_count: Int64

        func stored() throws -> Stored {
            let decoder = JSONDecoder()
            let rule = Rule(
                id: id, name: name, isEnabled: enabled, position: Int(position),
                conditions: try decoder.decode([RuleCondition].self, from: Data(conditions.utf8)),
                actions: try decoder.decode([RuleAction].self, from: Data(actions.utf8)), stopsAfter: stops_after,
                overridesSource: overrides_source)
            return Stored(rule: rule, matchedCount: matched_count)
        }
    }

    private static let columns: SQLQueryString =
        "id, name, enabled, position, stops_after, overrides_source, conditions, actions, matched_count"

    /// Every rule, in the order they run.
    public func all() async throws -> [Stored] {
        try await sql.raw(
            "SELECT " + Self.columns + " FROM rules WHERE user_id = \(bind: userID) ORDER BY position, id"
        ).all(decoding: Row.self).map { try $0.stored() }
    }

    /// The rules that run, ready to run: switched on, and without actions that name a category or
    /// tag the person no longer has (a rule is switched off when its category is deleted; this
    /// keeps a write from failing on one that went another way).
    public func book() async throws -> RuleBook {
        try await runnable(try await all().map(\.rule).filter(\.isEnabled))
    }

    /// These rules ready to run, without the actions that name a category or tag the person no
    /// longer has.
    public func runnable(_ rules: [Rule]) async throws -> RuleBook {
        guard !rules.isEmpty else { return RuleBook([]) }
        struct ID: Decodable { var id: Int64 }
        let categories = Set(
            try await sql.raw(
                "SELECT id FROM categories WHERE user_id = \(bind: userID) AND is_group = \(bind: false)"
            ).all(decoding: ID.self).map(\.id))
        let tags = Set(
            try await sql.raw("SELECT id FROM tags WHERE user_id = \(bind: userID)").all(decoding: ID.self).map(\.id))
        return RuleBook(rules.map { $0.keeping(categories: categories, tags: tags) })
    }

    public func find(_ id: Int64) async throws -> Stored? {
        try await sql.raw(
            "SELECT " + Self.columns + " FROM rules WHERE user_id = \(bind: userID) AND id = \(bind: id)"
        ).first(decoding: Row.self)?.stored()
    }

    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Adds a rule after the person's last one; the rule as stored, with its id and place.
    public func create(_ rule: Rule, now: Int64) async throws -> Rule {
        struct Made: Decodable { var id: Int64 }
        struct Last: Decodable { var position: Int64? }
        let last = try await sql.raw("SELECT MAX(position) AS position FROM rules WHERE user_id = \(bind: userID)")
            .first(decoding: Last.self)?.position
        var made = rule
        made.position = Int((last ?? 0) + 1)
        let row = try await sql.raw(
            """
            INSERT INTO rules (user_id, name, enabled, position, stops_after, overrides_source, conditions, actions,
              matched_count, created_at, updated_at)
            VALUES (\(bind: userID), \(bind: rule.name), \(bind: rule.isEnabled), \(bind: Int64(made.position)),
              \(bind: rule.stopsAfter), \(bind: rule.overridesSource), \(bind: try Self.json(rule.conditions)),
              \(bind: try Self.json(rule.actions)), 0, \(bind: now), \(bind: now))
            RETURNING id
            """
        ).first(decoding: Made.self)
        guard let row else { throw BillfoldError(.internalError, Phrase("error.store.ruleNotMade")) }
        made.id = row.id
        return made
    }

    /// Replaces a rule's name, switch, conditions and actions (its place stays); false when it is
    /// not the person's.
    public func update(_ rule: Rule, now: Int64) async throws -> Bool {
        struct ID: Decodable { var id: Int64 }
        return try await sql.raw(
            """
            UPDATE rules SET name = \(bind: rule.name), enabled = \(bind: rule.isEnabled),
              stops_after = \(bind: rule.stopsAfter), overrides_source = \(bind: rule.overridesSource),
              conditions = \(bind: try Self.json(rule.conditions)), actions = \(bind: try Self.json(rule.actions)),
              updated_at = \(bind: now)
            WHERE user_id = \(bind: userID) AND id = \(bind: rule.id) RETURNING id
            """
        ).first(decoding: ID.self) != nil
    }

    /// Switches a rule on or off, nothing else; false when it is not the person's.
    public func setEnabled(_ id: Int64, _ enabled: Bool, now: Int64) async throws -> Bool {
        struct ID: Decodable { var id: Int64 }
        return try await sql.raw(
            """
            UPDATE rules SET enabled = \(bind: enabled), updated_at = \(bind: now)
            WHERE user_id = \(bind: userID) AND id = \(bind: id) RETURNING id
            """
        ).first(decoding: ID.self) != nil
    }

    /// False when it is not the person's.
    public func delete(_ id: Int64) async throws -> Bool {
        struct ID: Decodable { var id: Int64 }
        return try await sql.raw(
            "DELETE FROM rules WHERE user_id = \(bind: userID) AND id = \(bind: id) RETURNING id"
        ).first(decoding: ID.self) != nil
    }

    /// Puts the rules in the order of `ids` (the person's own; others are left out), the rest
    /// after them in their old order.
    public func reorder(_ ids: [Int64], now: Int64) async throws {
        let current = try await all().map(\.rule.id)
        let wanted = ids.filter(current.contains)
        let order = wanted + current.filter { !wanted.contains($0) }
        for (index, id) in order.enumerated() {
            try await sql.raw(
                """
                UPDATE rules SET position = \(bind: Int64(index + 1)), updated_at = \(bind: now)
                WHERE user_id = \(bind: userID) AND id = \(bind: id)
                """
            ).run()
        }
    }

    /// Adds to each rule's count of matched transactions.
    public func countMatches(_ counts: [Int64: Int]) async throws {
        for (id, count) in counts where count > 0 {
            try await sql.raw(
                """
                UPDATE rules SET matched_count = matched_count + \(bind: Int64(count))
                WHERE user_id = \(bind: userID) AND id = \(bind: id)
                """
            ).run()
        }
    }

    /// Switches off the rules that set one of `categories` (being deleted): kept, never lost,
    /// and no longer pointing at nothing. The rules switched off.
    public func switchOff(settingAnyOf categories: Set<Int64>, now: Int64) async throws -> [Rule] {
        var off: [Rule] = []
        for stored in try await all() where stored.rule.isEnabled {
            let sets = stored.rule.actions.contains {
                if case .setCategory(let id) = $0 { return categories.contains(id) }
                return false
            }
            guard sets else { continue }
            var rule = stored.rule
            rule.isEnabled = false
            _ = try await update(rule, now: now)
            off.append(rule)
        }
        return off
    }
}
