import BillfoldAPI
import BillfoldCore

/// The categories list: search and sort kept in the URL, groups with their children indented,
/// each row with its colour, icon, usage and totals, and a selection for bulk delete. The script
/// refreshes the list in place as the user types; without it the form simply submits.
struct CategoryListPage: WebPage {
    let listing: CategoryListing
    let format: DisplayFormat

    func document(_ context: PageContext) -> Document {
        Layout(context: context, title: tr("nav.categories"), section: .categories, scripts: ["categories.js"])
            .document {
                H.header(.class("page-header")) {
                    H.h1 { tr("nav.categories") }
                    H.div(.class("header-actions")) {
                        H.a(.class("button"), .href(WebPages.rules.path())) { tr("rules.title") }
                        H.a(.class("button"), .href(WebPages.newCategory.path(query: [("group", "1")]))) {
                            tr("categories.newGroup")
                        }
                        H.a(.class("button primary"), .href(WebPages.newCategory.path())) {
                            tr("categories.newCategory")
                        }
                    }
                }
                if !listing.entries.isEmpty { toolbar }
                H.div(.id("category-list"), .attr("aria-live", "polite")) { list }
            }
    }

    private var toolbar: HTML {
        H.form(
            .class("filters card category-filters"), .method("get"), .action(WebPages.categories.path()),
            .attr("role", "search"),
            .label(tr("categories.searchAndSort"))
        ) {
            Field.input(
                "q", label: tr("categories.searchLabel"), type: "search", value: listing.search,
                extra: [.attr("autocomplete", "off")])
            Field.select(
                "sort", label: tr("categories.sortBy"),
                options: CategorySort.allCases.map { ($0.rawValue, $0.label) },
                selected: listing.sort.rawValue)
            H.div(.class("filter-actions")) {
                H.button(.type("submit"), .class("button"), .data("without-script", "")) { tr("categories.apply") }
            }
        }
    }

    /// The part the script swaps in after a search or a new sort.
    var list: HTML {
        let tree = listing.tree
        return H.group {
            if listing.entries.isEmpty {
                H.section(.class("card empty-state")) {
                    CategoryLook.icon("tag")
                    H.h2 { tr("categories.emptyTitle") }
                    H.p(.class("secondary")) { tr("categories.emptyText") }
                    H.a(.class("button primary"), .href(WebPages.newCategory.path())) { tr("categories.createFirst") }
                    H.p(.class("secondary starter-offer")) { tr("categories.starter.offer") }
                    H.form(.method("post"), .action(WebPages.addStarterCategories.path())) {
                        H.button(.type("submit"), .class("button")) { tr("categories.starter.button") }
                    }
                }
            } else if tree.isEmpty {
                H.section(.class("card empty-state")) {
                    H.h2 { tr("categories.noMatch", ["search": listing.search]) }
                    H.a(.class("button"), .href(WebPages.categories.path())) { tr("categories.showAll") }
                }
            } else {
                H.form(
                    .class("card list-card"), .method("post"), .action(WebPages.deleteCategories.path()),
                    .id("bulk-form")
                ) {
                    H.div(.class("bulk-bar")) {
                        H.label(.class("select-box")) {
                            H.input(.type("checkbox"), .id("select-all"), .attr("hidden", nil))
                            H.span(.class("visually-hidden"), .id("select-all-label")) {
                                tr("categories.selectAllShown")
                            }
                        }
                        H.span(.class("secondary"), .id("selection-count")) { count(listing.flat.count) }
                        H.button(.type("submit"), .class("button danger small"), .id("bulk-delete")) {
                            tr("categories.deleteSelected")
                        }
                    }
                    H.ul(.class("category-list")) {
                        for (entry, children) in tree {
                            row(entry, indented: false)
                            if !children.isEmpty {
                                H.li(.class("children")) {
                                    H.ul(.label(tr("categories.inGroup", ["name": entry.category.name]))) {
                                        for child in children { row(child, indented: true) }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    private func count(_ shown: Int) -> String {
        tr("categories.count", count: shown)
    }

    private func row(_ usage: CategoryUsage, indented: Bool) -> HTML {
        let c = usage.category
        return H.li(.class(indented ? "category-row child" : "category-row"), .data("id", String(c.id))) {
            // The whole 44 px box around the tick is the target, as a finger needs.
            H.label(.class("select-box")) {
                H.input(
                    .type("checkbox"), .name("ids[]"), .value(String(c.id)), .id("select-\(c.id)"), .class("select"))
                H.span(.class("visually-hidden")) { tr("categories.selectNamed", ["name": c.name]) }
            }
            CategoryLook.badge(c)
            H.div(.class("category-main")) {
                H.a(.class("category-name"), .href(WebPages.editCategory.path(c.id))) {
                    H.strong { c.name }
                    if c.isGroup { H.span(.class("tag")) { tr("categories.groupTag") } }
                    if c.flags.archived { H.span(.class("tag")) { tr("categories.archivedTag") } }
                }
                if !c.description.isEmpty { H.p(.class("description secondary")) { c.description } }
            }
            H.div(.class("category-usage")) {
                H.a(.href(WebPages.transactions.path(query: [("category", String(c.id))])), .class("usage-count")) {
                    format.transactions(usage.transactionCount)
                }
                for total in usage.totals {
                    H.span(.class(total.money.isExpense ? "amount expense" : "amount income")) {
                        format.money(total.money)
                    }
                }
            }
            H.div(.class("row-actions")) {
                H.a(
                    .class("button small subtle"), .href(WebPages.editCategory.path(c.id)),
                    .label(tr("categories.editNamed", ["name": c.name]))
                ) {
                    tr("categories.edit")
                }
                H.a(
                    .class("button small danger"), .href(WebPages.confirmDeleteCategory.path(c.id)),
                    .label(tr("categories.deleteNamed", ["name": c.name]))
                ) {
                    tr("categories.delete")
                }
            }
        }
    }
}
