import FluentKit

/// A person with their own books. Every other row points at one.
public final class UserModel: Model, @unchecked Sendable {
    public static let schema = "users"

    @ID(custom: .id, generatedBy: .database) public var id: Int64?
    /// Stored lowercased, so sign-in ignores case.
    @Field(key: "email") public var email: String
    @Field(key: "name") public var name: String
    @Field(key: "password_hash") public var passwordHash: String
    @Field(key: "locale") public var locale: String
    @Field(key: "time_zone") public var timeZone: String
    @Field(key: "currency") public var currency: String
    @Field(key: "deck_size") public var deckSize: Int
    /// `DeckAnimation`'s name (M047).
    @Field(key: "deck_animation") public var deckAnimation: String
    @Field(key: "created_at") public var createdAt: Int64

    public init() {}
}

/// A signed-in browser. The cookie holds the secret; the table holds only its hash, so a leaked
/// database does not sign anyone in.
public final class SessionModel: Model, @unchecked Sendable {
    public static let schema = "sessions"

    @ID(custom: .id, generatedBy: .database) public var id: Int64?
    @Field(key: "user_id") public var userID: Int64
    @Field(key: "secret_hash") public var secretHash: String
    @Field(key: "created_at") public var createdAt: Int64
    @Field(key: "expires_at") public var expiresAt: Int64
    @OptionalField(key: "last_seen_at") public var lastSeenAt: Int64?

    public init() {}
}

/// A personal access token for the APIs: shown once, stored as a hash.
public final class AccessTokenModel: Model, @unchecked Sendable {
    public static let schema = "access_tokens"

    @ID(custom: .id, generatedBy: .database) public var id: Int64?
    @Field(key: "user_id") public var userID: Int64
    @Field(key: "label") public var label: String
    @Field(key: "secret_hash") public var secretHash: String
    @Field(key: "created_at") public var createdAt: Int64
    @OptionalField(key: "last_used_at") public var lastUsedAt: Int64?
    /// `TokenScope`'s raw value.
    @Field(key: "scope") public var scope: String
    @OptionalField(key: "expires_at") public var expiresAt: Int64?

    public init() {}
}
