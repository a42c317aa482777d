/// A category, or a group of categories (one level: a group cannot sit inside a group).
public struct Category: Hashable, Sendable, Identifiable {
    public var id: Int64
    public var name: String
    public var description: String
    public var groupID: Int64?
    public var isGroup: Bool
    /// A palette name ("green"), `#RRGGBB`, or empty for the default chip colour.
    public var colour: String
    /// A name from `CategoryIcon.all`, or empty for none.
    public var icon: String
    public var flags: CategoryFlags
    /// Where the user placed it among its siblings; ties fall back to the name.
    public var order: Int
    public var createdAt: Int64
    public var updatedAt: Int64?

    public init(
        id: Int64, name: String, description: String = "", groupID: Int64? = nil, isGroup: Bool = false,
        colour: String = "", icon: String = "", flags: CategoryFlags = CategoryFlags(), order: Int = 0,
        createdAt: Int64 = 0, updatedAt: Int64? = nil
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.groupID = groupID
        self.isGroup = isGroup
        self.colour = colour
        self.icon = icon
        self.flags = flags
        self.order = order
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// How a category counts: income rather than spending, left out of budgets or totals, archived.
public struct CategoryFlags: Hashable, Sendable, Codable {
    public var isIncome: Bool
    public var excludeFromBudget: Bool
    public var excludeFromTotals: Bool
    public var archived: Bool

    public init(
        isIncome: Bool = false, excludeFromBudget: Bool = false, excludeFromTotals: Bool = false,
        archived: Bool = false
    ) {
        self.isIncome = isIncome
        self.excludeFromBudget = excludeFromBudget
        self.excludeFromTotals = excludeFromTotals
        self.archived = archived
    }
}

/// The user's categories as a tree of groups and children.
public struct CategoryTree: Sendable {
    /// Every category and group, in no particular order.
    public let all: [Category]
    private let byID: [Int64: Category]

    /// What a transaction without a category shows, in the current words' language.
    public static var uncategorized: String { tr("transactions.uncategorized") }

    /// The name a transaction's category shows: its name, "Uncategorized", or "Unknown category
    /// (id N)" when the id is not among the categories (deleted meanwhile, say).
    public func name(of id: Int64?) -> String {
        guard let id else { return Self.uncategorized }
        return category(id)?.name ?? tr("categories.unknownWithID", ["id": String(id)])
    }

    public init(_ categories: [Category]) {
        all = categories
        byID = Dictionary(categories.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Name order as a person expects it ("Äpfel" near "Apfel"); sorted only where shown, since
    /// filtering needs no order and locale-aware comparison is slow on Linux.
    private static func byName(_ categories: [Category]) -> [Category] {
        categories.sorted { $0.name.localizedCaseInsensitiveCompare($1.name) == .orderedAscending }
    }

    public func category(_ id: Int64) -> Category? { byID[id] }

    /// The ids a filter on `id` matches: the category itself, and a group's children too.
    public func idsMatching(_ id: Int64) -> [Int64] {
        guard let category = category(id) else { return [] }
        guard category.isGroup else { return [id] }
        return [id] + children(of: id).map(\.id)
    }

    /// A group's children in name order.
    public func children(of groupID: Int64) -> [Category] {
        Self.byName(all.filter { $0.groupID == groupID })
    }

    /// Top-level entries in name order: groups and categories outside any group.
    public var topLevel: [Category] { Self.byName(all.filter { $0.groupID == nil }) }

    /// Groups in name order, for "Group" choices.
    public var groups: [Category] { Self.byName(all.filter(\.isGroup)) }

    /// The sibling that already uses `name` in `groupID`, ignoring case; `excluding` is the
    /// category being renamed, which may keep its own name.
    public func sibling(named name: String, in groupID: Int64?, excluding: Int64? = nil) -> Category? {
        let key = CategoryRules.nameKey(name)
        return all.first {
            $0.groupID == groupID && $0.id != excluding && CategoryRules.nameKey($0.name) == key
        }
    }
}
