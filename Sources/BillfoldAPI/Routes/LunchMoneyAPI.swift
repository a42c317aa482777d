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

    public static let transactions = Endpoint(.get, "/v1/transactions")
    public static let addTransactions = Endpoint(.post, "/v1/transactions")
    public static let transaction = Endpoint(.get, "/v1/transactions/{id}")
    public static let changeTransaction = Endpoint(.put, "/v1/transactions/{id}")

    public static let all = [
        me, tags, categories, addCategory, addCategoryGroup, category, changeCategory, deleteCategory,
        forceDeleteCategory, transactions, addTransactions, transaction, changeTransaction,
    ]
}
