import BillfoldCore

/// The category choice of a filter (the list's and the reports'): every category, a group
/// with all its categories, or the uncategorised (`none`).
enum CategoryFilterField {
    static func options(_ categories: CategoryTree, filter: TransactionFilter) -> [HTML] {
        func option(_ value: String, _ text: String) -> HTML {
            let selected =
                (value == "none" && filter.uncategorized) || (filter.categoryID.map(String.init) == value)
            return H.el("option", [.value(value)] + (selected ? [.selected] : [])) { text }
        }
        var options = [option("", tr("transactions.allCategories")), option("none", tr("transactions.uncategorized"))]
        for top in categories.topLevel {
            if top.isGroup {
                options.append(option(String(top.id), tr("transactions.groupAll", ["name": top.name])))
                for child in categories.children(of: top.id) {
                    options.append(option(String(child.id), "\u{2003}\(child.name)"))
                }
            } else {
                options.append(option(String(top.id), top.name))
            }
        }
        return options
    }
}
