import BillfoldCore

/// `POST /api/v1/tokens`: how an app signs in. Email and password are checked (and throttled)
/// as on the sign-in page; the answer is a new personal access token, shown this once.
public struct CreateTokenRequest: Codable, Sendable, Equatable {
    public var email: String
    public var password: String
    /// What the token is for, e.g. the device's name; shown in Settings.
    public var label: String
    /// `read` or `read-write` (when left out).
    public var scope: TokenScope?
    /// When the token stops working: a day (`2027-01-31`, through that day in the person's time
    /// zone) or an ISO 8601 time; left out, never.
    public var expiresAt: String?

    public init(email: String, password: String, label: String, scope: TokenScope? = nil, expiresAt: String? = nil) {
        self.email = email
        self.password = password
        self.label = label
        self.scope = scope
        self.expiresAt = expiresAt
    }
}

/// A personal access token as its owner sees it.
public struct TokenDTO: Codable, Sendable, Equatable {
    public var id: Int64
    public var label: String
    /// ISO 8601, UTC.
    public var createdAt: String
    public var lastUsedAt: String?
    public var scope: TokenScope
    /// ISO 8601, UTC; `null`: never.
    public var expiresAt: String?

    public init(
        id: Int64, label: String, createdAt: String, lastUsedAt: String?, scope: TokenScope = .readWrite,
        expiresAt: String? = nil
    ) {
        self.id = id
        self.label = label
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.scope = scope
        self.expiresAt = expiresAt
    }

    public init(_ token: AccessToken) {
        self.init(
            id: token.id, label: token.label, createdAt: Timestamp.utc(token.createdAt),
            lastUsedAt: token.lastUsedAt.map(Timestamp.utc), scope: token.scope,
            expiresAt: token.expiresAt.map(Timestamp.utc))
    }

    private enum CodingKeys: String, CodingKey { case id, label, createdAt, lastUsedAt, scope, expiresAt }

    /// A server from before scopes sends none: its tokens may do everything.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int64.self, forKey: .id)
        label = try c.decode(String.self, forKey: .label)
        createdAt = try c.decode(String.self, forKey: .createdAt)
        lastUsedAt = try c.decodeIfPresent(String.self, forKey: .lastUsedAt)
        scope = try c.decodeIfPresent(String.self, forKey: .scope).map(TokenScope.init(stored:)) ?? .readWrite
        expiresAt = try c.decodeIfPresent(String.self, forKey: .expiresAt)
    }

    /// `lastUsedAt` and `expiresAt` are always there, `null` until the token is used and for never.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(label, forKey: .label)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(lastUsedAt, forKey: .lastUsedAt)
        try c.encode(scope, forKey: .scope)
        try c.encode(expiresAt, forKey: .expiresAt)
    }
}

/// The answer to `POST /api/v1/tokens`: the token in the clear, the only time it is ever shown.
public struct CreatedTokenResponse: Codable, Sendable, Equatable {
    public var id: Int64
    public var label: String
    public var createdAt: String
    /// Send it as `Authorization: Bearer …`. Billfold keeps only its hash.
    public var token: String
    public var scope: TokenScope
    /// ISO 8601, UTC; `null`: never.
    public var expiresAt: String?

    public init(
        id: Int64, label: String, createdAt: String, token: String, scope: TokenScope = .readWrite,
        expiresAt: String? = nil
    ) {
        self.id = id
        self.label = label
        self.createdAt = createdAt
        self.token = token
        self.scope = scope
        self.expiresAt = expiresAt
    }

    private enum CodingKeys: String, CodingKey { case id, label, createdAt, token, scope, expiresAt }

    /// Read as a `TokenDTO` is (a server from before scopes sends none), with the secret beside.
    public init(from decoder: any Decoder) throws {
        let record = try TokenDTO(from: decoder)
        self.init(
            id: record.id, label: record.label, createdAt: record.createdAt,
            token: try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .token),
            scope: record.scope, expiresAt: record.expiresAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(label, forKey: .label)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(token, forKey: .token)
        try c.encode(scope, forKey: .scope)
        try c.encode(expiresAt, forKey: .expiresAt)
    }
}

/// `GET /api/v1/tokens`: the signed-in person's tokens, newest first.
public struct TokenListResponse: Codable, Sendable, Equatable {
    public var tokens: [TokenDTO]

    public init(tokens: [TokenDTO]) { self.tokens = tokens }
}
