import BillfoldCore
import BillfoldStore
import FluentKit
import Vapor

/// Creating users and the secrets they sign in with. Shared by the setup page, the CLI and tests.
public struct AccountService: Sendable {
    let database: any Database
    /// When sessions and tokens start, are seen and expire.
    let clock: WallClock

    public init(database: any Database, clock: WallClock) {
        self.database = database
        self.clock = clock
    }

    public static let minimumPasswordLength = 8

    /// A user checked and with the password hashed, not yet stored.
    public struct NewUser: Sendable {
        var email: String
        var name: String
        var passwordHash: String
        var preferences: Preferences
    }

    /// Creates a user with a bcrypt-hashed password.
    public func createUser(
        email: String, password: String, name: String?, preferences: Preferences = .standard
    ) async throws -> User {
        try await create(try await Self.newUser(email: email, password: password, name: name, preferences: preferences))
    }

    /// Checks the fields and hashes the password, without touching the database (so a caller
    /// can do the slow part before it takes a lock).
    public static func newUser(
        email rawEmail: String, password: String, name rawName: String?, preferences: Preferences
    ) async throws -> NewUser {
        let email = rawEmail.trimmingCharacters(in: .whitespaces).lowercased()
        guard Self.looksLikeEmail(email) else {
            throw BillfoldError.validation("email", Phrase("error.service.accounts.notAnEmail", ["text": rawEmail]))
        }
        try Self.checkLength(of: password, field: "password")
        try TextRules.check(rawName ?? "", field: "name")
        let name = rawName?.trimmingCharacters(in: .whitespaces) ?? ""
        let checked = try preferences.validated()
        let hash = try await Self.hash(password)
        return NewUser(
            email: email, name: name.isEmpty ? String(email.prefix { $0 != "@" }) : name, passwordHash: hash,
            preferences: checked)
    }

    private static func checkLength(of password: String, field: String) throws {
        guard password.count >= Self.minimumPasswordLength else {
            throw BillfoldError.validation(
                field, Phrase("error.service.accounts.passwordTooShort", ["min": String(Self.minimumPasswordLength)]))
        }
        guard password.utf8.count <= 72 else {
            // bcrypt reads only 72 bytes; refusing is more honest than silently ignoring the rest.
            throw BillfoldError.validation(field, Phrase("error.service.accounts.passwordTooLong"))
        }
    }

    private static func hash(_ password: String) async throws -> String {
        try await Self.offEventLoop { try Bcrypt.hash(password, cost: 10) }
    }

    public func create(_ user: NewUser) async throws -> User {
        try await UserRepository(database: database, clock: clock).create(
            email: user.email, name: user.name, passwordHash: user.passwordHash, preferences: user.preferences)
    }

    /// The user whose email and password match, or nil. Takes as long for an unknown email as
    /// for a wrong password, so timing does not tell which emails exist.
    public func signIn(email: String, password: String) async throws -> User? {
        let found = try await UserRepository(database: database, clock: clock).credentials(
            email: email.trimmingCharacters(in: .whitespaces))
        let hash = found?.passwordHash ?? Self.decoyHash
        let matches = (try? await Self.offEventLoop { try Bcrypt.verify(password, created: hash) }) ?? false
        return matches ? found?.user : nil
    }

    private var users: UserRepository { UserRepository(database: database, clock: clock) }

    /// A signed-in person's new password, checked and hashed but not yet stored: the current one
    /// must match, the new one is checked as at sign-up and typed twice alike. Both slow bcrypt
    /// steps happen here, before the caller's write transaction.
    func newPasswordHash(of user: User, current: String, new: String, again: String) async throws -> String {
        guard try await signIn(email: user.email, password: current) != nil else {
            throw BillfoldError.validation("currentPassword", Phrase("error.service.accounts.currentPasswordWrong"))
        }
        try Self.checkLength(of: new, field: "newPassword")
        guard new == again else {
            throw BillfoldError.validation("newPasswordAgain", Phrase("error.service.accounts.passwordsDiffer"))
        }
        return try await Self.hash(new)
    }

    /// Stores a new password hash and ends every session of the person: one of them may be
    /// whoever made the change necessary. A browser that made the change gets a fresh session.
    func replacePassword(of user: User, hash: String, revokingTokens: Bool) async throws {
        try await users.setPasswordHash(hash, forUser: user.id)
        try await users.deleteSessions(userID: user.id, keeping: nil)
        if revokingTokens { try await users.revokeAllTokens(userID: user.id) }
    }

    /// Sets a person's password without the old one (the CLI's reset for a forgotten password)
    /// and ends all their sessions, in one transaction. The account's count of wrong passwords
    /// starts afresh: someone locked out by guessing can sign in with the new one at once.
    /// A reset usually follows a compromise, so the access tokens are revoked too unless
    /// `revokingTokens` is false.
    public func setPassword(of user: User, to password: String, revokingTokens: Bool = true) async throws {
        try Self.checkLength(of: password, field: "password")
        let hash = try await Self.hash(password)
        try await database.transaction {
            try await AccountService(database: $0, clock: clock).replacePassword(
                of: user, hash: hash, revokingTokens: revokingTokens)
            let attempts = SignInAttemptRepository(database: $0)
            let account = SignInThrottle.accountKey(user.email)
            try await attempts.clear(account)
            try await attempts.clear(startingWith: "pair:" + account + "|")
        }
    }

    /// Ends the person's sessions other than this browser's.
    func endOtherSessions(of user: User, keeping secret: String?) async throws {
        try await users.deleteSessions(userID: user.id, keeping: secret.map(Secrets.hash))
    }

    /// How many other browsers are signed in as the person.
    func otherSessions(of user: User, idle: Int64, keeping secret: String?) async throws -> Int {
        try await users.liveSessions(userID: user.id, idle: idle, except: secret.map(Secrets.hash))
    }

    /// False until the owner account is made (the first visit then offers setup).
    func hasUsers() async throws -> Bool { try await users.count() > 0 }

    /// Claims the one-time owner setup; false when somebody already has.
    func claimSetup() async throws -> Bool { try await users.claimSetup() }

    func tokens(of user: User) async throws -> [AccessToken] { try await users.tokens(userID: user.id) }

    /// Revokes the token a request came with (`billfold logout`): any scope may end itself.
    func revokeToken(_ token: AccessToken, of user: User) async throws {
        _ = try await users.revokeToken(id: token.id, userID: user.id)
    }

    /// Revokes one of the user's tokens; another user's answers like a missing one.
    func revokeToken(_ id: Int64, of user: User) async throws {
        guard try await users.revokeToken(id: id, userID: user.id) else { throw BillfoldError.notFound(.token) }
    }

    func save(_ preferences: Preferences, of user: User) async throws {
        try await users.save(try preferences.validated(), forUser: user.id)
    }

    /// Starts a browser session and returns its secret for the cookie; only its hash is stored.
    func startSession(for user: User, lifetime: Int64) async throws -> String {
        let secret = Secrets.newSessionSecret()
        try await users.createSession(userID: user.id, secretHash: Secrets.hash(secret), lifetime: lifetime)
        return secret
    }

    func endSession(secret: String) async throws { try await users.deleteSession(secretHash: Secrets.hash(secret)) }

    /// Creates an access token and returns it in the clear, the only time it is ever shown.
    /// `expiresAt`: seconds since 1970 (`TokenExpiry.parse`), nil for never.
    public func createToken(
        for user: User, label rawLabel: String, scope: TokenScope = .readWrite, expiresAt: Int64? = nil
    ) async throws -> (token: String, record: AccessToken) {
        try TextRules.check(rawLabel, field: "label")
        let label = rawLabel.trimmingCharacters(in: .whitespaces)
        guard !label.isEmpty, label.count <= 100 else {
            throw BillfoldError.validation("label", Phrase("error.service.accounts.tokenLabelLength"))
        }
        let token = Secrets.newAccessToken()
        let record = try await UserRepository(database: database, clock: clock).createToken(
            userID: user.id, label: label, secretHash: Secrets.hash(token), scope: scope, expiresAt: expiresAt)
        return (token, record)
    }

    /// bcrypt takes ~50 ms of CPU by design. On an event loop it would stall every other request
    /// on that loop; on the shared pool, 16 clients guessing passwords would take every core. So
    /// it runs on one thread of its own at a lower scheduling priority: sign-ins queue behind each
    /// other, and the event loops keep a core for everybody else.
    static func offEventLoop<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await passwordPool.runIfActive {
            #if os(Linux)
                if !PasswordThread.lowered {
                    PasswordThread.lowered = true
                    // On Linux the nice value belongs to the thread: `who` 0 is this thread only.
                    _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
                }
            #endif
            return try work()
        }
    }

    private static let passwordPool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        return pool
    }()

    static func looksLikeEmail(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
            && !email.contains(" ") && email.count <= 254
    }

    private enum PasswordThread {
        /// Touched only on the pool's single thread.
        nonisolated(unsafe) static var lowered = false
    }

    /// A bcrypt hash (cost 10, like real ones) of a password nobody uses, compared when the email
    /// is unknown so that the answer takes as long. A test checks that it verifies.
    static let decoyHash = "$2b$10$ngv1lso7CVbFWq5GNoq02uI8A.DuPa/ZOogidQ1AIMRg2.r/SSjYS"
}
