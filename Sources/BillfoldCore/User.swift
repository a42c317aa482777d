/// A person with their own books, as everything outside the store sees them: no password hash,
/// no database model, just the facts the pages, services and clients need.
public struct User: Hashable, Sendable, Identifiable {
    public let id: Int64
    /// Lowercased, so sign-in ignores case.
    public var email: String
    public var name: String
    public var preferences: Preferences
    /// When the account was made (Unix seconds).
    public var createdAt: Int64

    public init(id: Int64, email: String, name: String, preferences: Preferences, createdAt: Int64) {
        self.id = id
        self.email = email
        self.name = name
        self.preferences = preferences
        self.createdAt = createdAt
    }
}
