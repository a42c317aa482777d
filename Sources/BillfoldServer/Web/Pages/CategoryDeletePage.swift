import BillfoldAPI
import BillfoldCore
import NIOHTTP1

/// The confirmation before categories go: names them, says how many transactions will move,
/// and asks where they go (and, for a group, what happens to its categories). Used for one
/// category and for a selection alike.
struct CategoryDeletePage: WebPage {
    /// The form as posted; `reassignTo` is a category id, "none", or empty when not chosen yet.
    struct Values: Codable, Sendable {
        var ids: [String]?
        var confirm: String?
        var reassignTo: String?
        var children: String?

        var categoryIDs: [Int64] { (ids ?? []).compactMap { Int64($0) } }

        var deletion: CategoryDeletion {
            let destination: CategoryDeletion.Destination =
                switch reassignTo ?? "" {
                case "": .unchosen
                case "none": .uncategorized
                case let text: Int64(text).map { .category($0) } ?? .category(0)
                }
            return CategoryDeletion(ids: categoryIDs, destination: destination, keepChildren: children == "keep")
        }
    }

    let values: Values
    let categories: [Category]
    let tree: CategoryTree
    /// Each category's own transactions.
    let counts: [Int64: Int]
    let format: DisplayFormat
    var error: BillfoldError?

    private var ids: Set<Int64> { Set(categories.map(\.id)) }
    /// Children of the chosen groups that are not chosen themselves: they need a decision.
    private var children: [Category] {
        categories.filter(\.isGroup).flatMap { tree.children(of: $0.id) }.filter { !ids.contains($0.id) }
    }
    private var ownCount: Int { categories.reduce(0) { $0 + counts[$1.id, default: 0] } }
    private var childrenCount: Int { children.reduce(0) { $0 + counts[$1.id, default: 0] } }

    private var title: String {
        categories.count == 1
            ? tr("categories.deleteOneTitle", ["name": categories[0].name])
            : tr("categories.deleteSomeTitle", count: categories.count)
    }

    func document(_ context: PageContext) -> Document {
        Layout(context: context, title: title, section: .categories)
            .document(status: error == nil ? .ok : (error?.code == .notFound ? .notFound : .badRequest)) {
                H.a(.class("back-link"), .href(WebPages.categories.path())) { tr("categories.backToList") }
                H.section(.class("card form-card delete-card")) {
                    H.h1 { title }
                    if categories.count > 1 {
                        H.ul(.class("delete-names")) {
                            for category in categories { H.li { CategoryLook.chip(category) } }
                        }
                    }
                    H.p(.class("delete-summary")) { summary }
                    if let error {
                        H.p(.class("form-error"), .attr("role", "alert")) { error.message }
                    }
                    form
                }
            }
    }

    private var summary: String {
        if categories.count == 1 {
            return ownCount == 0
                ? tr("categories.deleteSummaryItNone") : tr("categories.deleteSummaryIt", count: ownCount)
        }
        return ownCount == 0
            ? tr("categories.deleteSummaryThemNone") : tr("categories.deleteSummaryThem", count: ownCount)
    }

    private var form: HTML {
        H.form(.method("post"), .action(WebPages.deleteCategories.path()), .class("edit-form")) {
            for id in categories.map(\.id) { H.input(.type("hidden"), .name("ids[]"), .value(String(id))) }
            H.input(.type("hidden"), .name("confirm"), .value("1"))
            if !children.isEmpty { childrenChoice }
            if ownCount + childrenCount > 0 || !children.isEmpty { destination }
            H.div(.class("form-actions")) {
                H.button(.type("submit"), .class("button danger")) {
                    categories.count == 1
                        ? (categories[0].isGroup
                            ? tr("categories.deleteGroupButton") : tr("categories.deleteCategoryButton"))
                        : tr("categories.deleteSomeButton", count: categories.count)
                }
                H.a(.class("button subtle"), .href(WebPages.categories.path())) { tr("categories.cancel") }
            }
        }
    }

    private var childrenChoice: HTML {
        let names = Words.current.list(children.map(\.name))
        let keep = values.children != "delete"
        return H.fieldset(.class(error?.fields["keepChildren"] == nil ? "field choices" : "field choices invalid")) {
            H.legend {
                tr("categories.groupHolds", count: children.count, ["names": names])
            }
            H.label(.class("check")) {
                HTML.void(
                    "input", [.type("radio"), .name("children"), .value("keep")] + (keep ? [.flag("checked")] : []))
                H.span { tr("categories.keepChildren") }
            }
            H.label(.class("check")) {
                HTML.void(
                    "input", [.type("radio"), .name("children"), .value("delete")] + (keep ? [] : [.flag("checked")]))
                H.span {
                    childrenCount > 0
                        ? tr("categories.deleteChildrenMoving", count: childrenCount) : tr("categories.deleteChildren")
                }
            }
            if let message = error?.fields["keepChildren"] { H.p(.class("field-error")) { message } }
        }
    }

    /// Where the transactions go: any surviving category, or uncategorised.
    private var destination: HTML {
        let invalid = error?.fields["reassignTo"] != nil || error?.code == .categoryInUse
        return H.div(.class(invalid ? "field invalid" : "field")) {
            H.label(.for("reassignTo")) {
                ownCount == 0 ? tr("categories.moveIfChildrenDeleted") : tr("categories.moveTo")
            }
            H.select(.id("reassignTo"), .name("reassignTo")) {
                H.el("option", [.value("")] + ((values.reassignTo ?? "").isEmpty ? [.selected] : [])) {
                    tr("categories.choose")
                }
                H.el("option", [.value("none")] + (values.reassignTo == "none" ? [.selected] : [])) {
                    tr("categories.uncategorized")
                }
                for top in tree.topLevel where !ids.contains(top.id) {
                    if top.isGroup {
                        let options = tree.children(of: top.id).filter { !ids.contains($0.id) }
                        if !options.isEmpty {
                            H.optgroup(.attr("label", top.name)) { for child in options { option(child) } }
                        }
                    } else {
                        option(top)
                    }
                }
            }
            if let message = error?.fields["reassignTo"] { H.p(.class("field-error")) { message } }
        }
    }

    private func option(_ category: Category) -> HTML {
        H.el("option", [.value(String(category.id))] + (values.reassignTo == String(category.id) ? [.selected] : [])) {
            category.name
        }
    }
}
