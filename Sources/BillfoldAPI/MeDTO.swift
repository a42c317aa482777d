import BillfoldCore

/// `GET /api/v1/me`: who the token or session belongs to, and their preferences.
public struct MeResponse: Codable, Sendable, Equatable {
    public var id: Int64
    public var email: String
    public var name: String
    public var locale: String
    public var timeZone: String
    public var primaryCurrency: String
    public var deckSize: Int
    /// How a decided card leaves the review deck (`DeckAnimation`: `fly`, `crush`, `burn`,
    /// `abduction`, `holy-fire`, `explode`, `float-away`); nil from a server before it.
    public var deckAnimation: String?
    /// The access token the request came with (nil for a browser session): what it may do.
    public var token: TokenDTO?

    public init(
        id: Int64, email: String, name: String, locale: String, timeZone: String,
        primaryCurrency: String, deckSize: Int, deckAnimation: String? = nil, token: TokenDTO? = nil
    ) {
        self.id = id
        self.email = email
        self.name = name
        self.locale = locale
        self.timeZone = timeZone
        self.primaryCurrency = primaryCurrency
        self.deckSize = deckSize
        self.deckAnimation = deckAnimation
        self.token = token
    }
}

/// Every native API error: `{"error": {"code", "message", "fields"?}}`.
public struct ErrorResponse: Codable, Sendable, Equatable {
    public struct Body: Codable, Sendable, Equatable {
        public var code: String
        public var message: String
        public var fields: [String: String]?
    }
    public var error: Body

    public init(_ error: BillfoldError) {
        self.error = Body(
            code: error.code.rawValue, message: error.message,
            fields: error.fields.isEmpty ? nil : error.fields)
    }
}
