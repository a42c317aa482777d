/// What a user asks a category to be, before the rules have looked at it.
public struct CategoryDraft: Hashable, Sendable {
    public var name: String
    public var description: String
    public var groupID: Int64?
    public var isGroup: Bool
    public var colour: String
    public var icon: String
    public var flags: CategoryFlags
    public var order: Int

    public init(
        name: String, description: String = "", groupID: Int64? = nil, isGroup: Bool = false, colour: String = "",
        icon: String = "", flags: CategoryFlags = CategoryFlags(), order: Int = 0
    ) {
        self.name = name
        self.description = description
        self.groupID = groupID
        self.isGroup = isGroup
        self.colour = colour
        self.icon = icon
        self.flags = flags
        self.order = order
    }

    /// The draft of an existing category, to apply a change to.
    public init(_ category: Category) {
        self.init(
            name: category.name, description: category.description, groupID: category.groupID,
            isGroup: category.isGroup, colour: category.colour, icon: category.icon, flags: category.flags,
            order: category.order)
    }

    /// The draft cleaned up (trimmed, colour and icon normalised) and checked against the user's
    /// other categories; `editing` is the id of the category it replaces. Every broken rule is
    /// reported at once, one message per field.
    public func validated(in tree: CategoryTree, editing: Int64? = nil) throws(BillfoldError) -> CategoryDraft {
        var clean = self
        var problems: [String: Phrase] = [:]
        var order: [String] = []
        func check<T>(_ field: String, _ rule: () throws -> T) -> T? {
            do { return try rule() } catch {
                let problem = error as? BillfoldError
                problems[field] =
                    problem?.fieldPhrases[field] ?? problem?.phrase ?? Phrase(literal: "\(error)")
                order.append(field)
                return nil
            }
        }
        clean.name = check("name") { try CategoryRules.name(name) } ?? name
        clean.description =
            check("description") { try CategoryRules.description(description) }
            ?? description
        clean.colour = check("colour") { try CategoryRules.colour(colour) } ?? colour
        clean.icon = check("icon") { try CategoryRules.icon(icon) } ?? icon
        let group = groupID.flatMap { tree.category($0) }
        _ = check("groupId") { try checkGroup(group, in: tree, editing: editing) }
        if problems["name"] == nil, problems["groupId"] == nil,
            tree.sibling(named: clean.name, in: groupID, excluding: editing) != nil
        {
            _ = check("name") {
                throw BillfoldError.validation(
                    "name",
                    CategoryRules.Message.nameTaken.phrase(["name": clean.name, "place": CategoryRules.place(group)]))
            }
        }
        guard order.isEmpty else {
            throw BillfoldError(
                .validationFailed, Phrase(joining: order.compactMap { problems[$0] }), fields: problems)
        }
        return clean
    }

    private func checkGroup(_ group: Category?, in tree: CategoryTree, editing: Int64?) throws(BillfoldError) {
        guard let groupID else { return }
        if isGroup || (editing.map { !tree.children(of: $0).isEmpty } ?? false) {
            throw .validation("groupId", CategoryRules.Message.groupInGroup.phrase())
        }
        guard let group, group.id != editing else {
            throw .validation("groupId", CategoryRules.Message.groupMissing.phrase(["id": String(groupID)]))
        }
        guard group.isGroup else {
            throw .validation("groupId", CategoryRules.Message.notAGroup.phrase(["name": group.name]))
        }
    }
}

extension CategoryDraft {
    /// The draft with the given fields changed; nil leaves a field as it is, and
    /// `groupID: .some(nil)` moves a category to the top level. Every API dialect's request maps
    /// onto this, so a change means the same whichever way it came.
    public func changing(
        name: String? = nil, description: String? = nil, groupID: Int64?? = nil, colour: String? = nil,
        icon: String? = nil, isIncome: Bool? = nil, excludeFromBudget: Bool? = nil, excludeFromTotals: Bool? = nil,
        archived: Bool? = nil, order: Int? = nil
    ) -> CategoryDraft {
        var draft = self
        if let name { draft.name = name }
        if let description { draft.description = description }
        if let groupID { draft.groupID = groupID }
        if let colour { draft.colour = colour }
        if let icon { draft.icon = icon }
        if let isIncome { draft.flags.isIncome = isIncome }
        if let excludeFromBudget { draft.flags.excludeFromBudget = excludeFromBudget }
        if let excludeFromTotals { draft.flags.excludeFromTotals = excludeFromTotals }
        if let archived { draft.flags.archived = archived }
        if let order { draft.order = order }
        return draft
    }
}

/// The orders a category list can take.
public enum CategorySort: String, CaseIterable, Sendable {
    /// By name, as a person reads it.
    case name
    /// Newest first.
    case created
    /// Most transactions first.
    case usage

    public init(parsing raw: String?) throws(BillfoldError) {
        guard let raw, !raw.isEmpty else {
            self = .name
            return
        }
        guard let sort = CategorySort(rawValue: raw) else {
            throw .validation("sort", Phrase("error.core.categorySortInvalid"))
        }
        self = sort
    }

    /// The order's name in the sort menu, in the current words' language.
    public var label: String {
        switch self {
        case .name: tr("categories.sort.name")
        case .created: tr("categories.sort.created")
        case .usage: tr("categories.sort.usage")
        }
    }
}
