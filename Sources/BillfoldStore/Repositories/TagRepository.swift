import BillfoldCore
import FluentKit
import SQLKit

/// One person's tags and which of their transactions carry them.
public struct TagRepository: Sendable {
    let database: any Database
    let sql: any SQLDatabase
    let userID: Int64

    public init(database: any Database, userID: Int64) {
        self.database = database
        self.sql = database.sql
        self.userID = userID
    }

    struct Row: Decodable {
        var id: Int64
        var name: String
        var description: String
        var archived: Bool
        var tag: Tag { Tag(id: id, name: name, description: description, archived: archived) }
    }

    /// Every tag, by name.
    public func all() async throws -> [Tag] {
        try await sql.raw(
            "SELECT id, name, description, archived FROM tags WHERE user_id = \(bind: userID) ORDER BY name_key, id"
        ).all(decoding: Row.self).map(\.tag)
    }

    public func find(_ id: Int64) async throws -> Tag? {
        try await sql.raw(
            "SELECT id, name, description, archived FROM tags WHERE user_id = \(bind: userID) AND id = \(bind: id)"
        ).first(decoding: Row.self)?.tag
    }

    /// A new tag; a name the person already has (in any case) is refused.
    public func create(name: String, description: String = "", now: Int64) async throws -> Tag {
        let name = try TagRules.name(name)
        let description = try TagRules.description(description)
        struct ID: Decodable { var id: Int64 }
        let row = try await sql.raw(
            """
            INSERT INTO tags (user_id, name, name_key, description, archived, created_at)
            VALUES (\(bind: userID), \(bind: name), \(bind: Self.key(name)), \(bind: description), \(bind: false), \(bind: now))
            ON CONFLICT (user_id, name_key) DO NOTHING RETURNING id
            """
        ).first(decoding: ID.self)
        guard let row else { throw Self.taken(name) }
        return Tag(id: row.id, name: name, description: description)
    }

    /// Renames a tag or changes its description or archived flag; nil when it is not theirs.
    public func update(_ id: Int64, name: String?, description: String?, archived: Bool?) async throws -> Tag? {
        guard var tag = try await find(id) else { return nil }
        if let name { tag.name = try TagRules.name(name) }
        if let description { tag.description = try TagRules.description(description) }
        if let archived { tag.archived = archived }
        if try await sql.raw(
            """
            SELECT id FROM tags WHERE user_id = \(bind: userID) AND name_key = \(bind: Self.key(tag.name))
            AND id <> \(bind: id)
            """
        ).first() != nil {
            throw Self.taken(tag.name)
        }
        try await sql.raw(
            """
            UPDATE tags SET name = \(bind: tag.name), name_key = \(bind: Self.key(tag.name)),
            description = \(bind: tag.description), archived = \(bind: tag.archived)
            WHERE user_id = \(bind: userID) AND id = \(bind: id)
            """
        ).run()
        return tag
    }

    /// Deletes a tag; the transactions that carried it keep everything else. False when not theirs.
    public func delete(_ id: Int64) async throws -> Bool {
        try await sql.raw(
            "DELETE FROM tags WHERE user_id = \(bind: userID) AND id = \(bind: id) RETURNING id"
        ).first() != nil
    }

    /// The tags of each of `transactionIDs` that has any, by name.
    public func tags(of transactionIDs: [Int64]) async throws -> [Int64: [Tag]] {
        guard !transactionIDs.isEmpty else { return [:] }
        var found: [Int64: [Tag]] = [:]
        struct Line: Decodable {
            var transaction_id: Int64
            var id: Int64
            var name: String
            var description: String
            var archived: Bool
        }
        for chunk in transactionIDs.chunked(500) {
            let lines = try await sql.raw(
                """
                SELECT tt.transaction_id, t.id, t.name, t.description, t.archived
                FROM transaction_tags tt JOIN tags t ON t.id = tt.tag_id
                WHERE tt.user_id = \(bind: userID) AND tt.transaction_id IN (\(binds: Array(chunk)))
                ORDER BY t.name_key, t.id
                """
            ).all(decoding: Line.self)
            for line in lines {
                found[line.transaction_id, default: []].append(
                    Tag(id: line.id, name: line.name, description: line.description, archived: line.archived))
            }
        }
        return found
    }

    /// Gives a transaction exactly these tags (ids the person has; others are refused).
    public func set(_ tagIDs: [Int64], on transactionID: Int64) async throws {
        let wanted = Array(Set(tagIDs))
        guard wanted.count <= TagRules.maxPerTransaction else {
            throw BillfoldError.validation(
                "tags", Phrase("error.store.tooManyTags", ["max": String(TagRules.maxPerTransaction)]))
        }
        try await requireOwned(wanted)
        // Out of its old tags' sums, into the new ones'.
        try await TagTotals.add(tagsOf: [transactionID], userID: userID, sign: -1, on: sql)
        try await sql.raw(
            """
            DELETE FROM transaction_tags WHERE user_id = \(bind: userID) AND transaction_id = \(bind: transactionID)
            """
        ).run()
        guard !wanted.isEmpty else { return }
        var insert = sql.insert(into: "transaction_tags").columns("transaction_id", "tag_id", "user_id")
        for tag in wanted { insert = insert.values(SQLBind(transactionID), SQLBind(tag), SQLBind(userID)) }
        try await insert.run()
        try await TagTotals.add(tagsOf: [transactionID], userID: userID, on: sql)
    }

    /// The ids of tags given as ids or names (Lunch Money's bodies mix both); an unknown name
    /// makes the tag, an unknown id is refused.
    public func resolve(ids: [Int64], names: [String], now: Int64) async throws -> [Int64] {
        try await requireOwned(ids)
        var resolved = ids
        let known = Dictionary(try await all().map { (Self.key($0.name), $0.id) }, uniquingKeysWith: { a, _ in a })
        for name in names {
            let clean = try TagRules.name(name)
            if let id = known[Self.key(clean)] {
                resolved.append(id)
            } else {
                resolved.append(try await create(name: clean, now: now).id)
            }
        }
        return Array(Set(resolved)).sorted()
    }

    private func requireOwned(_ ids: [Int64]) async throws {
        guard !ids.isEmpty else { return }
        struct Row: Decodable { var id: Int64 }
        let owned = Set(
            try await sql.raw("SELECT id FROM tags WHERE user_id = \(bind: userID) AND id IN (\(binds: ids))")
                .all(decoding: Row.self).map(\.id))
        if let missing = ids.first(where: { !owned.contains($0) }) {
            throw BillfoldError.validation("tags", Phrase("error.store.noSuchTag", ["id": String(missing)]))
        }
    }

    static func key(_ name: String) -> String { name.lowercased() }

    static func taken(_ name: String) -> BillfoldError {
        BillfoldError(.conflict, Phrase("error.store.tagNameTaken", ["name": name]))
    }
}
