import BillfoldCore
import Foundation
import Logging

/// Where the data lives.
public enum DatabaseLocation: Sendable, Equatable, CustomStringConvertible {
    /// An embedded SQLite file.
    case sqlite(path: String)
    /// A PostgreSQL server, shared by any number of instances.
    case postgres(url: String)

    /// Reads `--database` or `BILLFOLD_DATABASE_URL`: a `postgres://` URL, or a file path.
    public init(parsing text: String, setting: String) throws(BillfoldError) {
        let value = text.trimmingCharacters(in: .whitespaces)
        guard !value.isEmpty else {
            throw Configuration.invalid(setting, Phrase("error.app.config.databaseEmpty"))
        }
        if value.hasPrefix("postgres://") || value.hasPrefix("postgresql://") {
            guard let url = URL(string: value), url.host != nil, !url.path.isEmpty, url.path != "/" else {
                throw Configuration.invalid(
                    setting, Phrase("error.app.config.notAPostgresURL", ["value": value]))
            }
            self = .postgres(url: value)
        } else if value.contains("://") {
            throw Configuration.invalid(
                setting, Phrase("error.app.config.notAFilePathOrURL", ["value": value]))
        } else {
            self = .sqlite(path: value)
        }
    }

    /// Safe to print: the password of a URL is hidden. In the current words (the terminal's).
    public var description: String {
        switch self {
        case .sqlite(let path): return tr("error.app.config.sqliteFile", ["path": path])
        case .postgres(let url):
            guard let password = URLComponents(string: url)?.password, !password.isEmpty else {
                return tr("error.app.config.postgres", ["url": url])
            }
            return tr(
                "error.app.config.postgres", ["url": url.replacingOccurrences(of: ":\(password)@", with: ":•••@")])
        }
    }
}

/// Everything the server needs to start, as one typed value: read from flags, then the
/// environment (`BILLFOLD_*`), then defaults. Invalid values stop the program naming the setting.
public struct Configuration: Sendable, Equatable {
    public var hostname: String
    public var port: Int
    public var database: DatabaseLocation
    public var logLevel: Logger.Level
    /// Largest request body the APIs accept.
    public var maxBodyBytes: Int
    /// How long a browser stays signed in at most, however active.
    public var sessionLifetimeSeconds: Int64
    /// How long a browser stays signed in without being used.
    public var sessionIdleSeconds: Int64
    /// The address people use (`https://money.example.com`): decides the `Secure` cookie flag and
    /// the origin that forms must come from.
    public var publicURL: URL?
    /// Reverse proxies whose forwarding headers are believed.
    public var trustedProxies: TrustedProxies
    /// What the server may fetch when a user gives it an address (Settings › Lunch Money).
    public var outbound: OutboundPolicy
    /// Sign-in attempts allowed per account and per client address in `signInWindowSeconds`.
    public var signInLimit: Int
    public var signInWindowSeconds: Int64
    /// `text` (readable) or `json` (one object per line, for log collectors).
    public var logFormat: LogFormat
    /// The bearer token `/metrics` asks for; nil leaves `/metrics` switched off.
    public var metricsToken: String?
    /// Chaos for client developers (`--chaos-delay`, `--chaos-failure-rate`); nil is off.
    public var chaos: ChaosSettings?
    /// Seals the secrets kept for people (`BILLFOLD_SECRET_KEY`); without it none are stored.
    public var secrets: SecretBox?
    /// Seconds before a change Lunch Money could not take is sent again; doubling per attempt.
    public var lunchMoneyRetrySeconds: Int64 = 30
    /// The most transactions one Lunch Money pull takes: everything is held in memory until it
    /// is imported in one go, and the address it comes from was typed by a user.
    public var lunchMoneyMaxTransactions = 500_000
    /// Where published exchange rates are fetched from (`BILLFOLD_RATES_URL`, the ECB's CSV or
    /// XML); nil, the default, fetches nothing. Held to the outbound checks like any address.
    public var ratesURL: URL?
    /// How often the rates are fetched (`BILLFOLD_RATES_FETCH_HOURS`, default 24).
    public var ratesFetchSeconds: Int64 = 24 * 3600
    /// The page cache SQLite's connections share out between them, in megabytes: the server's
    /// memory for the file's pages, whatever the load (each connection gets at least 2 MB).
    public var sqliteCacheMegabytes = 48

    public enum LogFormat: String, Sendable, Equatable { case text, json }

    public init(
        hostname: String = "127.0.0.1", port: Int = 8080,
        database: DatabaseLocation = .sqlite(path: "billfold.sqlite"),
        logLevel: Logger.Level = .info, maxBodyBytes: Int = 1_048_576,
        sessionLifetimeSeconds: Int64 = 30 * 24 * 3600, sessionIdleSeconds: Int64 = 14 * 24 * 3600,
        publicURL: URL? = nil, trustedProxies: TrustedProxies = .none, outbound: OutboundPolicy = .strict,
        signInLimit: Int = 10, signInWindowSeconds: Int64 = 15 * 60, logFormat: LogFormat = .text,
        metricsToken: String? = nil
    ) {
        self.hostname = hostname
        self.port = port
        self.database = database
        self.logLevel = logLevel
        self.maxBodyBytes = maxBodyBytes
        self.sessionLifetimeSeconds = sessionLifetimeSeconds
        self.sessionIdleSeconds = sessionIdleSeconds
        self.publicURL = publicURL
        self.trustedProxies = trustedProxies
        self.outbound = outbound
        self.signInLimit = signInLimit
        self.signInWindowSeconds = signInWindowSeconds
        self.logFormat = logFormat
        self.metricsToken = metricsToken
    }

    /// Flag values win over the environment, which wins over the defaults.
    public struct Flags: Sendable {
        public var hostname: String?
        public var port: String?
        public var database: String?
        public var logLevel: String?
        public var logFormat: String?
        public var chaosDelay: String?
        public var chaosFailureRate: String?

        public init(
            hostname: String? = nil, port: String? = nil, database: String? = nil, logLevel: String? = nil,
            logFormat: String? = nil, chaosDelay: String? = nil, chaosFailureRate: String? = nil
        ) {
            self.chaosDelay = chaosDelay
            self.chaosFailureRate = chaosFailureRate
            self.hostname = hostname
            self.port = port
            self.database = database
            self.logLevel = logLevel
            self.logFormat = logFormat
        }
    }

    public static func resolve(
        flags: Flags, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(BillfoldError) -> Configuration {
        var config = Configuration()
        func pick(_ flag: String?, _ flagName: String, _ env: String) -> (String, String)? {
            if let flag { return (flag, flagName) }
            if let value = environment[env] { return (value, env) }
            return nil
        }
        if let (value, setting) = pick(flags.hostname, "--hostname", "BILLFOLD_HOSTNAME") {
            guard !value.isEmpty, !value.contains(" ") else {
                throw invalid(setting, Phrase("error.app.config.notAHost", ["value": value]))
            }
            config.hostname = value
        }
        if let (value, setting) = pick(flags.port, "--port", "BILLFOLD_PORT") {
            guard let port = Int(value), (1...65535).contains(port) else {
                throw invalid(setting, Phrase("error.app.config.notAPort", ["value": value]))
            }
            config.port = port
        }
        if let (value, setting) = pick(flags.database, "--database", "BILLFOLD_DATABASE_URL") {
            config.database = try DatabaseLocation(parsing: value, setting: setting)
        }
        if let (value, setting) = pick(flags.logLevel, "--log-level", "BILLFOLD_LOG_LEVEL") {
            guard let level = Logger.Level(rawValue: value.lowercased()) else {
                throw invalid(
                    setting, Phrase("error.app.config.notALogLevel", ["value": value]))
            }
            config.logLevel = level
        }
        if let value = environment["BILLFOLD_MAX_BODY_BYTES"] {
            guard let bytes = Int(value), (1024...(1 << 30)).contains(bytes) else {
                throw invalid("BILLFOLD_MAX_BODY_BYTES", Phrase("error.app.config.notAByteCount", ["value": value]))
            }
            config.maxBodyBytes = bytes
        }
        if let (value, setting) = pick(flags.logFormat, "--log-format", "BILLFOLD_LOG_FORMAT") {
            guard let format = LogFormat(rawValue: value.lowercased()) else {
                throw invalid(setting, Phrase("error.app.config.notALogFormat", ["value": value]))
            }
            config.logFormat = format
        }
        try readSecuritySettings(environment, into: &config)
        let chaosDelay = pick(flags.chaosDelay, "--chaos-delay", "BILLFOLD_CHAOS_DELAY")
        let chaosRate = pick(flags.chaosFailureRate, "--chaos-failure-rate", "BILLFOLD_CHAOS_FAILURE_RATE")
        if chaosDelay != nil || chaosRate != nil {
            var chaos = ChaosSettings(delay: 0...0, failureRate: 0)
            if let (value, setting) = chaosDelay {
                chaos.delay = try ChaosSettings.delay(parsing: value, setting: setting)
            }
            if let (value, setting) = chaosRate {
                chaos.failureRate = try ChaosSettings.rate(parsing: value, setting: setting)
            }
            config.chaos = chaos
        }
        return config
    }

    /// The settings for running on the open internet (README, "Running it in public").
    private static func readSecuritySettings(_ environment: [String: String], into config: inout Configuration)
        throws(BillfoldError)
    {
        func days(_ name: String) throws(BillfoldError) -> Int64? {
            guard let value = environment[name] else { return nil }
            guard let days = Double(value), days > 0, days <= 3650 else {
                throw invalid(name, Phrase("error.app.config.notDays", ["value": value]))
            }
            return Int64(days * 86_400)
        }
        func flag(_ name: String) throws(BillfoldError) -> Bool {
            guard let value = environment[name]?.lowercased() else { return false }
            switch value {
            case "1", "true", "yes", "on": return true
            case "0", "false", "no", "off", "": return false
            default: throw invalid(name, Phrase("error.app.config.notTrueOrFalse", ["value": value]))
            }
        }
        if let idle = try days("BILLFOLD_SESSION_IDLE_DAYS") { config.sessionIdleSeconds = idle }
        if let lifetime = try days("BILLFOLD_SESSION_LIFETIME_DAYS") { config.sessionLifetimeSeconds = lifetime }
        if let value = environment["BILLFOLD_PUBLIC_URL"], !value.isEmpty {
            guard let url = URL(string: value), ["http", "https"].contains(url.scheme ?? ""), url.host != nil,
                url.path.isEmpty || url.path == "/"
            else {
                throw invalid("BILLFOLD_PUBLIC_URL", Phrase("error.app.config.notAnAddress", ["value": value]))
            }
            config.publicURL = url
        }
        if let value = environment["BILLFOLD_TRUSTED_PROXIES"] {
            guard let proxies = TrustedProxies(parsing: value) else {
                throw invalid(
                    "BILLFOLD_TRUSTED_PROXIES", Phrase("error.app.config.notProxies", ["value": value]))
            }
            config.trustedProxies = proxies
        }
        config.outbound = OutboundPolicy(
            allowHTTP: try flag("BILLFOLD_OUTBOUND_ALLOW_HTTP"),
            allowPrivateAddresses: try flag("BILLFOLD_OUTBOUND_ALLOW_PRIVATE"))
        if let value = environment["BILLFOLD_SIGNIN_LIMIT"] {
            guard let limit = Int(value), (1...10_000).contains(limit) else {
                throw invalid("BILLFOLD_SIGNIN_LIMIT", Phrase("error.app.config.notASignInLimit", ["value": value]))
            }
            config.signInLimit = limit
        }
        if let value = environment["BILLFOLD_SQLITE_CACHE_MB"] {
            guard let megabytes = Int(value), (8...65_536).contains(megabytes) else {
                throw invalid(
                    "BILLFOLD_SQLITE_CACHE_MB", Phrase("error.app.config.notCacheMegabytes", ["value": value]))
            }
            config.sqliteCacheMegabytes = megabytes
        }
        if let value = environment["BILLFOLD_METRICS_TOKEN"], !value.isEmpty {
            guard value.count >= 16 else {
                throw invalid("BILLFOLD_METRICS_TOKEN", Phrase("error.app.config.metricsTokenShort"))
            }
            config.metricsToken = value
        }
        if let value = environment["BILLFOLD_LUNCHMONEY_RETRY_SECONDS"] {
            guard let seconds = Int64(value), (1...3600).contains(seconds) else {
                throw invalid(
                    "BILLFOLD_LUNCHMONEY_RETRY_SECONDS", Phrase("error.app.config.notRetrySeconds", ["value": value]))
            }
            config.lunchMoneyRetrySeconds = seconds
        }
        if let value = environment["BILLFOLD_LUNCHMONEY_MAX_TRANSACTIONS"] {
            guard let count = Int(value), (1000...10_000_000).contains(count) else {
                throw invalid(
                    "BILLFOLD_LUNCHMONEY_MAX_TRANSACTIONS",
                    Phrase("error.app.config.notMaxTransactions", ["value": value]))
            }
            config.lunchMoneyMaxTransactions = count
        }
        if let value = environment["BILLFOLD_RATES_URL"], !value.isEmpty {
            // The outbound checks' own rules, at start: https (http only where allowed), a host,
            // no credentials in the address.
            let scheme = URL(string: value)?.scheme?.lowercased() ?? ""
            guard let url = URL(string: value), scheme == "https" || (scheme == "http" && config.outbound.allowHTTP),
                url.host?.isEmpty == false, url.user == nil, url.password == nil
            else {
                throw invalid("BILLFOLD_RATES_URL", Phrase("error.app.config.notARatesAddress", ["value": value]))
            }
            config.ratesURL = url
        }
        if let value = environment["BILLFOLD_RATES_FETCH_HOURS"], !value.isEmpty {
            guard let hours = Int64(value), (1...720).contains(hours) else {
                throw invalid("BILLFOLD_RATES_FETCH_HOURS", Phrase("error.app.config.notFetchHours", ["value": value]))
            }
            config.ratesFetchSeconds = hours * 3600
        }
        if let value = environment["BILLFOLD_SECRET_KEY"], !value.isEmpty {
            config.secrets = try SecretBox(base64: value)
        }
    }

    /// "Invalid setting BILLFOLD_PORT: “x” is not a port number from 1 to 65535." The problem is
    /// written into the message in the current words (the terminal's, where settings are read).
    static func invalid(_ setting: String, _ problem: Phrase) -> BillfoldError {
        BillfoldError(
            .invalidConfiguration,
            Phrase("error.app.invalidSetting", ["setting": setting], phrases: ["problem": problem]),
            fields: [setting: problem])
    }
}
