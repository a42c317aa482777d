import BillfoldCore
import BillfoldServer
import Foundation
import Vapor

/// A real Billfold serving HTTP on a loopback port over its own SQLite file, for BillfoldKit to
/// talk to as any app would. It can be stopped and started again on the same port and file, to
/// play a server that went away and came back.
final class LiveServer: @unchecked Sendable {
    let folder: URL
    private(set) var port: Int
    private var app: Application?
    /// Changes to the configuration the server starts with (chaos, limits, metrics).
    var configure: @Sendable (inout Configuration) -> Void = { _ in }
    /// "Now" for the server's calendar: the middle of November 2026, so "this month" is fixed.
    static let now = Date(timeIntervalSince1970: 1_794_744_000)  // 2026-11-15T12:00:00Z

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }
    var database: String { folder.appendingPathComponent("billfold.sqlite").path }

    private init(folder: URL) {
        self.folder = folder
        self.port = 0
    }

    /// Starts a server in a new temporary folder.
    static func start(configure: @escaping @Sendable (inout Configuration) -> Void = { _ in }) async throws
        -> LiveServer
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("billfoldkit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let server = LiveServer(folder: folder)
        server.configure = configure
        try await server.start()
        return server
    }

    /// Starts (again) on the same port and database.
    func start() async throws {
        var configuration = Configuration(database: .sqlite(path: database), logLevel: .warning)
        configuration.hostname = "127.0.0.1"
        configuration.port = port
        configure(&configuration)
        let app = try await buildApplication(configuration, environment: .testing)
        app.wallClock = .fixed(Self.now)
        try await app.server.start(address: .hostname("127.0.0.1", port: port))
        port = app.http.server.shared.localAddress?.port ?? port
        self.app = app
    }

    /// Stops answering; the port closes.
    func stop() async throws {
        guard let app else { return }
        await app.server.shutdown()
        try await app.asyncShutdown()
        self.app = nil
    }

    /// Stops and removes the folder.
    func finish() async throws {
        try await stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs `body` with the running application.
    func withApp<T>(_ body: (Application) async throws -> T) async throws -> T {
        guard let app else { throw BillfoldError(.unavailable, "The test server is stopped.") }
        return try await body(app)
    }

    /// A person with an account; their password is "correct horse".
    @discardableResult
    func person(_ email: String, timeZone: String = "Europe/Berlin") async throws -> User {
        guard let app else { throw BillfoldError(.unavailable, "The test server is stopped.") }
        return try await AccountService(database: app.db, clock: app.wallClock).createUser(
            email: email, password: "correct horse", name: nil,
            preferences: Preferences(locale: "en-GB", timeZone: timeZone, currency: .eur, deckSize: 20))
    }

    /// Runs `body` with a started server and always cleans up.
    /// `chaos`, `metricsToken` and `signInLimit` change the server's configuration.
    static func with(
        isolation: isolated (any Actor)? = #isolation, chaos: ChaosSettings? = nil, metricsToken: String? = nil,
        signInLimit: Int? = nil, _ body: (LiveServer) async throws -> Void
    ) async throws {
        let server = try await start { configuration in
            configuration.chaos = chaos
            configuration.metricsToken = metricsToken
            if let signInLimit { configuration.signInLimit = signInLimit }
        }
        do {
            try await body(server)
        } catch {
            try await server.finish()
            throw error
        }
        try await server.finish()
    }
}
