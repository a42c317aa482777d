/// Billfold's own JSON API under `/api/v1`, described by `openapi.json`.
public enum NativeAPI: RouteCatalogue {
    public static let openAPI = Endpoint(.get, "/api/v1/openapi.json")
    public static let me = Endpoint(.get, "/api/v1/me")

    /// Signing in from an app: email and password for a new access token.
    public static let createToken = Endpoint(.post, "/api/v1/tokens")
    public static let tokens = Endpoint(.get, "/api/v1/tokens")
    public static let revokeToken = Endpoint(.delete, "/api/v1/tokens/{id}")
    /// The token the request came with ends itself (`billfold logout`); a read-only one too.
    public static let revokeCurrentToken = Endpoint(.delete, "/api/v1/tokens/current")

    public static let transactions = Endpoint(.get, "/api/v1/transactions")
    public static let addTransaction = Endpoint(.post, "/api/v1/transactions")
    public static let transaction = Endpoint(.get, "/api/v1/transactions/{id}")
    public static let changeTransaction = Endpoint(.patch, "/api/v1/transactions/{id}")
    public static let transactionHistory = Endpoint(.get, "/api/v1/transactions/{id}/history")
    public static let deleteTransaction = Endpoint(.delete, "/api/v1/transactions/{id}")
    public static let deleteTransactions = Endpoint(.post, "/api/v1/transactions/bulk-delete")
    public static let restoreDeletion = Endpoint(.post, "/api/v1/deletions/{id}/restore")

    public static let categories = Endpoint(.get, "/api/v1/categories")
    public static let addCategory = Endpoint(.post, "/api/v1/categories")
    public static let deleteCategories = Endpoint(.post, "/api/v1/categories/bulk-delete")
    public static let category = Endpoint(.get, "/api/v1/categories/{id}")
    public static let changeCategory = Endpoint(.patch, "/api/v1/categories/{id}")
    public static let deleteCategory = Endpoint(.delete, "/api/v1/categories/{id}")

    public static let reviewDeck = Endpoint(.get, "/api/v1/review/deck")
    public static let reviewLookback = Endpoint(.get, "/api/v1/review/lookback")
    public static let reviewMonths = Endpoint(.get, "/api/v1/review/months")
    public static let reviewBatch = Endpoint(.post, "/api/v1/review/batches")
    public static let activity = Endpoint(.get, "/api/v1/activity")

    public static let projects = Endpoint(.get, "/api/v1/projects")
    public static let addProject = Endpoint(.post, "/api/v1/projects")
    public static let project = Endpoint(.get, "/api/v1/projects/{id}")
    public static let changeProject = Endpoint(.patch, "/api/v1/projects/{id}")
    public static let deleteProject = Endpoint(.delete, "/api/v1/projects/{id}")
    public static let closeProject = Endpoint(.post, "/api/v1/projects/{id}/close")
    public static let reopenProject = Endpoint(.post, "/api/v1/projects/{id}/reopen")
    public static let items = Endpoint(.get, "/api/v1/projects/{id}/items")
    public static let addItem = Endpoint(.post, "/api/v1/projects/{id}/items")
    public static let deleteItems = Endpoint(.post, "/api/v1/projects/{id}/items/bulk-delete")
    public static let changeItem = Endpoint(.patch, "/api/v1/projects/{id}/items/{item}")
    public static let deleteItem = Endpoint(.delete, "/api/v1/projects/{id}/items/{item}")

    public static let awards = Endpoint(.get, "/api/v1/awards")
    /// The dashboard: open projects, up next, uncleared count, this month's spending, recent awards.
    public static let home = Endpoint(.get, "/api/v1/home")
    /// Each account with its balance, number of transactions and last activity.
    public static let accounts = Endpoint(.get, "/api/v1/accounts")
    public static let addAccount = Endpoint(.post, "/api/v1/accounts")
    public static let account = Endpoint(.get, "/api/v1/accounts/{id}")
    /// Rename, set the opening balance, archive or bring back.
    public static let changeAccount = Endpoint(.patch, "/api/v1/accounts/{id}")
    /// Money moved between two of the person's accounts: one linked pair of transactions.
    public static let addTransfer = Endpoint(.post, "/api/v1/transfers")

    /// A bank file as the body; format, account and CSV mapping in the query; `dryRun=true` to preview.
    public static let addImport = Endpoint(.post, "/api/v1/imports")
    public static let imports = Endpoint(.get, "/api/v1/imports")
    /// Undo: removes exactly the import's transactions.
    public static let undoImport = Endpoint(.delete, "/api/v1/imports/{id}")

    /// Splits: the parts of a split parent or the members of a group; split; unsplit.
    public static let transactionChildren = Endpoint(.get, "/api/v1/transactions/{id}/children")
    public static let splitTransaction = Endpoint(.post, "/api/v1/transactions/{id}/split")
    public static let unsplitTransaction = Endpoint(.delete, "/api/v1/transactions/{id}/split")
    public static let addTransactionGroup = Endpoint(.post, "/api/v1/transaction-groups")
    public static let deleteTransactionGroup = Endpoint(.delete, "/api/v1/transaction-groups/{id}")

    public static let tags = Endpoint(.get, "/api/v1/tags")
    public static let addTag = Endpoint(.post, "/api/v1/tags")
    public static let changeTag = Endpoint(.patch, "/api/v1/tags/{id}")
    public static let deleteTag = Endpoint(.delete, "/api/v1/tags/{id}")
    public static let transactionTags = Endpoint(.get, "/api/v1/transactions/{id}/tags")
    public static let setTransactionTags = Endpoint(.put, "/api/v1/transactions/{id}/tags")

    /// The person's rules, in the order they run; applied to existing transactions with a
    /// preview, each run undone whole.
    public static let rules = Endpoint(.get, "/api/v1/rules")
    public static let addRule = Endpoint(.post, "/api/v1/rules")
    public static let rule = Endpoint(.get, "/api/v1/rules/{id}")
    public static let replaceRule = Endpoint(.put, "/api/v1/rules/{id}")
    public static let deleteRule = Endpoint(.delete, "/api/v1/rules/{id}")
    public static let orderRules = Endpoint(.post, "/api/v1/rules/order")
    public static let previewRules = Endpoint(.post, "/api/v1/rules/preview")
    public static let applyRules = Endpoint(.post, "/api/v1/rules/apply")
    public static let undoRuleRun = Endpoint(.post, "/api/v1/rule-runs/{id}/undo")
    public static let exportRules = Endpoint(.get, "/api/v1/rules/export")
    public static let importRules = Endpoint(.post, "/api/v1/rules/import")

    /// Recurring payments found in the history or added by hand; the person confirms or
    /// dismisses each. `find` looks through the whole history again.
    public static let recurring = Endpoint(.get, "/api/v1/recurring")
    public static let addRecurring = Endpoint(.post, "/api/v1/recurring")
    public static let findRecurring = Endpoint(.post, "/api/v1/recurring/find")
    public static let recurringPayment = Endpoint(.get, "/api/v1/recurring/{id}")
    public static let decideRecurring = Endpoint(.put, "/api/v1/recurring/{id}")
    public static let deleteRecurring = Endpoint(.delete, "/api/v1/recurring/{id}")

    /// A month's budget sheet (`?month=YYYY-MM`), a category's budget and rollover, filling a
    /// month and copying it forward.
    public static let budgets = Endpoint(.get, "/api/v1/budgets")
    public static let setBudget = Endpoint(.put, "/api/v1/budgets/{id}")
    public static let fillBudgets = Endpoint(.post, "/api/v1/budgets/fill")
    public static let copyBudgets = Endpoint(.post, "/api/v1/budgets/copy")

    /// Income and spending per month and spending by category over them (`?months=12`, or
    /// `from`/`to` as YYYY-MM; `account`; `by=group`), as JSON or CSV.
    public static let monthlyReport = Endpoint(.get, "/api/v1/reports/monthly")
    public static let monthlyReportCSV = Endpoint(.get, "/api/v1/reports/monthly.csv")
    /// What every account (or `account`) held at each month's end, per currency (`?months=12`,
    /// or `from`/`to`), as JSON or CSV.
    public static let netWorthReport = Endpoint(.get, "/api/v1/reports/net-worth")
    public static let netWorthReportCSV = Endpoint(.get, "/api/v1/reports/net-worth.csv")
    /// A year's income and spending per category and month with each row's total, monthly
    /// average and the year before's total (`?year=YYYY`; the filters as for `monthly`).
    public static let yearReport = Endpoint(.get, "/api/v1/reports/year")
    /// The exchange rates: the published sources' state and the person's own rates; set one
    /// (`{"currency", "quote"?, "day", "rate"}`), delete one.
    public static let rates = Endpoint(.get, "/api/v1/rates")
    public static let setRate = Endpoint(.post, "/api/v1/rates")
    public static let deleteRate = Endpoint(.delete, "/api/v1/rates/{id}")
    public static let yearReportCSV = Endpoint(.get, "/api/v1/reports/year.csv")

    public static let all = [
        monthlyReport, monthlyReportCSV, netWorthReport, netWorthReportCSV, yearReport, yearReportCSV, rates, setRate,
        deleteRate,
        budgets,
        setBudget, fillBudgets, copyBudgets,
        recurring, addRecurring, findRecurring, recurringPayment, decideRecurring, deleteRecurring,
        rules, addRule, rule, replaceRule, deleteRule, orderRules, previewRules, applyRules, undoRuleRun,
        exportRules, importRules,
        transactionChildren, splitTransaction, unsplitTransaction, addTransactionGroup, deleteTransactionGroup, tags,
        addTag, changeTag, deleteTag, transactionTags, setTransactionTags,
        openAPI, me, createToken, tokens, revokeToken, revokeCurrentToken, transactions, addTransaction, transaction,
        changeTransaction,
        transactionHistory, deleteTransaction, deleteTransactions, restoreDeletion,
        categories, addCategory,
        deleteCategories, category, changeCategory, deleteCategory, reviewDeck, reviewLookback, reviewMonths,
        reviewBatch,
        activity, projects, addProject, project, changeProject, deleteProject, closeProject, reopenProject,
        items, addItem, deleteItems, changeItem, deleteItem, awards, home, accounts, addAccount, account,
        changeAccount, addTransfer, addImport, imports, undoImport,
    ]
}

/// The category contract of the category-management app: `/api/categories`.
public enum CategoryContractAPI: RouteCatalogue {
    public static let categories = Endpoint(.get, "/api/categories")
    public static let addCategory = Endpoint(.post, "/api/categories")
    public static let deleteCategory = Endpoint(.delete, "/api/categories/{id}")

    public static let all = [categories, addCategory, deleteCategory]
}

/// The PAYBACK app's feed.
public enum PaybackAPI: RouteCatalogue {
    public static let transactions = Endpoint(.get, "/payback/transactions")

    public static let all = [transactions]
}

/// What operators and load balancers call.
public enum OperationsAPI: RouteCatalogue {
    public static let live = Endpoint(.get, "/health/live")
    public static let ready = Endpoint(.get, "/health/ready")
    /// Only registered when a metrics token is configured.
    public static let metrics = Endpoint(.get, "/metrics")
    public static let asset = Endpoint(.get, "/assets/{name}")
    /// The web app manifest and the service worker: what makes the web app installable.
    public static let manifest = Endpoint(.get, "/manifest.webmanifest")
    public static let serviceWorker = Endpoint(.get, "/sw.js")

    public static let all = [live, ready, metrics, asset, manifest, serviceWorker]
}
