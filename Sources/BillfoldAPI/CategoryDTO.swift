import BillfoldCore

/// A category as `/api/v1/categories` shows it. For a group, `transactionCount` and `totals`
/// include its children's transactions, and the detail answer lists its `children`.
public struct CategoryDTO: Codable, Sendable, Equatable {
    public var id: Int64
    public var name: String
    public var description: String
    public var groupId: Int64?
    public var isGroup: Bool
    public var colour: String
    public var icon: String
    public var isIncome: Bool
    public var excludeFromBudget: Bool
    public var excludeFromTotals: Bool
    public var archived: Bool
    public var order: Int
    public var createdAt: String
    public var updatedAt: String?
    public var transactionCount: Int
    public var totals: [TotalDTO]
    public var children: [CategoryDTO]?

    public init(_ usage: CategoryUsage, children: [CategoryUsage]? = nil) {
        let c = usage.category
        id = c.id
        name = c.name
        description = c.description
        groupId = c.groupID
        isGroup = c.isGroup
        colour = c.colour
        icon = c.icon
        isIncome = c.flags.isIncome
        excludeFromBudget = c.flags.excludeFromBudget
        excludeFromTotals = c.flags.excludeFromTotals
        archived = c.flags.archived
        order = c.order
        createdAt = Timestamp.utc(c.createdAt)
        updatedAt = c.updatedAt.map(Timestamp.utc)
        transactionCount = usage.transactionCount
        totals = usage.totals.map(TotalDTO.init)
        self.children = children?.map { CategoryDTO($0) }
    }

    enum CodingKeys: String, CodingKey {
        case id, name, description, groupId, isGroup, colour, icon, isIncome, excludeFromBudget, excludeFromTotals
        case archived, order, createdAt, updatedAt, transactionCount, totals, children
    }

    /// Nulls are written out (`"groupId": null`), so every key is always there.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(description, forKey: .description)
        try c.encode(groupId, forKey: .groupId)
        try c.encode(isGroup, forKey: .isGroup)
        try c.encode(colour, forKey: .colour)
        try c.encode(icon, forKey: .icon)
        try c.encode(isIncome, forKey: .isIncome)
        try c.encode(excludeFromBudget, forKey: .excludeFromBudget)
        try c.encode(excludeFromTotals, forKey: .excludeFromTotals)
        try c.encode(archived, forKey: .archived)
        try c.encode(order, forKey: .order)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(updatedAt, forKey: .updatedAt)
        try c.encode(transactionCount, forKey: .transactionCount)
        try c.encode(totals, forKey: .totals)
        try c.encodeIfPresent(children, forKey: .children)
    }
}

public struct CategoryListResponse: Codable, Sendable {
    public var categories: [CategoryDTO]

    public init(categories: [CategoryDTO]) { self.categories = categories }
}

/// `POST /api/v1/categories` and `PATCH /api/v1/categories/{id}`: on a change only the keys
/// present change, and `"groupId": null` moves a category out of its group. `isGroup` is read
/// on creation only: a category never turns into a group or back.
public struct CategoryRequest: Codable, Sendable {
    public var name: String?
    public var description: String?
    public var groupId: Int64??
    public var isGroup: Bool?
    public var colour: String?
    public var icon: String?
    public var isIncome: Bool?
    public var excludeFromBudget: Bool?
    public var excludeFromTotals: Bool?
    public var archived: Bool?
    public var order: Int?

    enum CodingKeys: String, CodingKey {
        case name, description, groupId, isGroup, colour, icon, isIncome, excludeFromBudget, excludeFromTotals
        case archived, order
    }

    public init(
        name: String? = nil, description: String? = nil, groupId: Int64?? = nil, isGroup: Bool? = nil,
        colour: String? = nil, icon: String? = nil
    ) {
        self.name = name
        self.description = description
        self.groupId = groupId
        self.isGroup = isGroup
        self.colour = colour
        self.icon = icon
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        description = try c.decodeIfPresent(String.self, forKey: .description)
        if c.contains(.groupId) {
            groupId = .some(try c.decodeNil(forKey: .groupId) ? nil : try c.decode(Int64.self, forKey: .groupId))
        }
        isGroup = try c.decodeIfPresent(Bool.self, forKey: .isGroup)
        colour = try c.decodeIfPresent(String.self, forKey: .colour)
        icon = try c.decodeIfPresent(String.self, forKey: .icon)
        isIncome = try c.decodeIfPresent(Bool.self, forKey: .isIncome)
        excludeFromBudget = try c.decodeIfPresent(Bool.self, forKey: .excludeFromBudget)
        excludeFromTotals = try c.decodeIfPresent(Bool.self, forKey: .excludeFromTotals)
        archived = try c.decodeIfPresent(Bool.self, forKey: .archived)
        order = try c.decodeIfPresent(Int.self, forKey: .order)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encodeIfPresent(description, forKey: .description)
        if let groupId { try c.encode(groupId, forKey: .groupId) }
        try c.encodeIfPresent(isGroup, forKey: .isGroup)
        try c.encodeIfPresent(colour, forKey: .colour)
        try c.encodeIfPresent(icon, forKey: .icon)
        try c.encodeIfPresent(isIncome, forKey: .isIncome)
        try c.encodeIfPresent(excludeFromBudget, forKey: .excludeFromBudget)
        try c.encodeIfPresent(excludeFromTotals, forKey: .excludeFromTotals)
        try c.encodeIfPresent(archived, forKey: .archived)
        try c.encodeIfPresent(order, forKey: .order)
    }

    /// The draft this request makes of `base` (a new, empty category when creating).
    public func applied(to base: CategoryDraft) -> CategoryDraft {
        base.changing(
            name: name, description: description, groupID: groupId, colour: colour, icon: icon, isIncome: isIncome,
            excludeFromBudget: excludeFromBudget, excludeFromTotals: excludeFromTotals, archived: archived,
            order: order)
    }
}

/// The body of `DELETE /api/v1/categories/{id}` and `POST /api/v1/categories/bulk-delete`.
/// `reassignTo` absent: nothing may move; `null`: transactions become uncategorised; an id:
/// they move there. `keepChildren` moves a deleted group's categories to the top level.
public struct CategoryDeleteRequest: Codable, Sendable {
    public var ids: [Int64]?
    public var reassignTo: Int64??
    public var keepChildren: Bool?

    enum CodingKeys: String, CodingKey { case ids, reassignTo, keepChildren }

    public init(ids: [Int64]? = nil, reassignTo: Int64?? = nil, keepChildren: Bool? = nil) {
        self.ids = ids
        self.reassignTo = reassignTo
        self.keepChildren = keepChildren
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        ids = try c.decodeIfPresent([Int64].self, forKey: .ids)
        if c.contains(.reassignTo) {
            reassignTo = .some(
                try c.decodeNil(forKey: .reassignTo) ? nil : try c.decode(Int64.self, forKey: .reassignTo))
        }
        keepChildren = try c.decodeIfPresent(Bool.self, forKey: .keepChildren)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(ids, forKey: .ids)
        if let reassignTo { try c.encode(reassignTo, forKey: .reassignTo) }
        try c.encodeIfPresent(keepChildren, forKey: .keepChildren)
    }

    public func deletion(ids: [Int64]) -> CategoryDeletion {
        let destination: CategoryDeletion.Destination =
            switch reassignTo {
            case .none: .unchosen
            case .some(.none): .uncategorized
            case .some(.some(let id)): .category(id)
            }
        return CategoryDeletion(ids: ids, destination: destination, keepChildren: keepChildren ?? false)
    }
}

/// What a delete did: which categories went, how many transactions moved and where.
public struct CategoryDeleteResponse: Codable, Sendable, Equatable {
    public var deletedIds: [Int64]
    public var movedOutIds: [Int64]
    public var transactionsMoved: Int
    public var reassignedTo: Int64?
    /// The person's rules that set a deleted category, switched off (kept, to be pointed elsewhere).
    public var rulesSwitchedOff: Int

    public init(_ plan: CategoryDeletion.Plan, moved: Int, rulesSwitchedOff: Int = 0) {
        deletedIds = plan.deleted
        movedOutIds = plan.movedOut
        transactionsMoved = moved
        reassignedTo = plan.destination.categoryID
        self.rulesSwitchedOff = rulesSwitchedOff
    }

    enum CodingKeys: String, CodingKey {
        case deletedIds, movedOutIds, transactionsMoved, reassignedTo, rulesSwitchedOff
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        deletedIds = try c.decode([Int64].self, forKey: .deletedIds)
        movedOutIds = try c.decode([Int64].self, forKey: .movedOutIds)
        transactionsMoved = try c.decode(Int.self, forKey: .transactionsMoved)
        reassignedTo = try c.decodeIfPresent(Int64.self, forKey: .reassignedTo)
        // A server from before rules answers without it.
        rulesSwitchedOff = try c.decodeIfPresent(Int.self, forKey: .rulesSwitchedOff) ?? 0
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(deletedIds, forKey: .deletedIds)
        try c.encode(movedOutIds, forKey: .movedOutIds)
        try c.encode(transactionsMoved, forKey: .transactionsMoved)
        try c.encode(reassignedTo, forKey: .reassignedTo)
        try c.encode(rulesSwitchedOff, forKey: .rulesSwitchedOff)
    }
}
