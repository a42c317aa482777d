import BillfoldCore

/// `POST /api/v1/tokens`: how an app signs in. Email and password are checked (and throttled)
/// as on the sign-in page; the answer is a new personal access token, shown this once.
public struct CreateTokenRequest: Codable, Sendable, Equatable {
    public var email: String
    public var password: String
    /// What the token is for, e.g. the device's name; shown in Settings.
    public var label: String

    public init(email: String, password: String, label: String) {
        self.email = email
        self.password = password
        self.label = label
    }
}

/// A personal access token as its owner sees it.
public struct TokenDTO: Codable, Sendable, Equatable {
    public var id: Int64
    public var label: String
    /// ISO 8601, UTC.
    public var createdAt: String
    public var lastUsedAt: String?

    public init(id: Int64, label: String, createdAt: String, lastUsedAt: String?) {
        self.id = id
        self.label = label
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }

    public init(_ token: AccessToken) {
        self.init(
            id: token.id, label: token.label, createdAt: Timestamp.utc(token.createdAt),
            lastUsedAt: token.lastUsedAt.map(Timestamp.utc))
    }

    private enum CodingKeys: String, CodingKey { case id, label, createdAt, lastUsedAt }

    /// `lastUsedAt` is always there, `null` until the token is used.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(label, forKey: .label)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(lastUsedAt, forKey: .lastUsedAt)
    }
}

/// The answer to `POST /api/v1/tokens`: the token in the clear, the only time it is ever shown.
public struct CreatedTokenResponse: Codable, Sendable, Equatable {
    public var id: Int64
    public var label: String
    public var createdAt: String
    /// Send it as `Authorization: Bearer …`. Billfold keeps only its hash.
    public var token: String

    public init(id: Int64, label: String, createdAt: String, token: String) {
        self.id = id
        self.label = label
        self.createdAt = createdAt
        self.token = token
    }
}

/// `GET /api/v1/tokens`: the signed-in person's tokens, newest first.
public struct TokenListResponse: Codable, Sendable, Equatable {
    public var tokens: [TokenDTO]

    public init(tokens: [TokenDTO]) { self.tokens = tokens }
}
