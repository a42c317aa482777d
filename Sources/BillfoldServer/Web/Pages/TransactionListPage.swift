import BillfoldAPI
import BillfoldCore

/// The transactions list: filters kept in the URL, the totals of the whole filter always in view,
/// and pages that load as the user scrolls (or by following "Load more" without JavaScript).
struct TransactionListPage: WebPage {
    let filter: TransactionFilter
    let page: TransactionService.Page
    let rows: TransactionRows
    /// The accounts to filter by.
    var accounts: [Account] = []
    /// The tags to filter by (the control shows when the person has any).
    var tags: [Tag] = []
    /// A delete just made, while it can be undone: its id and how many it took.
    var deleted: (id: Int64, count: Int)?

    var listQuery: String { Self.query(filter) }

    /// The next page, as a page of its own (the "Load more" link without JavaScript).
    var nextURL: String? {
        page.next.map { WebPages.transactions.path(query: filter.queryItems + [("cursor", $0.token)]) }
    }

    /// The next page's rows alone, for the list's script.
    var nextRowsURL: String? {
        page.next.map { WebPages.transactionRows.path(query: filter.queryItems + [("cursor", $0.token)]) }
    }

    func document(_ context: PageContext) -> Document {
        Layout(
            context: context, title: tr("nav.transactions"), section: .transactions,
            scripts: ["transactions.js", "split-form.js"]
        )
        .document {
            H.header(.class("page-header")) {
                H.h1 { tr("nav.transactions") }
                H.div(.class("header-actions")) {
                    H.a(.class("button"), .href(WebPages.importFile.path())) { tr("transactions.import") }
                    ExportLinks.menu(filter)
                    H.a(.class("button primary"), .href(WebPages.newTransaction.path())) { tr("transactions.add") }
                }
            }
            if let deleted {
                H.div(.class("notice undo-notice"), .attr("role", "status")) {
                    H.span { tr("transactions.deleted", count: deleted.count) }
                    H.form(.method("post"), .action(WebPages.restoreDeletion.path(deleted.id))) {
                        // Back to this list, with its filters.
                        HTML.void(
                            "input",
                            [
                                .type("hidden"), .name("back"),
                                .value(WebPages.transactions.path(query: filter.queryItems)),
                            ])
                        H.button(.type("submit"), .class("button")) { tr("transactions.undo") }
                    }
                }
            }
            if filter.importID != nil {
                H.p(.class("notice")) {
                    H.sentence(
                        "transactions.fromOneImport",
                        elements: [
                            "showAll": H.a(.href(WebPages.transactions.path())) { tr("transactions.showAll") },
                            "imports": H.a(.href(WebPages.imports.path())) { tr("transactions.imports") },
                        ])
                }
            }
            filters
            totals
            // On wide screens the script shows a chosen transaction in the pane beside the list.
            H.div(.class("split")) {
                list
                H.el(
                    "aside",
                    [.id("detail-pane"), .class("detail-pane"), .label(tr("transactions.detailPaneLabel"))]
                ) {
                    H.div(.class("card pane-empty")) {
                        H.p(.class("secondary")) { tr("transactions.paneEmpty") }
                    }
                }
            }
        }
    }

    /// How many filters are set, for the folded "Filter" control on phones.
    private var activeFilters: Int {
        [
            filter.categoryID != nil || filter.uncategorized, filter.accountID != nil, filter.status != nil,
            filter.from != nil, filter.to != nil, filter.text != nil, filter.tagID != nil,
        ].filter { $0 }.count
    }

    /// On phones the filters fold into one "Filter" control so the list starts on the first
    /// screen (the script folds it there); wide screens show them open, without the control.
    private var filters: HTML {
        H.el("details", [.class("filters-fold"), .attr("open", "")]) {
            H.el("summary", [.class("filters-summary button")]) {
                tr("transactions.filter")
                if activeFilters > 0 {
                    H.span(.class("filters-count")) { " · " + tr("transactions.filtersSet", count: activeFilters) }
                }
            }
            filterForm
        }
    }

    private var filterForm: HTML {
        H.form(
            .class("filters card"), .method("get"), .action(WebPages.transactions.path()), .attr("role", "search"),
            .label(tr("transactions.filterLabel"))
        ) {
            H.div(.class("field")) {
                H.label(.for("category")) { tr("transactions.category") }
                H.select(.id("category"), .name("category"), .data("autosubmit", "")) {
                    categoryOptions
                }
            }
            if accounts.count > 1 || filter.accountID != nil {
                Field.select(
                    "account", label: tr("transactions.account"),
                    options: [("", tr("transactions.allAccounts"))]
                        + accounts.map {
                            (
                                String($0.id),
                                $0.isArchived
                                    ? tr("transactions.archivedAccount", ["name": $0.displayName]) : $0.displayName
                            )
                        },
                    selected: filter.accountID.map(String.init) ?? "")
            }
            if !tags.isEmpty || filter.tagID != nil {
                Field.select(
                    "tag", label: tr("transactions.tag"),
                    options: [("", tr("transactions.anyTag"))] + tags.map { (String($0.id), $0.name) },
                    selected: filter.tagID.map(String.init) ?? "")
            }
            Field.select(
                "status", label: tr("transactions.status"),
                options: [("", tr("transactions.anyStatus"))]
                    + TransactionStatus.allCases.map { ($0.rawValue, $0.label) },
                selected: filter.status?.rawValue ?? "")
            Field.input("from", label: tr("transactions.from"), type: "date", value: filter.from?.description ?? "")
            Field.input("to", label: tr("transactions.to"), type: "date", value: filter.to?.description ?? "")
            Field.input(
                "q", label: tr("transactions.search"), type: "search", value: filter.text ?? "",
                extra: [.attr("placeholder", tr("transactions.searchPlaceholder"))])
            H.div(.class("filter-actions")) {
                H.button(.type("submit"), .class("button")) { tr("transactions.apply") }
                if !filter.isEmpty {
                    H.a(.class("button subtle"), .href(WebPages.transactions.path())) { tr("transactions.clear") }
                }
            }
        }
    }

    private var categoryOptions: [HTML] { CategoryFilterField.options(page.categories, filter: filter) }

    private var totals: HTML {
        H.section(.class("totals"), .id("totals"), .label(tr("transactions.totalsLabel")), .attr("aria-live", "polite"))
        {
            if page.totals.isEmpty {
                H.span(.class("total-empty")) {
                    page.transactions.isEmpty
                        ? tr("transactions.noTotals")
                        : tr("transactions.onlyTransfers")
                }
            }
            for total in page.totals {
                H.div(.class("total"), .data("currency", total.money.currency.code)) {
                    // The sum of money in and out: what the filter adds up to (transfers are neither).
                    H.span(.class("total-label")) { tr("transactions.net") }
                    rows.amount(total.money)
                    H.span(.class("total-count")) { rows.format.transactions(total.count) }
                }
            }
            if let converted = page.converted { ConvertedTotalView(total: converted, format: rows.format).html }
        }
    }

    private var list: HTML {
        H.section(.class("card list-card")) {
            if page.transactions.isEmpty {
                H.div(.class("empty-state")) {
                    H.h2 { filter.isEmpty ? tr("transactions.emptyTitle") : tr("transactions.noMatchTitle") }
                    H.p(.class("secondary")) {
                        filter.isEmpty
                            ? tr("transactions.emptyAdvice")
                            : tr("transactions.noMatchAdvice")
                    }
                    if filter.isEmpty {
                        H.div(.class("form-actions")) {
                            H.a(.class("button primary"), .href(WebPages.importFile.path())) {
                                tr("import.importBankFile")
                            }
                            H.a(.class("button"), .href(WebPages.newTransaction.path())) { tr("transactions.add") }
                        }
                    } else {
                        H.a(.class("button"), .href(WebPages.transactions.path())) { tr("transactions.clearFilters") }
                    }
                }
            } else {
                selectionBar
                H.ul(.class("txn-list"), .id("transaction-list")) {
                    rows.rows(page.transactions, members: page.members, tags: page.tags)
                }
                moreControls
            }
        }
    }

    /// Choosing several rows to delete together: a mode of its own, switched on by the script (so
    /// hidden without it), in which a click on a row ticks it instead of opening it.
    private var selectionBar: HTML {
        H.div(
            .class("selection-bar"), .id("selection-bar"), .hidden,
            .data("confirm", WebPages.confirmDeleteSelected.path()),
            .data("back", WebPages.transactions.path(query: filter.queryItems))
        ) {
            H.button(.type("button"), .class("button small"), .id("select-toggle"), .aria("pressed", "false")) {
                tr("transactions.select")
            }
            H.span(.class("secondary"), .id("selection-count"), .aria("live", "polite")) {}
            H.a(
                .class("button small danger"), .id("delete-selected"), .href(WebPages.confirmDeleteSelected.path()),
                .hidden
            ) {
                tr("transactions.deleteEllipsis")
            }
        }
    }

    /// "Load more" works as a plain link; the script turns it into infinite scroll with visible
    /// loading, error-with-retry and offline states.
    private var moreControls: HTML {
        H.div(.class("more"), .id("more"), .data("signin", WebPages.signIn.path())) {
            if let nextURL, let nextRowsURL {
                H.a(.class("button"), .href(nextURL), .data("more", nextRowsURL)) { tr("transactions.loadMore") }
            } else {
                H.p(.class("secondary end-of-list")) { tr("transactions.endOfList") }
            }
            H.div(
                .class("more-state"), .id("more-state"), .attr("role", "status"), .attr("aria-live", "polite"), .hidden
            ) {}
        }
    }
}
