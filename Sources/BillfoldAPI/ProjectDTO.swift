import BillfoldCore

/// A project as `/api/v1/projects` shows it, with how far along it is.
public struct ProjectDTO: Codable, Sendable, Equatable {
    public var id: Int64
    public var title: String
    public var detail: String
    public var colour: String
    public var closed: Bool
    public var itemCount: Int
    public var completedCount: Int
    public var createdAt: String
    public var updatedAt: String?

    public init(_ project: Project, items: [Item]) {
        id = project.id
        title = project.title
        detail = project.detail
        colour = project.colour
        closed = project.closed
        itemCount = items.count
        completedCount = items.filter(\.completed).count
        createdAt = Timestamp.utc(project.createdAt)
        updatedAt = project.updatedAt.map(Timestamp.utc)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(title, forKey: .title)
        try c.encode(detail, forKey: .detail)
        try c.encode(colour, forKey: .colour)
        try c.encode(closed, forKey: .closed)
        try c.encode(itemCount, forKey: .itemCount)
        try c.encode(completedCount, forKey: .completedCount)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(updatedAt, forKey: .updatedAt)
    }
}

public struct ProjectListResponse: Codable, Sendable {
    public var projects: [ProjectDTO]
    public init(projects: [ProjectDTO]) { self.projects = projects }
}

public struct ItemDTO: Codable, Sendable, Equatable {
    public var id: Int64
    public var projectId: Int64
    public var title: String
    public var detail: String
    public var priority: Priority
    public var completed: Bool
    public var createdAt: String
    public var updatedAt: String?

    public init(_ item: Item) {
        id = item.id
        projectId = item.projectID
        title = item.title
        detail = item.detail
        priority = item.priority
        completed = item.completed
        createdAt = Timestamp.utc(item.createdAt)
        updatedAt = item.updatedAt.map(Timestamp.utc)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(projectId, forKey: .projectId)
        try c.encode(title, forKey: .title)
        try c.encode(detail, forKey: .detail)
        try c.encode(priority, forKey: .priority)
        try c.encode(completed, forKey: .completed)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(updatedAt, forKey: .updatedAt)
    }
}

public struct ItemListResponse: Codable, Sendable {
    public var items: [ItemDTO]
    public init(items: [ItemDTO]) { self.items = items }
}

/// Create or change a project: keys left out stay as they are (on create: empty, open).
public struct ProjectRequest: Codable, Sendable {
    public var title: String?
    public var detail: String?
    public var colour: String?

    public init(title: String? = nil, detail: String? = nil, colour: String? = nil) {
        self.title = title
        self.detail = detail
        self.colour = colour
    }
}

/// Create or change an item: keys left out stay as they are (on create: medium, not completed).
public struct ItemRequest: Codable, Sendable {
    public var title: String?
    public var detail: String?
    public var priority: String?
    public var completed: Bool?

    public init(title: String? = nil, detail: String? = nil, priority: String? = nil, completed: Bool? = nil) {
        self.title = title
        self.detail = detail
        self.priority = priority
        self.completed = completed
    }
}

public struct ItemBulkDeleteRequest: Codable, Sendable {
    public var ids: [Int64]
    public init(ids: [Int64]) { self.ids = ids }
}

public struct ItemBulkDeleteResponse: Codable, Sendable, Equatable {
    public var deleted: Int
    public init(deleted: Int) { self.deleted = deleted }
}
