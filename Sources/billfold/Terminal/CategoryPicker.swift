import BillfoldCore

/// The picker opened by ←: the current category on top, then Uncategorized, then the groups as
/// headings with their categories indented under them. Typing filters by name; ↑/↓ move over
/// the choosable lines only (never a heading).
struct CategoryPicker {
    /// One line of the list.
    struct Line: Equatable {
        var text: String
        var indent: Int
        /// nil for a heading; `.some(nil)` for Uncategorized.
        var choice: Int64??
        var isCurrent: Bool = false
    }

    let tree: CategoryTree
    let current: Int64?
    var filter = ""
    var selection = 0

    init(tree: CategoryTree, current: Int64?) {
        self.tree = tree
        self.current = current
    }

    var lines: [Line] {
        let needle = filter.lowercased()
        func matches(_ name: String) -> Bool { needle.isEmpty || name.lowercased().contains(needle) }
        var lines: [Line] = []
        if let current, let category = tree.category(current), !category.isGroup, matches(category.name) {
            lines.append(
                Line(
                    text: tr("terminal.picker.current", ["name": category.name]), indent: 0, choice: .some(current),
                    isCurrent: true))
        }
        if matches(CategoryTree.uncategorized) {
            lines.append(
                Line(text: CategoryTree.uncategorized, indent: 0, choice: .some(nil), isCurrent: current == nil))
        }
        for top in tree.topLevel where !top.flags.archived {
            if top.isGroup {
                // A group's name matching shows all its categories; else only those that match.
                let open = tree.children(of: top.id).filter { !$0.flags.archived && $0.id != current }
                let shown = matches(top.name) ? open : open.filter { matches($0.name) }
                guard !shown.isEmpty else { continue }
                lines.append(Line(text: tr("terminal.picker.groupHeading", ["name": top.name]), indent: 0, choice: nil))
                for child in shown {
                    lines.append(Line(text: child.name, indent: 2, choice: .some(child.id)))
                }
            } else if matches(top.name), top.id != current {
                lines.append(Line(text: top.name, indent: 0, choice: .some(top.id)))
            }
        }
        return lines
    }

    /// Indexes of the lines that can be chosen.
    var choosable: [Int] { lines.indices.filter { lines[$0].choice != nil } }

    /// The line the selection is on, among the choosable ones.
    var selectedLine: Int? {
        let choosable = choosable
        guard !choosable.isEmpty else { return nil }
        return choosable[min(max(0, selection), choosable.count - 1)]
    }

    /// What Enter chooses: a category id, `.some(nil)` for Uncategorized, nil for nothing.
    var chosen: Int64?? { selectedLine.flatMap { lines[$0].choice } }

    mutating func move(_ step: Int) {
        let count = choosable.count
        guard count > 0 else { return }
        selection = (min(max(0, selection), count - 1) + step + count) % count
    }

    mutating func type(_ character: Character) {
        filter.append(character)
        selection = 0
    }

    mutating func deleteBackward() {
        guard !filter.isEmpty else { return }
        filter.removeLast()
        selection = 0
    }
}
