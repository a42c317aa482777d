import BillfoldCore
import FluentKit
import SQLKit

/// One user's projects and items. Every statement carries `user_id`.
public struct ProjectRepository: Sendable {
    let sql: any SQLDatabase
    let userID: Int64

    public init(database: any Database, userID: Int64) {
        self.sql = database.sql
        self.userID = userID
    }

    private struct ProjectRow: Decodable {
        static let select: SQLQueryString =
            "SELECT id, title, detail, colour, closed, created_at, updated_at FROM projects"
        var id: Int64
        var title: String
        var detail: String
        var colour: String
        var closed: Bool
        var created_at: Int64
        var updated_at: Int64?
        var project: Project {
            Project(
                id: id, title: title, detail: detail, colour: colour, closed: closed, createdAt: created_at,
                updatedAt: updated_at)
        }
    }

    private struct ItemRow: Decodable {
        static let select: SQLQueryString =
            "SELECT id, project_id, title, detail, priority, completed, created_at, updated_at FROM items"
        var id: Int64
        var project_id: Int64
        var title: String
        var detail: String
        var priority: String
        var completed: Bool
        var created_at: Int64
        var updated_at: Int64?
        var item: Item {
            Item(
                id: id, projectID: project_id, title: title, detail: detail,
                priority: Priority(rawValue: priority) ?? .medium, completed: completed, createdAt: created_at,
                updatedAt: updated_at)
        }
    }

    /// Open or closed projects, newest first.
    public func projects(closed: Bool?) async throws -> [Project] {
        var statement = ProjectRow.select + " WHERE user_id = \(bind: userID)"
        if let closed { statement += " AND closed = \(bind: closed)" }
        statement += " ORDER BY created_at DESC, id DESC"
        return try await sql.raw(statement).all(decoding: ProjectRow.self).map(\.project)
    }

    public func project(_ id: Int64) async throws -> Project? {
        try await sql.raw(ProjectRow.select + " WHERE user_id = \(bind: userID) AND id = \(bind: id)")
            .first(decoding: ProjectRow.self)?.project
    }

    public func create(_ project: Project) async throws -> Project {
        struct Inserted: Decodable { var id: Int64 }
        let row = try await sql.insert(into: "projects")
            .columns("user_id", "title", "detail", "colour", "closed", "created_at")
            .values(
                SQLBind(userID), SQLBind(project.title), SQLBind(project.detail), SQLBind(project.colour),
                SQLBind(project.closed), SQLBind(project.createdAt)
            ).returning("id").first(decoding: Inserted.self)
        guard let row else { throw BillfoldError(.internalError, Phrase("error.store.projectGotNoID")) }
        var created = project
        created.id = row.id
        return created
    }

    /// Saves the project's fields; false when the user has no such project.
    public func update(_ project: Project) async throws -> Bool {
        struct Changed: Decodable { var id: Int64 }
        return try await sql.raw(
            """
            UPDATE projects SET title = \(bind: project.title), detail = \(bind: project.detail),
              colour = \(bind: project.colour), closed = \(bind: project.closed), updated_at = \(bind: project.updatedAt)
            WHERE id = \(bind: project.id) AND user_id = \(bind: userID) RETURNING id
            """
        ).first(decoding: Changed.self) != nil
    }

    /// Deletes a project and its items; false when the user has no such project.
    public func delete(_ id: Int64) async throws -> Bool {
        struct Changed: Decodable { var id: Int64 }
        try await sql.raw("DELETE FROM items WHERE project_id = \(bind: id) AND user_id = \(bind: userID)").run()
        return try await sql.raw(
            "DELETE FROM projects WHERE id = \(bind: id) AND user_id = \(bind: userID) RETURNING id"
        ).first(decoding: Changed.self) != nil
    }

    /// The items of one project, or of every project (for the home page).
    public func items(in projectID: Int64?) async throws -> [Item] {
        var statement = ItemRow.select + " WHERE user_id = \(bind: userID)"
        if let projectID { statement += " AND project_id = \(bind: projectID)" }
        return try await sql.raw(statement).all(decoding: ItemRow.self).map(\.item)
    }

    public func item(_ id: Int64, in projectID: Int64) async throws -> Item? {
        try await sql.raw(
            ItemRow.select + " WHERE user_id = \(bind: userID) AND project_id = \(bind: projectID) AND id = \(bind: id)"
        ).first(decoding: ItemRow.self)?.item
    }

    public func create(_ item: Item) async throws -> Item {
        struct Inserted: Decodable { var id: Int64 }
        let row = try await sql.insert(into: "items")
            .columns("user_id", "project_id", "title", "detail", "priority", "completed", "created_at")
            .values(
                SQLBind(userID), SQLBind(item.projectID), SQLBind(item.title), SQLBind(item.detail),
                SQLBind(item.priority.rawValue), SQLBind(item.completed), SQLBind(item.createdAt)
            ).returning("id").first(decoding: Inserted.self)
        guard let row else { throw BillfoldError(.internalError, Phrase("error.store.itemGotNoID")) }
        var created = item
        created.id = row.id
        return created
    }

    public func update(_ item: Item) async throws {
        try await sql.raw(
            """
            UPDATE items SET title = \(bind: item.title), detail = \(bind: item.detail),
              priority = \(bind: item.priority.rawValue), completed = \(bind: item.completed),
              updated_at = \(bind: item.updatedAt)
            WHERE id = \(bind: item.id) AND project_id = \(bind: item.projectID) AND user_id = \(bind: userID)
            """
        ).run()
    }

    /// Deletes the given items of a project; returns how many there were.
    public func deleteItems(_ ids: [Int64], in projectID: Int64) async throws -> Int {
        guard !ids.isEmpty else { return 0 }
        struct Deleted: Decodable { var id: Int64 }
        return try await sql.raw(
            """
            DELETE FROM items WHERE user_id = \(bind: userID) AND project_id = \(bind: projectID)
              AND id IN (\(binds: ids)) RETURNING id
            """
        ).all(decoding: Deleted.self).count
    }
}
