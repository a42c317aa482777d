import BillfoldCore
import FluentKit
import SQLKit

/// Users, their preferences, sessions and access tokens. Secrets arrive here already hashed.
public struct UserRepository: Sendable {
    let database: any Database
    /// When sessions and tokens are made, seen and expire.
    let clock: WallClock

    public init(database: any Database, clock: WallClock) {
        self.database = database
        self.clock = clock
    }

    public func count() async throws -> Int { try await UserModel.query(on: database).count() }

    public func find(id: Int64) async throws -> User? {
        try await UserModel.find(id, on: database)?.value
    }

    public func find(email: String) async throws -> User? {
        try await model(email: email)?.value
    }

    /// The user with this email and their password hash, for checking a sign-in.
    public func credentials(email: String) async throws -> (user: User, passwordHash: String)? {
        guard let model = try await model(email: email) else { return nil }
        return (model.value, model.passwordHash)
    }

    private func model(email: String) async throws -> UserModel? {
        try await UserModel.query(on: database).filter(\.$email == email.lowercased()).first()
    }

    /// Creates a user; refuses an email that is taken.
    public func create(
        email: String, name: String, passwordHash: String, preferences: Preferences
    ) async throws -> User {
        if try await model(email: email) != nil {
            throw BillfoldError(
                .conflict, Phrase("error.store.emailTaken", ["email": email]),
                fields: ["email": Phrase("error.store.emailTakenField")])
        }
        let user = UserModel()
        user.email = email.lowercased()
        user.name = name
        user.passwordHash = passwordHash
        user.createdAt = clock.seconds
        apply(preferences, to: user)
        try await user.save(on: database)
        return user.value
    }

    /// Stores the user's preferences; false when there is no such user.
    @discardableResult
    public func save(_ preferences: Preferences, forUser id: Int64) async throws -> Bool {
        guard let user = try await UserModel.find(id, on: database) else { return false }
        apply(preferences, to: user)
        try await user.save(on: database)
        return true
    }

    /// Stores a new password hash; false when there is no such user.
    @discardableResult
    public func setPasswordHash(_ hash: String, forUser id: Int64) async throws -> Bool {
        guard let user = try await UserModel.find(id, on: database) else { return false }
        user.passwordHash = hash
        try await user.save(on: database)
        return true
    }

    private func apply(_ preferences: Preferences, to user: UserModel) {
        user.locale = preferences.locale
        user.timeZone = preferences.timeZone
        user.currency = preferences.currency.code
        user.deckSize = preferences.deckSize
        user.deckAnimation = preferences.deckAnimation.rawValue
    }

    // MARK: Sessions

    public func createSession(userID: Int64, secretHash: String, lifetime: Int64) async throws {
        // Sweeping the user's expired sessions here keeps the table small without a timer.
        try await SessionModel.query(on: database).filter(\.$userID == userID)
            .filter(\.$expiresAt < clock.seconds).delete()
        let session = SessionModel()
        session.userID = userID
        session.secretHash = secretHash
        session.createdAt = clock.seconds
        session.lastSeenAt = session.createdAt
        session.expiresAt = session.createdAt + lifetime
        try await session.save(on: database)
    }

    /// How often a session's last use is written: a minute is precise enough for an idle limit
    /// counted in days, and spares a write on every page.
    static let lastSeenResolution: Int64 = 60

    /// The user a live session belongs to: not past its absolute end, and used within `idle`
    /// seconds. Using it moves its idle end on.
    /// The user a live session belongs to, and the session's id when its last use is due to be
    /// written (`markSeen`, which the caller runs as a write of its own), with the stamps of what
    /// the server may keep for them between requests.
    public func user(forSession secretHash: String, idle: Int64) async throws -> (
        user: User, seenDue: Int64?, stamps: SignInStamps
    )? {
        let now = clock.seconds
        // One plain statement for the live session and its user, as for a token: every page asks it.
        guard
            let row = try await database.storedRows(
                """
                SELECT s.id AS session_id, s.last_seen_at, \(unsafeRaw: Self.userColumns)
                FROM sessions s JOIN users u ON u.id = s.user_id
                WHERE s.secret_hash = \(bind: secretHash) AND \(Self.live(now: now, idle: idle))
                """
            ).first
        else { return nil }
        let lastSeen = try row.integerOrNil("last_seen_at")
        let due = now - (lastSeen ?? 0) >= Self.lastSeenResolution ? try row.integer("session_id") : nil
        return (try Self.user(row), due, try SignInStamps(row))
    }

    /// The user's columns a sign-in reads beside its session or token (`user(_:)`), and the
    /// stamps of what the server may keep for them (`SignInStamps`).
    private static let userColumns =
        "u.id, u.email, u.name, u.locale, u.time_zone, u.currency, u.deck_size, u.deck_animation, u.created_at, "
        + SignInStamps.columns

    private static func user(_ row: StoredRow) throws -> User {
        User(
            id: try row.integer("id"), email: try row.text("email"), name: try row.text("name"),
            preferences: Preferences(
                stored: try row.text("locale"), timeZone: try row.text("time_zone"), currency: try row.text("currency"),
                deckSize: Int(try row.integer("deck_size")), deckAnimation: try row.text("deck_animation")),
            createdAt: try row.integer("created_at"))
    }

    /// Records that a session was used now.
    public func markSeen(session id: Int64) async throws {
        try await SessionModel.query(on: database).filter(\.$id == id).set(\.$lastSeenAt, to: clock.seconds).update()
    }

    /// Claims the one-time owner setup; false when somebody already has (even at the same moment:
    /// the claim is a primary key, so of two concurrent claims one finds the other's row).
    public func claimSetup() async throws -> Bool {
        struct Claimed: Decodable { var id: Int64 }
        let sql = database.sql
        let rows = try await sql.insert(into: "setup_claims").columns("id", "claimed_at")
            .values(SQLBind(Int64(1)), SQLBind(clock.seconds))
            .ignoringConflicts(with: ["id"]).returning("id").all(decoding: Claimed.self)
        return !rows.isEmpty
    }

    public func deleteSession(secretHash: String) async throws {
        try await SessionModel.query(on: database).filter(\.$secretHash == secretHash).delete()
    }

    /// Ends every session of the user except the one with `keeping` (nil ends them all).
    public func deleteSessions(userID: Int64, keeping secretHash: String?) async throws {
        var query = SessionModel.query(on: database).filter(\.$userID == userID)
        if let secretHash { query = query.filter(\.$secretHash != secretHash) }
        try await query.delete()
    }

    /// How many of the user's sessions could still be used (within their absolute end and used
    /// within `idle` seconds), not counting the one with `except`.
    public func liveSessions(userID: Int64, idle: Int64, except secretHash: String?) async throws -> Int {
        let others: SQLQueryString = secretHash.map { " AND s.secret_hash <> \(bind: $0)" } ?? ""
        let row = try await database.storedRows(
            """
            SELECT COUNT(*) AS n FROM sessions s
            WHERE s.user_id = \(bind: userID) AND \(Self.live(now: clock.seconds, idle: idle))\(others)
            """
        ).first
        return Int(try row?.integer("n") ?? 0)
    }

    /// Sessions (`s`) that can still be used: before their absolute end, and used (or, never used,
    /// made) within `idle` seconds.
    private static func live(now: Int64, idle: Int64) -> SQLQueryString {
        """
        s.expires_at > \(bind: now)
          AND (s.last_seen_at > \(bind: now - idle) OR (s.last_seen_at IS NULL AND s.created_at > \(bind: now - idle)))
        """
    }

    // MARK: Access tokens

    public func createToken(
        userID: Int64, label: String, secretHash: String, scope: TokenScope = .readWrite, expiresAt: Int64? = nil
    ) async throws -> AccessToken {
        let token = AccessTokenModel()
        token.userID = userID
        token.label = label
        token.secretHash = secretHash
        token.createdAt = clock.seconds
        token.scope = scope.rawValue
        token.expiresAt = expiresAt
        try await token.save(on: database)
        return token.value
    }

    public func tokens(userID: Int64) async throws -> [AccessToken] {
        try await AccessTokenModel.query(on: database).filter(\.$userID == userID)
            .sort(\.$createdAt, .descending).all().map(\.value)
    }

    /// Revokes every token of the user (after a password reset); how many there were.
    @discardableResult
    public func revokeAllTokens(userID: Int64) async throws -> Int {
        let count = try await AccessTokenModel.query(on: database).filter(\.$userID == userID).count()
        try await AccessTokenModel.query(on: database).filter(\.$userID == userID).delete()
        return count
    }

    /// Revokes one of the user's tokens; false when the user has no such token.
    public func revokeToken(id: Int64, userID: Int64) async throws -> Bool {
        guard
            let token = try await AccessTokenModel.query(on: database)
                .filter(\.$id == id).filter(\.$userID == userID).first()
        else { return false }
        try await token.delete(on: database)
        return true
    }

    /// The user a token belongs to and what the token may do (expired or not: the caller decides).
    public func user(forToken secretHash: String) async throws -> TokenSignIn? {
        // One plain statement for the token and its user: this runs on every API request.
        guard
            let row = try await database.storedRows(
                """
                SELECT t.id AS token_id, t.label, t.created_at AS token_created_at, t.last_used_at, t.scope,
                  t.expires_at, \(unsafeRaw: Self.userColumns)
                FROM access_tokens t JOIN users u ON u.id = t.user_id WHERE t.secret_hash = \(bind: secretHash)
                """
            ).first
        else { return nil }
        let token = AccessToken(
            id: try row.integer("token_id"), label: try row.text("label"),
            createdAt: try row.integer("token_created_at"), lastUsedAt: try row.integerOrNil("last_used_at"),
            scope: TokenScope(stored: try row.text("scope")), expiresAt: try row.integerOrNil("expires_at"))
        return TokenSignIn(user: try Self.user(row), token: token, stamps: try SignInStamps(row))
    }

    /// Records that a token was let in, at most once a minute so reads do not each cost a write.
    public func markUsed(_ token: AccessToken) async throws {
        let now = clock.seconds
        guard token.lastUsedAt ?? 0 < now - 60 else { return }
        try await database.sql.raw("UPDATE access_tokens SET last_used_at = \(bind: now) WHERE id = \(bind: token.id)")
            .run()
    }
}

/// Who an access token signs in, and the token itself (its scope and expiry).
public struct TokenSignIn: Sendable {
    public var user: User
    public var token: AccessToken
    public var stamps: SignInStamps
}

/// What a sign-in's row says of the data a server may keep for the person between requests, so
/// something kept from an earlier request is known current or not without a statement of its
/// own: the stamps of their categories and their own rates (M050), and the sum of the published
/// rates' versions (each source's version only grows, so any change makes the sum grow; a backup
/// put back may make it smaller, and `KeptRateBooks` lets everything go on any sum it has not
/// seen last).
public struct SignInStamps: Sendable, Equatable {
    /// Whose stamps these are: a request may sign its browser's person out (`/v1` takes tokens only).
    public var userID: Int64
    public var categories: Int64
    public var rates: Int64
    public var publishedRates: Int64

    public init(userID: Int64, categories: Int64, rates: Int64, publishedRates: Int64) {
        self.userID = userID
        self.categories = categories
        self.rates = rates
        self.publishedRates = publishedRates
    }

    static let columns =
        "u.categories_stamp, u.rates_stamp, (SELECT CAST(COALESCE(SUM(version), 0) AS BIGINT) FROM rate_sources) AS published_rates"

    init(_ row: StoredRow) throws {
        self.init(
            userID: try row.integer("id"), categories: try row.integer("categories_stamp"),
            rates: try row.integer("rates_stamp"),
            publishedRates: try row.integer("published_rates"))
    }
}

extension UserModel {
    var preferences: Preferences {
        Preferences(
            stored: locale, timeZone: timeZone, currency: currency, deckSize: deckSize, deckAnimation: deckAnimation)
    }

    /// The user as everything outside the store sees them. Only saved rows are read or returned,
    /// so the id is always there.
    var value: User {
        User(id: id ?? 0, email: email, name: name, preferences: preferences, createdAt: createdAt)
    }
}

extension AccessTokenModel {
    var value: AccessToken {
        AccessToken(
            id: id ?? 0, label: label, createdAt: createdAt, lastUsedAt: lastUsedAt,
            scope: TokenScope(stored: scope), expiresAt: expiresAt)
    }
}

extension Preferences {
    /// The preferences as the users table keeps them; a currency code no longer known reads as EUR.
    init(stored locale: String, timeZone: String, currency: String, deckSize: Int, deckAnimation: String) {
        self.init(
            locale: locale, timeZone: timeZone, currency: (try? Currency(code: currency)) ?? .eur, deckSize: deckSize,
            deckAnimation: DeckAnimation(stored: deckAnimation))
    }
}
