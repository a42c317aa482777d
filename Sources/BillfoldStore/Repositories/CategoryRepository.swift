import BillfoldCore
import FluentKit
import SQLKit

/// One user's categories.
public struct CategoryRepository: Sendable {
    let database: any Database
    let userID: Int64

    public init(database: any Database, userID: Int64) {
        self.database = database
        self.userID = userID
    }

    /// The source keys of the categories imports made, by category id.
    public func sourceKeys() async throws -> [Int64: String] {
        struct Row: Decodable {
            var id: Int64
            var source_key: String
        }
        let rows = try await (database as! any SQLDatabase).raw(
            "SELECT id, source_key FROM categories WHERE user_id = \(bind: userID) AND source_key IS NOT NULL"
        ).all(decoding: Row.self)
        return Dictionary(rows.map { ($0.id, $0.source_key) }, uniquingKeysWith: { first, _ in first })
    }

    public func all() async throws -> [CategoryModel] {
        try await CategoryModel.query(on: database).filter(\.$userID == userID).all()
    }

    /// The user's categories as a tree. Read with plain SQL: every list request needs it, and
    /// Fluent's reflective model decoding cost more than the list query itself.
    public func tree() async throws -> CategoryTree {
        struct Row: Decodable {
            var id: Int64
            var name: String
            var group_id: Int64?
            var is_group: Bool
            var colour: String
        }
        let rows = try await (database as! any SQLDatabase).raw(
            "SELECT id, name, group_id, is_group, colour FROM categories WHERE user_id = \(bind: userID)"
        ).all(decoding: Row.self)
        return CategoryTree(
            rows.map {
                Category(id: $0.id, name: $0.name, groupID: $0.group_id, isGroup: $0.is_group, colour: $0.colour)
            })
    }

    public func find(_ id: Int64) async throws -> CategoryModel? {
        try await CategoryModel.query(on: database).filter(\.$id == id)
            .filter(\.$userID == userID).first()
    }

    /// The category an import made for `sourceKey`, made now when missing.
    public func forSource(
        _ sourceKey: String, name: String, groupID: Int64? = nil, isGroup: Bool = false,
        colour: String = "", icon: String = ""
    ) async throws -> CategoryModel {
        if let existing = try await CategoryModel.query(on: database)
            .filter(\.$userID == userID).filter(\.$sourceKey == sourceKey).first()
        {
            return existing
        }
        let category = CategoryModel(
            userID: userID, name: name, groupID: groupID, isGroup: isGroup, colour: colour,
            icon: icon, sourceKey: sourceKey, createdAt: Timestamp.now())
        try await category.save(on: database)
        return category
    }

    /// Checks that a transaction may be put in this category: it must be the user's own and not
    /// a group. The same error for a missing and for another user's category.
    public func assignable(_ id: Int64) async throws -> CategoryModel {
        guard let category = try await find(id) else {
            throw BillfoldError.validation("categoryId", "No category with the id \(id) exists.")
        }
        guard !category.isGroup else {
            throw BillfoldError.validation(
                "categoryId",
                "“\(category.name)” is a group; choose one of its categories instead.")
        }
        return category
    }
}
