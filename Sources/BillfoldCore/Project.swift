import Foundation

/// A project: a list of things to do, with a colour, open until the user closes it.
public struct Project: Hashable, Sendable, Identifiable {
    public var id: Int64
    public var title: String
    public var detail: String
    /// A palette name, `#RRGGBB`, or empty (the same choices as a category's colour).
    public var colour: String
    public var closed: Bool
    public var createdAt: Int64
    public var updatedAt: Int64?

    public init(
        id: Int64, title: String, detail: String = "", colour: String = "", closed: Bool = false,
        createdAt: Int64 = 0, updatedAt: Int64? = nil
    ) {
        self.id = id
        self.title = title
        self.detail = detail
        self.colour = colour
        self.closed = closed
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// How urgent an item is.
public enum Priority: String, CaseIterable, Sendable, Codable, Comparable {
    case low, medium, high

    public init(parsing text: String) throws(BillfoldError) {
        guard let priority = Priority(rawValue: text.lowercased()) else {
            throw .validation("priority", Phrase("error.core.priorityInvalid"))
        }
        self = priority
    }

    var rank: Int { Self.allCases.firstIndex(of: self)! }
    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rank < rhs.rank }
    /// The word shown to a person, in the current words' language.
    public var label: String {
        switch self {
        case .low: tr("projects.priority.low")
        case .medium: tr("projects.priority.medium")
        case .high: tr("projects.priority.high")
        }
    }
}

/// One thing to do inside a project.
public struct Item: Hashable, Sendable, Identifiable {
    public var id: Int64
    public var projectID: Int64
    public var title: String
    public var detail: String
    public var priority: Priority
    public var completed: Bool
    public var createdAt: Int64
    public var updatedAt: Int64?

    public init(
        id: Int64, projectID: Int64, title: String, detail: String = "", priority: Priority = .medium,
        completed: Bool = false, createdAt: Int64 = 0, updatedAt: Int64? = nil
    ) {
        self.id = id
        self.projectID = projectID
        self.title = title
        self.detail = detail
        self.priority = priority
        self.completed = completed
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// The limits of a project's and an item's fields, with the words used when one is broken.
public enum ProjectRules {
    public static let maxTitle = 100
    public static let maxDetail = 1000

    /// What is wrong with a title as typed, in the words the server uses; nil when it is fine
    /// (for forms that check while typing).
    public static func problem(withTitle raw: String) -> String? {
        do {
            _ = try title(raw)
            return nil
        } catch { return error.message }
    }

    /// A trimmed title of 1 to 100 characters; `field` names it in the error.
    public static func title(_ raw: String, field: String = "title") throws(BillfoldError) -> String {
        try TextRules.check(raw, field: field)
        let title = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if title.isEmpty { throw .validation(field, Phrase("error.core.titleMissing")) }
        if TextRules.length(title) > maxTitle {
            throw .validation(
                field,
                Phrase("error.core.titleTooLong", ["max": String(maxTitle), "length": String(TextRules.length(title))]))
        }
        return title
    }

    public static func detail(_ raw: String) throws(BillfoldError) -> String {
        try TextRules.check(raw, field: "detail")
        let detail = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if TextRules.length(detail) > maxDetail {
            throw .validation(
                "detail",
                Phrase(
                    "error.core.detailTooLong", ["max": String(maxDetail), "length": String(TextRules.length(detail))]))
        }
        return detail
    }
}

/// The orders a project's items can take.
public enum ItemSort: String, CaseIterable, Sendable {
    /// Incomplete first, then priority high to low, then newest.
    case `default`
    /// By title, as a person reads it.
    case name
    /// Newest first.
    case created

    public init(parsing raw: String?) throws(BillfoldError) {
        guard let raw, !raw.isEmpty else {
            self = .default
            return
        }
        guard let sort = ItemSort(rawValue: raw) else {
            throw .validation("sort", Phrase("error.core.itemSortInvalid"))
        }
        self = sort
    }

    /// The order's name in the sort menu, in the current words' language.
    public var label: String {
        switch self {
        case .default: tr("projects.sort.default")
        case .name: tr("projects.sort.name")
        case .created: tr("projects.sort.created")
        }
    }

    /// Items in this order; every tie falls back to the next key and finally the id, so the order
    /// is the same on every request.
    public func sorted(_ items: [Item]) -> [Item] {
        func newest(_ a: Item, _ b: Item) -> Bool {
            a.createdAt != b.createdAt ? a.createdAt > b.createdAt : a.id > b.id
        }
        switch self {
        case .default:
            return items.sorted { a, b in
                if a.completed != b.completed { return !a.completed }
                if a.priority != b.priority { return a.priority > b.priority }
                return newest(a, b)
            }
        case .name:
            return items.sorted { a, b in
                let order = a.title.localizedCaseInsensitiveCompare(b.title)
                return order == .orderedSame ? a.id < b.id : order == .orderedAscending
            }
        case .created:
            return items.sorted(by: newest)
        }
    }
}
