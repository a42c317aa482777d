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
    BillfoldMetrics.bootstrap()
    app.http.server.configuration.hostname = configuration.hostname
    app.http.server.configuration.port = configuration.port
    app.routes.defaultMaxBodySize = ByteCount(value: Request.vaporMaximum(allowing: configuration.maxBodyBytes))
    app.billfoldConfiguration = configuration
    app.importSlots = ImportSlots(total: max(2, System.coreCount))
    app.categoryTrees = CategoryTrees()
    app.keptRateBooks = KeptRateBooks()

    switch configuration.database {
    case .sqlite(let path):
        PrivateFiles.createIfMissing(path)
        app.databases.use(.sqlite(.file(path), sqlLogLevel: .trace), as: .sqlite)
    case .postgres(let url):
        let postgres = try SQLPostgresConfiguration(url: url)
        app.databases.use(
            .postgres(configuration: postgres, maxConnectionsPerEventLoop: 4, sqlLogLevel: .trace),
            as: .psql)
    }
    if case .sqlite(let path) = configuration.database {
        try await tuneSQLite(app, path: path, cacheMegabytes: configuration.sqliteCacheMegabytes)
        app.writeGate = WriteGate()
    }
    app.migrations.add(BillfoldMigrations.all)
    try await migrate(app)
    app.migrationsDone = true

    app.assets = try Assets.load()
    app.installableApp = try InstallableApp.make(app.assets)
    app.middleware = Middlewares()
    let inFlight = RequestsInFlight()
    app.requestsInFlight = inFlight
    app.middleware.use(CountsRequests(inFlight: inFlight))
    // Registered after the readers' closing, so it runs before it (handlers stop in reverse).
    app.lifecycle.use(DrainsRequests(inFlight: inFlight))
    app.middleware.use(SecurityHeaders(importMap: app.assets.importMap))
    app.middleware.use(RequestLog())
    app.middleware.use(ErrorResponder())
    app.middleware.use(KnownMethods())
    app.middleware.use(SessionAuthenticator())
    // Outbound requests (Settings › Lunch Money) follow no redirects and give up in time.
    app.http.client.configuration.redirectConfiguration = .disallow
    app.http.client.configuration.timeout = .init(
        connect: .seconds(OutboundFetch.connectTimeout), read: .seconds(OutboundFetch.requestTimeout))
    app.outboundFetch = OutboundFetch(client: app.http.client.shared, policy: configuration.outbound)
    app.awardCatalogue = try AwardCatalogue.load()
    try registerRoutes(app)
}

/// WAL lets readers go on while one writer writes (stored in the file). The other settings live
/// on each connection: every event loop's pool holds one long-lived connection, so each is set
/// once here; `SQLiteReaders` sets its own as it opens them. The page cache
/// (`BILLFOLD_SQLITE_CACHE_MB`) keeps a million-row file's hot indexes in memory: three quarters
/// of it shared out between the readers, which answer a request's reads, and the rest between
/// the driver's connections, which write and answer Fluent's own queries. The file is not memory-mapped: each
/// connection's map counted the same pages again in the server's memory (419 MB under load with
/// 256 MB maps, 155 MB with a 64 MB cache at 1,000,000 rows), for a few percent of speed.
/// `synchronous=NORMAL` is safe with WAL (a power cut may lose the last commits, never corrupt
/// the file).
private func tuneSQLite(_ app: Application, path: String, cacheMegabytes: Int) async throws {
    try await app.db.sql.raw("PRAGMA journal_mode=WAL").run()
    let loops = Array(app.eventLoopGroup.makeIterator())
    // A database in memory is the driver's connection's own, which no reader could see: the
    // driver's connections then have the whole cache.
    let inMemory = path.isEmpty || path == ":memory:" || path.contains("mode=memory")
    let driverShare = inMemory ? cacheMegabytes * 1024 : cacheMegabytes * 1024 / 4
    let kibibytesEach = max(2048, driverShare / max(1, loops.count))
    for loop in loops {
        guard let database = app.databases.database(.sqlite, logger: app.logger, on: loop) as? any SQLDatabase
        else { continue }
        for pragma in [
            "PRAGMA cache_size = -\(kibibytesEach)", "PRAGMA mmap_size = 0", "PRAGMA synchronous = NORMAL",
            "PRAGMA temp_store = MEMORY",
        ] {
            try await database.raw(SQLQueryString(pragma)).run()
        }
    }
    guard !inMemory else { return }
    // As many readers as threads that run requests at once; a read finding none idle goes to the
    // driver.
    let readers = max(2, System.coreCount)
    app.sqliteReaders = SQLiteReaders(
        path: path, cacheKibibytes: max(2048, (cacheMegabytes * 1024 - driverShare) / readers), limit: readers)
    app.lifecycle.use(ClosesReaders())
}

/// Each family of routes is a group with its own error dialect, the language it answers in
/// (`LanguageChoice`) and the guards it needs, in this order: its language set; errors rendered
/// in the family's shape; access tokens read; cross-site writes refused (not for `/v1`, which
/// never reads cookies); control characters refused; each write one database transaction. Health, metrics and assets change nothing and need none of the guards.
func registerRoutes(_ app: Application) throws {
    let chaos: [any Middleware] = app.billfoldConfiguration.chaos.map { [ChaosMiddleware(settings: $0)] } ?? []
    func family(_ dialect: ErrorDialect, language: LanguageChoice, crossSiteGuard: Bool = true) -> any RoutesBuilder {
        // Chaos (off unless configured) only for the JSON APIs, before anything is read or written.
        var guards: [any Middleware] = [AnswerLanguage(choice: language), ErrorResponder(dialect: dialect)]
        if dialect != .pages { guards += chaos }
        guards.append(TokenAuthenticator())
        if crossSiteGuard { guards.append(CrossSiteGuard()) }
        guards += [TextInputGuard(), RequestTransaction()]
        return app.grouped(guards)
    }

    let operations = app.grouped(ErrorResponder(dialect: .native))
    try operations.register(collection: HealthController())
    if let token = app.billfoldConfiguration.metricsToken {
        try operations.register(collection: MetricsController(token: token))
    }
    try operations.register(collection: AssetController())
    try operations.register(collection: InstallableAppController())
    try operations.register(collection: OpenAPIController())

    // An app's sign-in has no user yet and no cookie to protect; it insists on a JSON body.
    try family(.native, language: .acceptLanguage, crossSiteGuard: false).register(collection: SignInAPIController())
    let signedIn = family(.native, language: .acceptLanguage).grouped(RequireUser(style: .json))
    // Review batches keep their own Idempotency-Keys (each decision commits on its own).
    try signedIn.register(collection: ReviewAPIController())
    let native = signedIn.grouped(IdempotentWrites())
    try native.register(collection: MeController())
    try native.register(collection: TokensAPIController())
    try native.register(collection: TransactionsAPIController())
    try native.register(collection: SplitsAPIController())
    try native.register(collection: CategoriesAPIController())
    try native.register(collection: ProjectsAPIController())
    try native.register(collection: AwardsAPIController())
    try native.register(collection: HomeAPIController())
    try native.register(collection: AccountsAPIController())
    try native.register(collection: ImportsAPIController())
    try native.register(collection: RulesAPIController())
    try native.register(collection: RecurringAPIController())
    try native.register(collection: RatesAPIController())
    try native.register(collection: BudgetsAPIController())
    try native.register(collection: ReportsAPIController())
    try native.register(collection: PaybackFeedController())

    try family(.categoryContract, language: .acceptLanguage).grouped(RequireUser(style: .json))
        .register(collection: CategoryContractController())

    let lunchMoney = family(.lunchMoney, language: .acceptLanguage, crossSiteGuard: false).grouped(LunchMoneyAuth())
    try lunchMoney.register(collection: LunchMoneyCategoriesController())
    try lunchMoney.register(collection: LunchMoneyAssetsController())
    try lunchMoney.register(collection: LunchMoneyRecurringController())
    try lunchMoney.register(collection: LunchMoneyBudgetsController())
    try lunchMoney.register(collection: LunchMoneyTransactionsController())

    let openPages = family(.pages, language: .person)
    try openPages.register(collection: SignInController())
    let pages = openPages.grouped(RequireUser(style: .page)).grouped(AwardNoticeMiddleware())
    try pages.register(collection: TransactionPagesController())
    try pages.register(collection: CategoryPagesController())
    try pages.register(collection: RulePagesController())
    try pages.register(collection: RecurringPagesController())
    try pages.register(collection: BudgetPagesController())
    try pages.register(collection: ReportPagesController())
    try pages.register(collection: ReviewPagesController())
    try pages.register(collection: ProjectPagesController())
    try pages.register(collection: AccountPagesController())
    try pages.register(collection: AwardPagesController())
    try pages.register(collection: HomeController())
    try pages.register(collection: SettingsController())
    try pages.register(collection: TagSettingsController())
    try pages.register(collection: RateSettingsController())
    try pages.register(collection: ImportPagesController())
    try pages.register(collection: LunchMoneySettingsController())
    try pages.register(collection: FormReloadController())
}

extension Application {
    private struct ConfigurationKey: StorageKey { typealias Value = Configuration }
    private struct MigratedKey: StorageKey { typealias Value = Bool }
    private struct OutboundKey: StorageKey { typealias Value = OutboundFetch }
    private struct ClockKey: StorageKey { typealias Value = WallClock }

    /// Where "now" comes from for calendar decisions; tests fix it.
    public var wallClock: WallClock {
        get { storage[ClockKey.self] ?? .system }
        set { storage[ClockKey.self] = newValue }
    }

    /// The only way the server fetches an address a user gave it.
    var outboundFetch: OutboundFetch {
        get { storage[OutboundKey.self]! }  // set by `configure` before any route can run
        set { storage[OutboundKey.self] = newValue }
    }

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

extension Request {
    /// Now, from the application's clock.
    var now: Date { application.wallClock.now }
}

/// Brings the schema up to date. On PostgreSQL, behind an advisory lock held by one connection
/// while it runs: instances started together on one database take turns, and the later ones find
/// the migrations done (without it, two would create the same table and one would exit).
private func migrate(_ app: Application) async throws {
    // Any number (0x42494c4c, "BILL"), the same in every instance.
    try await app.db.alone(1_112_099_916) { try await app.autoMigrate() }
}

/// Closes the SQLite readers as the application shuts down.
private struct ClosesReaders: LifecycleHandler {
    func shutdown(_ application: Application) { application.sqliteReaders?.close() }
}
