import BillfoldCore
import BillfoldStore
import FluentKit
import Vapor

/// One user's connection to a Lunch Money server: checking and saving it, and pulling from it in
/// the background with progress any instance can report (it lives in the database).
struct LunchMoneyConnectionService: Sendable {
    let database: any Database
    let user: User
    let fetch: OutboundFetch
    /// Seals the token at rest; without it no token is saved.
    let secrets: SecretBox?
    /// When the connection is checked and pulls start and end.
    let clock: WallClock

    private var connections: LunchMoneyConnectionRepository {
        LunchMoneyConnectionRepository(database: database, userID: user.id)
    }

    /// A connection whose token the server it names accepted. Fetches another server for up to
    /// 25 s, so callers do this outside any database transaction.
    func checked(baseURL: String?, token: String?) async throws -> LunchMoneyConnection {
        let base = try LunchMoneyPull.baseURL(baseURL ?? "", fetch: fetch)
        let token = (token ?? "").trimmingCharacters(in: .whitespaces)
        guard !token.isEmpty else {
            throw BillfoldError.validation("token", Phrase("error.service.lunchMoney.pasteToken"))
        }
        try await LunchMoneyPull(fetch: fetch, baseURL: base, token: token).check()
        return LunchMoneyConnection(baseURL: base, token: token, accountName: "", checkedAt: clock.seconds)
    }

    /// Refuses before anything is checked or saved when this server cannot seal a token.
    func requireSecrets() throws(BillfoldError) -> SecretBox {
        guard let secrets else {
            throw BillfoldError(
                .unavailable, Phrase("error.service.lunchMoney.noSecretKey"))
        }
        return secrets
    }

    /// Saves the connection with its token sealed.
    func save(_ connection: LunchMoneyConnection) async throws {
        var sealed = connection
        sealed.token = try requireSecrets().seal(connection.token, for: user.id)
        try await connections.save(sealed)
    }

    /// The saved connection with its token opened, or nil when there is none. A token saved
    /// before tokens were sealed is sealed now, when the server has a key.
    func saved() async throws -> LunchMoneyConnection? {
        guard var found = try await connections.find() else { return nil }
        if SecretBox.isSealed(found.token) {
            guard let token = secrets?.open(found.token, for: user.id) else {
                throw BillfoldError(
                    .unavailable, Phrase("error.service.lunchMoney.tokenDoesNotOpen"))
            }
            found.token = token
        } else if let secrets {
            var sealed = found
            sealed.token = try secrets.seal(found.token, for: user.id)
            try await connections.save(sealed)
        }
        return found
    }

    func disconnect() async throws { try await connections.delete() }

    /// Minutes between pulls made by themselves; nil when off.
    func pullSchedule() async throws -> Int? { try await connections.pullEveryMinutes() }

    func schedulePulls(everyMinutes minutes: Int?) async throws {
        guard try await connections.find() != nil else {
            throw BillfoldError.validation("lunchmoney", Phrase("error.service.lunchMoney.connectFirst"))
        }
        try await connections.schedulePulls(everyMinutes: minutes)
    }

    /// The transactions whose change Lunch Money refused or that changed in both places.
    func troubled(limit: Int) async throws -> [Transaction] {
        let ids = try await LunchMoneySyncRepository(database: database, userID: user.id).troubled(limit: limit)
        return try await TransactionRepository(database: database, userID: user.id).find(ids)
    }

    /// How many changes wait to be sent, were refused, or are in conflict.
    func outboxCounts() async throws -> [LunchMoneyPending.State: Int] {
        try await LunchMoneySyncRepository(database: database, userID: user.id).counts()
    }

    /// The saved connection's base URL; the token stays in the store.
    func connectedBaseURL() async throws -> String? { try await connections.find()?.baseURL }

    func pullStatus() async throws -> LunchMoneyPullStatus? {
        try await LunchMoneyPullRepository(database: database, userID: user.id).status()
    }

    /// A pull with no progress for this long is taken to have died with its instance.
    static let staleAfter: Int64 = 600

    /// Starts a pull in the background unless one is running. Its writes go through `app`'s
    /// write transactions, outside the request that started it.
    func startPull(on app: Application) async throws {
        guard let saved = try await saved() else {
            throw BillfoldError.validation("lunchmoney", Phrase("error.service.lunchMoney.connectFirst"))
        }
        let user = user
        let pulls = LunchMoneyPullRepository(database: app.db, userID: user.id)
        guard try await pulls.start(now: clock.seconds, staleAfter: Self.staleAfter) else { return }
        let puller = LunchMoneyPull(fetch: fetch, baseURL: saved.baseURL, token: saved.token)
        let connections = LunchMoneyConnectionRepository(database: app.db, userID: user.id)
        @Sendable func sameConnection(_ now: LunchMoneyConnection) -> Bool {
            now.baseURL == saved.baseURL && now.checkedAt == saved.checkedAt
        }
        // The status is stored and shown later on the person's Settings page: in their language.
        let words = Words(locale: user.preferences.locale)
        @Sendable func report(_ message: Phrase, running: Bool = true, failed: Bool = false) async {
            try? await pulls.update(
                .init(running: running, message: message.text(words), failed: failed), now: clock.seconds)
        }
        // The pull runs on in its own task, in the person's words (texts made while importing).
        Task {
            await Words.$current.withValue(words) {
                do {
                    let outcome = try await puller.pull(
                        zone: user.preferences.zone, today: clock.now,
                        maxTransactions: app.billfoldConfiguration.lunchMoneyMaxTransactions,
                        progress: { await report($0) },
                        // Disconnecting (or connecting anew) stops this pull at its next page.
                        stillWanted: { try await connections.find().map(sameConnection) ?? false }
                    ) { rows, categories in
                        try await app.writeTransaction { database in
                            try await LunchMoneyImport(database: database, user: user, clock: clock).run(
                                rows, categories: categories)
                        }
                    }
                    let done = Phrase(
                        "error.service.lunchMoney.pullDone",
                        [
                            "read": String(outcome.read), "added": String(outcome.added),
                            "updated": String(outcome.updated), "skipped": String(outcome.skipped),
                            "categories": String(outcome.categories),
                        ])
                    let conflicts = Phrase("error.service.lunchMoney.pullConflicts", count: outcome.conflicts)
                    await report(outcome.conflicts == 0 ? done : Phrase(joining: [done, conflicts]), running: false)
                } catch {
                    let problem = Problem.of(error)
                    await report(
                        Phrase("error.service.lunchMoney.pullStopped", ["reason": problem.message(in: words)]),
                        running: false, failed: true)
                }
            }
        }
    }
}

extension Application {
    /// A person's connection outside any request (the sync worker).
    func lunchMoneyConnection(for user: User) -> LunchMoneyConnectionService {
        LunchMoneyConnectionService(
            database: db, user: user, fetch: outboundFetch, secrets: billfoldConfiguration.secrets, clock: wallClock)
    }
}

extension Request {
    var lunchMoneyConnection: LunchMoneyConnectionService {
        get throws {
            LunchMoneyConnectionService(
                database: store, user: try user, fetch: application.outboundFetch,
                secrets: application.billfoldConfiguration.secrets, clock: application.wallClock)
        }
    }
}
