import BillfoldAPI
import BillfoldCore
import Foundation

/// What the report pages share: the tabs between them, a month's short name, a headline
/// figure and the link to the list of what a figure counted.
struct ReportParts {
    enum Tab { case months, netWorth, year }

    let format: DisplayFormat
    let zone: TimeZone

    /// The page's title, its way back to Budgets, the tabs between the reports and the CSV link.
    func header(_ current: Tab, csv: String) -> HTML {
        H.group {
            H.a(.class("back-link"), .href(WebPages.budgets.path())) { tr("recurring.backToBudgets") }
            H.header(.class("page-header")) {
                H.h1 { tr("reports.title") }
                H.div(.class("header-actions")) {
                    H.a(.class("button"), .href(csv), .id("report-csv")) { tr("reports.downloadCSV") }
                }
            }
            H.nav(.class("tabs report-tabs"), .label(tr("reports.kinds"))) {
                tab(.months, current, WebPages.reports.path(), tr("reports.incomeAndSpendingTab"))
                tab(.netWorth, current, WebPages.netWorth.path(), tr("reports.netWorth"))
                tab(.year, current, WebPages.yearInReview.path(), tr("reports.yearInReview"))
            }
        }
    }

    private func tab(_ tab: Tab, _ current: Tab, _ path: String, _ name: String) -> HTML {
        H.a(.href(path), tab == current ? .aria("current", "page") : .class("tab")) { name }
    }

    func short(_ month: Month) -> String {
        month.firstDay.start(in: zone).formatted(
            Date.FormatStyle(locale: format.locale, timeZone: zone).month(.abbreviated).year(.twoDigits))
    }

    func figure(_ label: String, _ money: Money) -> HTML {
        H.span(.class("total")) {
            H.span(.class("total-label")) { label }
            " " + format.money(money)
        }
    }

    /// The list filtered to the months from `first` through `last` and the report's filter,
    /// narrowed to a category (a group takes its categories; nil: the uncategorised) when given:
    /// its totals are the figure's.
    static func listLink(_ filter: TransactionFilter, _ first: Month, _ last: Month, category: Int64?? = .none)
        -> String
    {
        var narrowed = filter
        if case .some(let id) = category {
            narrowed.categoryID = id
            narrowed.uncategorized = id == nil
        }
        narrowed.from = first.firstDay
        narrowed.to = last.lastDay
        return WebPages.transactions.path(query: narrowed.queryItems)
    }

    /// The span's choice: the last 12, 24 or 36 months (none chosen when the address gives months).
    static func spanField(_ selected: Int?) -> HTML {
        Field.select(
            "months", label: tr("reports.span"),
            options: ReportService.spans.map { (String($0), tr("reports.lastMonths", count: $0)) },
            selected: selected.map(String.init) ?? "")
    }

    /// The account's choice: all, or one (an archived one only when it is the one chosen).
    static func accountField(_ selected: Int64?, accounts: [Account]) -> HTML {
        Field.select(
            "account", label: tr("reports.account"),
            options: [("", tr("reports.allAccounts"))]
                + accounts.filter { !$0.isArchived || $0.id == selected }.map { (String($0.id), $0.displayName) },
            selected: selected.map(String.init) ?? "")
    }

    /// The filters of the months' and the year's reports: an account, a category or group, a tag.
    static func filterFields(
        _ filter: TransactionFilter, accounts: [Account], tree: CategoryTree, tags: [Tag]
    ) -> HTML {
        H.group {
            accountField(filter.accountID, accounts: accounts)
            H.div(.class("field")) {
                H.label(.for("category")) { tr("reports.category") }
                H.select(.id("category"), .name("category")) { CategoryFilterField.options(tree, filter: filter) }
            }
            if !tags.isEmpty || filter.tagID != nil {
                Field.select(
                    "tag", label: tr("transactions.tag"),
                    options: [("", tr("transactions.anyTag"))] + tags.map { (String($0.id), $0.name) },
                    selected: filter.tagID.map(String.init) ?? "")
            }
        }
    }
}
