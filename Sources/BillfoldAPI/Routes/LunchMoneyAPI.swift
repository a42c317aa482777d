/// The Lunch Money v1 dialect under `/v1`, for clients written against Lunch Money.
public enum LunchMoneyAPI: RouteCatalogue {
    public static let me = Endpoint(.get, "/v1/me")
    public static let tags = Endpoint(.get, "/v1/tags")

    public static let categories = Endpoint(.get, "/v1/categories")
    public static let addCategory = Endpoint(.post, "/v1/categories")
    public static let addCategoryGroup = Endpoint(.post, "/v1/categories/group")
    public static let category = Endpoint(.get, "/v1/categories/{id}")
    public static let changeCategory = Endpoint(.put, "/v1/categories/{id}")
    public static let deleteCategory = Endpoint(.delete, "/v1/categories/{id}")
    public static let forceDeleteCategory = Endpoint(.delete, "/v1/categories/{id}/force")
    public static let addToCategoryGroup = Endpoint(.post, "/v1/categories/group/{id}/add")

    public static let transactions = Endpoint(.get, "/v1/transactions")
    public static let addTransactions = Endpoint(.post, "/v1/transactions")
    public static let transaction = Endpoint(.get, "/v1/transactions/{id}")
    public static let changeTransaction = Endpoint(.put, "/v1/transactions/{id}")
    public static let unsplit = Endpoint(.post, "/v1/transactions/unsplit")
    public static let transactionGroup = Endpoint(.get, "/v1/transactions/group")
    public static let addTransactionGroup = Endpoint(.post, "/v1/transactions/group")
    public static let deleteTransactionGroup = Endpoint(.delete, "/v1/transactions/group/{id}")

    /// A budget per category and month.
    public static let budgets = Endpoint(.get, "/v1/budgets")
    public static let setBudget = Endpoint(.put, "/v1/budgets")
    public static let deleteBudget = Endpoint(.delete, "/v1/budgets")

    /// Billfold's accounts, as Lunch Money's manually managed assets.
    public static let assets = Endpoint(.get, "/v1/assets")
    public static let addAsset = Endpoint(.post, "/v1/assets")
    public static let changeAsset = Endpoint(.put, "/v1/assets/{id}")

    /// What Billfold does not keep, answered as for an account without any.
    public static let plaidAccounts = Endpoint(.get, "/v1/plaid_accounts")
    public static let fetchPlaidAccounts = Endpoint(.post, "/v1/plaid_accounts/fetch")
    public static let crypto = Endpoint(.get, "/v1/crypto")
    public static let changeCrypto = Endpoint(.put, "/v1/crypto/manual/{id}")
    public static let recurringItems = Endpoint(.get, "/v1/recurring_items")
    public static let recurringExpenses = Endpoint(.get, "/v1/recurring_expenses")

    public static let all = [
        me, tags, categories, addCategory, addCategoryGroup, category, changeCategory, deleteCategory,
        forceDeleteCategory, addToCategoryGroup, transactions, addTransactions, transaction, changeTransaction, unsplit,
        transactionGroup, addTransactionGroup, deleteTransactionGroup, budgets, setBudget, deleteBudget, assets,
        addAsset, changeAsset, plaidAccounts, fetchPlaidAccounts, crypto, changeCrypto, recurringItems,
        recurringExpenses,
    ]
}
