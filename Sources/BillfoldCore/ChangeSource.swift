/// Where a change to a transaction was made, kept with each of its history lines: the Activity
/// page and the history say "in the review deck", "by a rule", "through /v1".
public enum ChangeSource: String, Sendable, CaseIterable, Codable {
    /// The review deck, on the web, in the terminal or in an app.
    case deck
    /// The transaction's own page.
    case detailPage = "page"
    /// The side pane of the transactions list.
    case list
    /// An app built on BillfoldKit (the terminal app among them).
    case app
    /// An assistant through `billfold mcp`.
    case assistant
    /// Another program through the native API.
    case api
    /// A Lunch Money client through the `/v1` API.
    case lunchMoneyClient = "v1"
    /// A connected Lunch Money: a pull, or the person taking Lunch Money's side of a conflict.
    case lunchMoney = "lunchmoney"
    /// One of the person's rules.
    case rule
    /// The person undoing a rule's run.
    case ruleUndone = "rule-undone"
    /// The transaction's category was deleted and its transactions moved.
    case categoryDeleted = "category-deleted"

    /// Who set a category this way, when the change does not say.
    public var categorySource: CategorySource? {
        switch self {
        case .lunchMoney: .lunchMoney
        case .rule: .rule
        default: nil
        }
    }

    /// What a BillfoldKit client puts first in its `User-Agent`, and the word after it that names
    /// the assistant: how the server tells an app's change from another program's.
    public static let kitAgent = "BillfoldKit"
    public static let assistantAgent = "billfold-mcp"

    /// The source of a change sent through the native API by a client with this `User-Agent`.
    public static func ofAPIClient(userAgent: String?) -> ChangeSource {
        guard let userAgent, userAgent.hasPrefix(kitAgent) else { return .api }
        return userAgent.contains(assistantAgent) ? .assistant : .app
    }
}
