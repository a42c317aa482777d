import BillfoldCore
import BillfoldStore
import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import Vapor

/// Builds the whole application from one configuration value. The server, the CLI and the tests
/// all come through here, so they run the same migrations, middleware and routes.
///
/// The caller owns the application and must `asyncShutdown()` it.
public func buildApplication(
    _ configuration: Configuration, environment: Environment = .production
) async throws -> Application {
    let app = try await Application.make(environment)
    do {
        try await configure(app, configuration)
        return app
    } catch {
        try? await app.asyncShutdown()
        throw error
    }
}

private func configure(_ app: Application, _ configuration: Configuration) async throws {
    app.logger.logLevel = configuration.logLevel
    app.http.server.configuration.hostname = configuration.hostname
    app.http.server.configuration.port = configuration.port
    app.routes.defaultMaxBodySize = ByteCount(value: configuration.maxBodyBytes)
    app.billfoldConfiguration = configuration

    switch configuration.database {
    case .sqlite(let path):
        app.databases.use(.sqlite(.file(path), sqlLogLevel: .trace), as: .sqlite)
    case .postgres(let url):
        let postgres = try SQLPostgresConfiguration(url: url)
        app.databases.use(
            .postgres(configuration: postgres, maxConnectionsPerEventLoop: 4, sqlLogLevel: .trace),
            as: .psql)
    }
    if case .sqlite = configuration.database {
        // WAL lets readers go on while one writer writes; it is stored in the file, once.
        try await (app.db as! any SQLDatabase).raw("PRAGMA journal_mode=WAL").run()
    }
    app.migrations.add(BillfoldMigrations.all)
    try await app.autoMigrate()
    app.migrationsDone = true

    app.middleware = Middlewares()
    app.middleware.use(ErrorResponder())
    app.middleware.use(SessionAuthenticator())
    app.middleware.use(TokenAuthenticator())
    app.assets = try Assets.load()
    try registerRoutes(app)
}

func registerRoutes(_ app: Application) throws {
    try app.register(collection: HealthController())
    try app.register(collection: AssetController())
    let api = app.grouped("api", "v1")
    try api.register(collection: OpenAPIController())
    let signedInAPI = api.grouped(RequireUser(style: .json))
    try signedInAPI.register(collection: MeController())
    try signedInAPI.register(collection: TransactionsAPIController())
    try app.grouped(RequireUser(style: .json)).register(collection: PaybackFeedController())
    try app.register(collection: SignInController())
    let pages = app.grouped(RequireUser(style: .page))
    try pages.register(collection: TransactionPagesController())
    try pages.register(collection: SettingsController())
}

extension Application {
    private struct ConfigurationKey: StorageKey { typealias Value = Configuration }
    private struct MigratedKey: StorageKey { typealias Value = Bool }

    /// The configuration the application was built from.
    public var billfoldConfiguration: Configuration {
        get { storage[ConfigurationKey.self] ?? Configuration() }
        set { storage[ConfigurationKey.self] = newValue }
    }

    /// True once the migrations ran; `/health/ready` waits for it.
    var migrationsDone: Bool {
        get { storage[MigratedKey.self] ?? false }
        set { storage[MigratedKey.self] = newValue }
    }
}
