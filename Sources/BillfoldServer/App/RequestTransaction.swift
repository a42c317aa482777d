import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Fluent
import Vapor

/// One request that changes data is one database transaction: when it is refused (an error, or
/// any answer of 400 or more) nothing it wrote stays. Handlers reach the database through
/// `request.store`, which is that transaction while it runs.
///
/// On SQLite, write transactions of this process also take turns through `WriteGate`: SQLite has
/// one writer at a time, and a transaction that read before another committed cannot upgrade to
/// writing (SQLITE_BUSY without waiting), which under load turned into failed requests.
struct RequestTransaction: Middleware {
    /// Routes that manage their own transactions: a review batch applies each decision in its own,
    /// so one failure stops no other, and claims its Idempotency-Key before any of them; a failed
    /// sign-in (page or app, or a wrong current password on Settings) is refused but its attempt must
    /// still count toward the limit; setup hashes the
    /// password (slow on purpose) before it takes a connection for its short transaction.
    /// The Lunch Money connection and check fetch another server for up to 25 s, which must not
    /// hold a database connection (or SQLite's turn) meanwhile.
    static let ownTransactions = Set(
        [
            NativeAPI.reviewBatch, NativeAPI.createToken, WebPages.sendSignIn, WebPages.sendSetup,
            WebPages.changePassword,
            // A bank file is read and checked (seconds for a big one) before the write starts.
            NativeAPI.addImport,
            WebPages.connectLunchMoney,
            WebPages.checkLunchMoney,
        ].map(\.template))

    private struct Refused: Error { let response: Response }

    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        guard [.POST, .PUT, .PATCH, .DELETE].contains(request.method),
            !Self.ownTransactions.contains(request.routedPath)
        else { return next.respond(to: request) }
        return request.eventLoop.makeFutureWithTask {
            do {
                return try await request.application.writeTransaction { database in
                    request.storage[StoreKey.self] = database
                    defer { request.storage[StoreKey.self] = nil }
                    let response = try await next.respond(to: request).get()
                    if response.status.code >= 400 { throw Refused(response: response) }
                    return response
                }
            } catch let refused as Refused {
                return refused.response
            }
        }
    }

    struct StoreKey: StorageKey { typealias Value = any Database }
}

/// Lets SQLite write transactions of this process run one at a time (see `RequestTransaction`).
actor WriteGate {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func enter() async {
        if !busy {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Takes the turn only when it is free; false, and nothing taken, when another writer has it.
    func tryEnter() -> Bool {
        if busy { return false }
        busy = true
        return true
    }

    func leave() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}

extension Request {
    /// The path as the router reads it: empty pieces dropped, so `/signin/` and `//signin` are
    /// `/signin` here too (a list of paths must not be sidestepped by a slash).
    var routedPath: String { "/" + url.path.split(separator: "/").joined(separator: "/") }

    /// How much body this request may send: what its route declared (a bank file upload), else
    /// the configured limit.
    var bodyLimit: Int {
        route?.userInfo[Route.maxBodyKey] as? Int ?? application.billfoldConfiguration.maxBodyBytes
    }

    /// What to give Vapor's `collect(max:)` for `bodyLimit` (see `Request.vaporMaximum`).
    var bodyCollectMax: Int { Self.vaporMaximum(allowing: bodyLimit) }

    /// The maximum to tell Vapor for a body of at most `bytes`: Vapor refuses a body that reaches
    /// its maximum, and a body of exactly the limit is allowed. The one copy of that rule, for
    /// the routes' collecting, the default and the middleware that read the body.
    static func vaporMaximum(allowing bytes: Int) -> Int { bytes + 1 }

    /// The database for this request: its transaction while one runs, else the shared pool (on
    /// SQLite with its reads on `SQLiteReaders`).
    var store: any Database { storage[RequestTransaction.StoreKey.self] ?? db.reading(with: application.sqliteReaders) }

    /// Runs `work` in one write transaction that `store` means meanwhile, for the routes that
    /// manage their own (`RequestTransaction.ownTransactions`).
    func transaction<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        if storage[RequestTransaction.StoreKey.self] != nil { return try await work() }
        return try await application.writeTransaction { database in
            self.storage[RequestTransaction.StoreKey.self] = database
            defer { self.storage[RequestTransaction.StoreKey.self] = nil }
            return try await work()
        }
    }
}

extension Application {
    private struct GateKey: StorageKey { typealias Value = WriteGate }

    private struct ReadersKey: StorageKey { typealias Value = SQLiteReaders }

    /// Set when the database is SQLite (`tuneSQLite`).
    var sqliteReaders: SQLiteReaders? {
        get { storage[ReadersKey.self] }
        set { storage[ReadersKey.self] = newValue }
    }

    /// Set when the database is SQLite.
    var writeGate: WriteGate? {
        get { storage[GateKey.self] }
        set { storage[GateKey.self] = newValue }
    }

    /// Runs `work` in one database transaction, taking turns with the other writers on SQLite.
    func writeTransaction<T: Sendable>(_ work: @escaping @Sendable (any Database) async throws -> T)
        async throws -> T
    {
        try await BillfoldServer.writeTransaction(on: db, gate: writeGate, work)
    }
}

/// One database transaction on `database`, after the other writers of this process when `gate` is
/// set (SQLite). Counted in the metrics while it runs.
func writeTransaction<T: Sendable>(
    on database: any Database, gate: WriteGate?, _ work: @escaping @Sendable (any Database) async throws -> T
) async throws -> T {
    if database.inTransaction { return try await work(database) }
    await gate?.enter()
    return try await inTurn(on: database, gate: gate, work)
}

/// `writeTransaction`, but only when no other writer of this process has the turn; nil, and
/// nothing written, when one has (on PostgreSQL, with no gate, it always writes).
func writeTransactionIfFree<T: Sendable>(
    on database: any Database, gate: WriteGate?, _ work: @escaping @Sendable (any Database) async throws -> T
) async throws -> T? {
    if database.inTransaction { return try await work(database) }
    if let gate, await !gate.tryEnter() { return nil }
    return try await inTurn(on: database, gate: gate, work)
}

/// The transaction of a writer that has the turn (or needs none), which it gives up after.
private func inTurn<T: Sendable>(
    on database: any Database, gate: WriteGate?, _ work: @escaping @Sendable (any Database) async throws -> T
) async throws -> T {
    BillfoldMetrics.transactionsInFlight.increment()
    defer { BillfoldMetrics.transactionsInFlight.decrement() }
    do {
        let result = try await database.transaction(work)
        await gate?.leave()
        return result
    } catch {
        await gate?.leave()
        throw error
    }
}
