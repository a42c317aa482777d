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
    /// `AccountRules.nameKey` of the display name: unique with the currency per user (M029).
    @Field(key: "display_key") public var displayKey: String
    @Field(key: "currency") public var currency: String
    @Field(key: "created_at") public var createdAt: Int64
    @Field(key: "opening_minor") public var openingMinor: Int64
    @OptionalField(key: "archived_at") public var archivedAt: Int64?

    public init() {}

    public init(userID: Int64, name: String, displayName: String, currency: String, createdAt: Int64) {
        self.userID = userID
        self.name = name
        self.displayName = displayName
        self.displayKey = AccountRules.nameKey(displayName)
        self.currency = currency
        self.createdAt = createdAt
        self.openingMinor = 0
    }
}
