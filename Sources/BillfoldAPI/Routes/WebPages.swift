/// The web app: its pages, the forms they post, and the fragments their scripts load.
public enum WebPages: RouteCatalogue {
    public static let start = Endpoint(.get, "/")
    public static let signIn = Endpoint(.get, "/signin")
    public static let sendSignIn = Endpoint(.post, "/signin")
    public static let signOut = Endpoint(.post, "/signout")
    public static let setup = Endpoint(.get, "/setup")
    public static let sendSetup = Endpoint(.post, "/setup")

    public static let home = Endpoint(.get, "/home")

    public static let transactions = Endpoint(.get, "/transactions")
    /// The next rows of the list, for its "Show more" script.
    public static let transactionRows = Endpoint(.get, "/transactions/rows")
    public static let newTransaction = Endpoint(.get, "/transactions/new")
    public static let addTransaction = Endpoint(.post, "/transactions/new")
    public static let transaction = Endpoint(.get, "/transactions/{id}")
    public static let saveTransaction = Endpoint(.post, "/transactions/{id}")
    public static let confirmDeleteTransaction = Endpoint(.get, "/transactions/{id}/delete")
    public static let deleteTransaction = Endpoint(.post, "/transactions/{id}/delete")
    /// Several chosen in the list (`?ids=1,2,3`): confirm, then delete them together.
    public static let confirmDeleteSelected = Endpoint(.get, "/transactions/delete")
    public static let deleteSelected = Endpoint(.post, "/transactions/delete")
    /// A transaction's sync with Lunch Money: Retry, or a choice in a conflict (`action`).
    public static let syncTransaction = Endpoint(.post, "/transactions/{id}/sync")
    /// Split, unsplit, ungroup or save tags (`action`) on a transaction's page.
    public static let changeTransactionParts = Endpoint(.post, "/transactions/{id}/parts")
    public static let restoreDeletion = Endpoint(.post, "/deletions/{id}/restore")
    /// A reload of the undo's address: back to the list, which offers the undo while it stands.
    public static let restoreDeletionPage = Endpoint(.get, "/deletions/{id}/restore")

    /// Every account with its balance; open one, record a transfer.
    public static let accounts = Endpoint(.get, "/accounts")
    public static let addAccount = Endpoint(.post, "/accounts")
    public static let account = Endpoint(.get, "/accounts/{id}")
    /// Rename, opening balance, archive or bring back (`action`).
    public static let saveAccount = Endpoint(.post, "/accounts/{id}")
    public static let addTransfer = Endpoint(.post, "/transfers")

    public static let categories = Endpoint(.get, "/categories")
    public static let newCategory = Endpoint(.get, "/categories/new")
    public static let addCategory = Endpoint(.post, "/categories/new")
    /// The common set of categories in the person's language (`StarterCategories`).
    public static let addStarterCategories = Endpoint(.post, "/categories/starter")
    public static let editCategory = Endpoint(.get, "/categories/{id}/edit")
    public static let saveCategory = Endpoint(.post, "/categories/{id}/edit")
    public static let confirmDeleteCategory = Endpoint(.get, "/categories/{id}/delete")
    public static let deleteCategories = Endpoint(.post, "/categories/bulk-delete")

    public static let review = Endpoint(.get, "/review")
    /// What shows, without a connection, for a page not saved on the device (the service worker's).
    public static let offline = Endpoint(.get, "/offline")
    /// A month's cards, for the review script.
    public static let reviewCards = Endpoint(.get, "/review/cards")
    /// Awards the deck's decisions have just earned, for the review script to announce.
    public static let reviewAwards = Endpoint(.get, "/review/awards")
    public static let activity = Endpoint(.get, "/activity")
    /// The deck's own choice of how a decided card leaves (the same setting as Settings').
    public static let saveDeckAnimation = Endpoint(.post, "/review/animation")

    public static let projects = Endpoint(.get, "/projects")
    public static let closedProjects = Endpoint(.get, "/projects/closed")
    public static let addProject = Endpoint(.post, "/projects")
    public static let project = Endpoint(.get, "/projects/{id}")
    public static let editProject = Endpoint(.get, "/projects/{id}/edit")
    public static let saveProject = Endpoint(.post, "/projects/{id}/edit")
    public static let closeProject = Endpoint(.post, "/projects/{id}/close")
    public static let reopenProject = Endpoint(.post, "/projects/{id}/reopen")
    public static let addItem = Endpoint(.post, "/projects/{id}/items")
    public static let deleteItems = Endpoint(.post, "/projects/{id}/items/delete")
    /// Ticks an item done (`done=<item id>`) or not done (`undone=<item id>`).
    public static let completeItem = Endpoint(.post, "/projects/{id}/items/complete")
    public static let editItem = Endpoint(.get, "/projects/{id}/items/{item}/edit")
    public static let saveItem = Endpoint(.post, "/projects/{id}/items/{item}/edit")
    public static let awards = Endpoint(.get, "/awards")

    /// A month's budgets (`?month=YYYY-MM`): the sheet, its amounts and rollovers saved together
    /// (`action` save, fillLastMonth, fillAverage, copy).
    public static let budgets = Endpoint(.get, "/budgets")
    public static let saveBudgets = Endpoint(.post, "/budgets")

    /// Reports over months (`months`, `from`, `to`, `account`, `by`), and the same as CSV.
    public static let reports = Endpoint(.get, "/reports")
    public static let reportsCSV = Endpoint(.get, "/reports/monthly.csv")
    /// What the person owned at each month's end, and its CSV.
    public static let netWorth = Endpoint(.get, "/reports/net-worth")
    public static let netWorthCSV = Endpoint(.get, "/reports/net-worth.csv")
    /// One year's figures per category and month (`?year=YYYY`), and its CSV.
    public static let yearInReview = Endpoint(.get, "/reports/year")
    public static let yearInReviewCSV = Endpoint(.get, "/reports/year.csv")

    /// Recurring payments: the list with each one's buttons (`action`: confirm, dismiss, restore,
    /// delete), one added by hand, and a look through the whole history again.
    public static let recurring = Endpoint(.get, "/recurring")
    public static let addRecurring = Endpoint(.post, "/recurring")
    public static let findRecurring = Endpoint(.post, "/recurring/find")
    public static let decideRecurring = Endpoint(.post, "/recurring/{id}")

    /// Bank files in: choose a file, check the mapping and the preview, import.
    public static let importFile = Endpoint(.get, "/import")
    public static let imports = Endpoint(.get, "/imports")
    public static let confirmUndoImport = Endpoint(.get, "/imports/{id}/undo")
    public static let undoImport = Endpoint(.post, "/imports/{id}/undo")
    /// A download of the books (`format`, and the list's filter to export a view).
    public static let export = Endpoint(.get, "/export")

    public static let settings = Endpoint(.get, "/settings")
    public static let saveSettings = Endpoint(.post, "/settings")
    public static let createToken = Endpoint(.post, "/settings/tokens")
    public static let revokeToken = Endpoint(.post, "/settings/tokens/{id}/revoke")
    public static let changePassword = Endpoint(.post, "/settings/password")
    public static let endOtherSessions = Endpoint(.post, "/settings/sessions/end")
    public static let createTag = Endpoint(.post, "/settings/tags")
    public static let renameTag = Endpoint(.post, "/settings/tags/{id}")
    public static let deleteTag = Endpoint(.post, "/settings/tags/{id}/delete")
    /// Settings › Exchange rates: set one of the person's own rates, delete one.
    public static let setPersonalRate = Endpoint(.post, "/settings/rates")
    public static let deletePersonalRate = Endpoint(.post, "/settings/rates/{id}/delete")
    public static let connectLunchMoney = Endpoint(.post, "/settings/lunchmoney")
    public static let checkLunchMoney = Endpoint(.post, "/settings/lunchmoney/check")
    public static let disconnectLunchMoney = Endpoint(.post, "/settings/lunchmoney/disconnect")
    public static let pullLunchMoney = Endpoint(.post, "/settings/lunchmoney/pull")
    public static let lunchMoneyPullStatus = Endpoint(.get, "/settings/lunchmoney/pull")
    /// How often to pull by itself (`minutes`; empty is never).
    public static let scheduleLunchMoneyPulls = Endpoint(.post, "/settings/lunchmoney/schedule")

    /// The person's rules: the list (reorder, switch, delete), add and edit with a test against
    /// the history, applying them to existing transactions with a preview and one Undo.
    public static let rules = Endpoint(.get, "/rules")
    public static let newRule = Endpoint(.get, "/rules/new")
    public static let addRule = Endpoint(.post, "/rules/new")
    /// One rule made from a decision just taken ("Always put REWE in Groceries?").
    public static let quickRule = Endpoint(.post, "/rules/quick")
    public static let editRule = Endpoint(.get, "/rules/{id}/edit")
    public static let saveRule = Endpoint(.post, "/rules/{id}/edit")
    /// Switch on or off, move up or down, or delete (`action`).
    public static let changeRule = Endpoint(.post, "/rules/{id}")
    /// The order after a drag (`ids`, comma-separated), from the list's script.
    public static let orderRules = Endpoint(.post, "/rules/order")
    public static let previewRules = Endpoint(.get, "/rules/apply")
    public static let applyRules = Endpoint(.post, "/rules/apply")
    public static let undoRuleRun = Endpoint(.post, "/rule-runs/{id}/undo")

    /// Addresses forms post to that have no page of their own, each with the page its form is
    /// on. A reload of one (a GET after the form was sent, a bookmark) goes to that page instead
    /// of a 404; the page takes the address's parameters.
    public static let formPages: [(form: Endpoint, page: Endpoint)] = [
        (signOut, home), (deleteCategories, categories), (closeProject, project), (reopenProject, project),
        (addItem, project), (deleteItems, project), (completeItem, project), (createToken, settings),
        (revokeToken, settings),
        (connectLunchMoney, settings), (checkLunchMoney, settings), (disconnectLunchMoney, settings),
        (addTransfer, accounts), (scheduleLunchMoneyPulls, settings), (syncTransaction, transaction),
        (changeTransactionParts, transaction), (createTag, settings), (renameTag, settings), (deleteTag, settings),
        (setPersonalRate, settings), (deletePersonalRate, settings),
        (changePassword, settings), (endOtherSessions, settings), (addStarterCategories, categories),
        (quickRule, rules), (changeRule, rules), (orderRules, rules), (undoRuleRun, rules),
        (findRecurring, recurring), (decideRecurring, recurring), (saveDeckAnimation, review),
    ]

    /// The GET of each of `formPages`' form addresses.
    public static let formReloads = formPages.map { Endpoint(.get, $0.form.template) }

    public static let all =
        formReloads + [
            importFile, imports, confirmUndoImport, undoImport, export,
            recurring, addRecurring, findRecurring, decideRecurring, budgets, saveBudgets, reports, reportsCSV,
            netWorth, netWorthCSV,
            yearInReview, yearInReviewCSV,
            start, signIn, sendSignIn, signOut, setup, sendSetup, home, offline, transactions, transactionRows,
            newTransaction,
            addTransaction, transaction, saveTransaction, confirmDeleteTransaction, deleteTransaction,
            confirmDeleteSelected, deleteSelected, restoreDeletion,
            restoreDeletionPage, accounts, addAccount, account, saveAccount, addTransfer,
            categories, newCategory, addCategory, addStarterCategories, editCategory,
            saveCategory, confirmDeleteCategory, deleteCategories, review, reviewCards, reviewAwards, activity,
            saveDeckAnimation,
            projects,
            closedProjects, addProject, project, editProject, saveProject, closeProject, reopenProject, addItem,
            deleteItems, completeItem, editItem, saveItem, awards, settings, saveSettings, createToken, revokeToken,
            connectLunchMoney, checkLunchMoney, disconnectLunchMoney, pullLunchMoney, lunchMoneyPullStatus,
            scheduleLunchMoneyPulls, syncTransaction, changeTransactionParts, createTag, renameTag, deleteTag,
            setPersonalRate, deletePersonalRate,
            changePassword, endOtherSessions,
            rules, newRule, addRule, quickRule, editRule, saveRule, changeRule, orderRules, previewRules, applyRules,
            undoRuleRun,
        ]
}

/// Every route the server answers, by family.
public enum BillfoldRoutes {
    public static let catalogues: [any RouteCatalogue.Type] = [
        NativeAPI.self, CategoryContractAPI.self, PaybackAPI.self, OperationsAPI.self, LunchMoneyAPI.self,
        WebPages.self,
    ]
}
