/// A category, or a group of categories (one level: a group cannot sit inside a group).
public struct Category: Hashable, Sendable, Identifiable {
    public var id: Int64
    public var name: String
    public var groupID: Int64?
    public var isGroup: Bool
    /// `#RRGGBB`, or empty for the default chip colour.
    public var colour: String

    public init(id: Int64, name: String, groupID: Int64? = nil, isGroup: Bool = false, colour: String = "") {
        self.id = id
        self.name = name
        self.groupID = groupID
        self.isGroup = isGroup
        self.colour = colour
    }
}

/// The user's categories as a tree of groups and children.
public struct CategoryTree: Sendable {
    /// Every category and group, in no particular order.
    public let all: [Category]
    private let byID: [Int64: Category]

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
}
