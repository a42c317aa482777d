/// A request to delete categories, and the plan that carries it out safely.
///
/// Deleting a category never deletes a transaction: a category in use can only go once the user
/// has said where its transactions move (another category, or uncategorised), and a group with
/// categories only once the user has said whether they move out of the group or go with it.
public struct CategoryDeletion: Hashable, Sendable {
    /// Where the transactions of deleted categories go.
    public enum Destination: Hashable, Sendable {
        /// The user has not chosen; allowed only when nothing would move.
        case unchosen
        case uncategorized
        case category(Int64)

        /// The category id the transactions get; nil for uncategorised.
        public var categoryID: Int64? {
            if case .category(let id) = self { return id }
            return nil
        }
    }

    public var ids: [Int64]
    public var destination: Destination
    /// A deleted group's categories move to the top level instead of being deleted with it.
    public var keepChildren: Bool

    public init(ids: [Int64], destination: Destination = .unchosen, keepChildren: Bool = false) {
        self.ids = ids
        self.destination = destination
        self.keepChildren = keepChildren
    }

    /// What will happen, checked against the user's categories and their transaction counts.
    public struct Plan: Hashable, Sendable {
        /// Every category that goes, including a group's children when they go with it.
        public var deleted: [Int64]
        /// Children of deleted groups that move to the top level.
        public var movedOut: [Int64]
        public var destination: Destination
        /// How many transactions change category.
        public var transactionsMoving: Int
    }

    public func plan(in tree: CategoryTree, transactionCounts: [Int64: Int]) throws(BillfoldError) -> Plan {
        guard !ids.isEmpty else { throw .validation("ids", Phrase("error.core.deleteNothingChosen")) }
        var deleted: [Int64] = []
        for id in ids where !deleted.contains(id) {
            guard tree.category(id) != nil else { throw .notFound(.category) }
            deleted.append(id)
        }
        let requested = Set(deleted)
        var movedOut: [Int64] = []
        for id in deleted {
            let group = tree.category(id)!
            let children = tree.children(of: id).filter { !requested.contains($0.id) }
            guard group.isGroup, !children.isEmpty else { continue }
            if keepChildren {
                movedOut += children.map(\.id)
            } else if destination == .unchosen {
                throw BillfoldError(
                    .groupNotEmpty,
                    Phrase("error.core.deleteGroupNotEmpty", ["name": group.name], count: children.count))
            } else {
                deleted += children.map(\.id)
            }
        }
        for id in movedOut {
            let child = tree.category(id)!
            if let clash = tree.sibling(named: child.name, in: nil), !deleted.contains(clash.id) {
                throw .validation(
                    "keepChildren",
                    Phrase("error.core.deleteMoveOutClash", ["name": child.name, "other": clash.name]))
            }
        }
        let moving = deleted.reduce(0) { $0 + transactionCounts[$1, default: 0] }
        switch destination {
        case .unchosen where moving > 0:
            let message =
                deleted.count == 1
                ? Phrase("error.core.deleteCategoryInUse", ["name": tree.category(deleted[0])!.name], count: moving)
                : Phrase("error.core.deleteCategoriesInUse", count: moving)
            throw BillfoldError(
                .categoryInUse, message,
                fields: ["reassignTo": Phrase("error.core.deleteChooseDestination", count: moving)])
        case .category(let target):
            guard let category = tree.category(target) else {
                throw .validation("reassignTo", Phrase("error.core.noCategoryWithID", ["id": String(target)]))
            }
            guard !category.isGroup else {
                throw .validation("reassignTo", Phrase("error.core.deleteDestinationIsGroup", ["name": category.name]))
            }
            guard !deleted.contains(target) else {
                throw .validation("reassignTo", Phrase("error.core.deleteDestinationDeleted", ["name": category.name]))
            }
        default:
            break
        }
        return Plan(deleted: deleted, movedOut: movedOut, destination: destination, transactionsMoving: moving)
    }
}
