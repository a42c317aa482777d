/// A first set of categories offered to a person who has none: named in their language
/// (`categories.starter.<key>` in the catalogue), and theirs to rename, recolour or delete like any
/// other afterwards. Each is made once (its source key is `starter:<key>`), and one of the same
/// name already there is taken instead of a second.
public enum StarterCategories {
    public struct Starter: Sendable {
        public let key: String
        public let colour: CategoryColour?
        public let icon: String
        public let children: [(key: String, icon: String)]
        /// Money coming in (the income group and its children).
        public var isIncome = false
    }

    /// Groups with their children, then categories standing alone (no children).
    public static let all: [Starter] = [
        Starter(
            key: "food", colour: .green, icon: "food",
            children: [("groceries", "cart"), ("restaurants", "food"), ("coffee", "coffee")]),
        Starter(
            key: "home", colour: .blue, icon: "home",
            children: [("rent", "home"), ("utilities", "bolt"), ("internet", "phone")]),
        Starter(
            key: "transport", colour: .orange, icon: "car", children: [("publicTransport", "bus"), ("fuel", "car")]),
        Starter(
            key: "shopping", colour: .purple, icon: "bag", children: [("clothes", "bag"), ("electronics", "phone")]),
        Starter(
            key: "leisure", colour: .teal, icon: "star",
            children: [("travel", "plane"), ("sport", "heart"), ("subscriptions", "film")]),
        Starter(
            key: "income", colour: .mint, icon: "cash", children: [("salary", "briefcase"), ("refunds", "cash")],
            isIncome: true),
        Starter(key: "health", colour: .pink, icon: "medical", children: []),
    ]

    /// The catalogue key of a starter's name.
    public static func nameKey(_ key: String) -> String { "categories.starter." + key }

    /// How many categories the set makes, groups included.
    public static var count: Int { all.reduce(0) { $0 + 1 + $1.children.count } }
}
