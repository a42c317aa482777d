import BillfoldCore
import FluentKit

/// A bank account, card, cash wallet or points programme; each holds one currency.
public final class AccountModel: Model, @unchecked Sendable {
    public static let schema = "accounts"

    @ID(custom: .id, generatedBy: .database) public var id: Int64?
    @Field(key: "user_id") public var userID: Int64
    /// The name the source uses, unique per user ("PAYBACK", "Cash EUR").
    @Field(key: "name") public var name: String
    /// The name the user sees.
    @Field(key: "display_name") public var displayName: String
    @Field(key: "currency") public var currency: String
    @Field(key: "created_at") public var createdAt: Int64

    public init() {}

    public init(userID: Int64, name: String, displayName: String, currency: String, createdAt: Int64) {
        self.userID = userID
        self.name = name
        self.displayName = displayName
        self.currency = currency
        self.createdAt = createdAt
    }
}

/// A category or a group of categories.
public final class CategoryModel: Model, @unchecked Sendable {
    public static let schema = "categories"

    @ID(custom: .id, generatedBy: .database) public var id: Int64?
    @Field(key: "user_id") public var userID: Int64
    @Field(key: "name") public var name: String
    @Field(key: "description") public var description: String
    @OptionalField(key: "group_id") public var groupID: Int64?
    @Field(key: "is_group") public var isGroup: Bool
    @Field(key: "colour") public var colour: String
    @Field(key: "icon") public var icon: String
    /// Where an import's category came from ("payback:2"), so re-imports reuse it.
    @OptionalField(key: "source_key") public var sourceKey: String?
    @Field(key: "created_at") public var createdAt: Int64
    @OptionalField(key: "updated_at") public var updatedAt: Int64?
    @Field(key: "is_income") public var isIncome: Bool
    @Field(key: "exclude_from_budget") public var excludeFromBudget: Bool
    @Field(key: "exclude_from_totals") public var excludeFromTotals: Bool
    @Field(key: "archived") public var archived: Bool
    @OptionalField(key: "archived_at") public var archivedAt: Int64?
    @Field(key: "position") public var position: Int64
    /// The name folded for the unique index (`CategoryRules.nameKey`).
    @Field(key: "name_key") public var nameKey: String

    public init() {}

    public init(
        userID: Int64, name: String, groupID: Int64? = nil, isGroup: Bool = false,
        colour: String = "", icon: String = "", sourceKey: String? = nil, createdAt: Int64
    ) {
        self.userID = userID
        self.name = name
        self.description = ""
        self.groupID = groupID
        self.isGroup = isGroup
        self.colour = colour
        self.icon = icon
        self.sourceKey = sourceKey
        self.createdAt = createdAt
        self.isIncome = false
        self.excludeFromBudget = false
        self.excludeFromTotals = false
        self.archived = false
        self.position = 0
        self.nameKey = CategoryRules.nameKey(name)
    }
}
