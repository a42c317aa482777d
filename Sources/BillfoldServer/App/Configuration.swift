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
            throw Configuration.invalid(setting, "is empty; give a SQLite file path or a postgres:// URL")
        }
        if value.hasPrefix("postgres://") || value.hasPrefix("postgresql://") {
            guard let url = URL(string: value), url.host != nil, !url.path.isEmpty, url.path != "/" else {
                throw Configuration.invalid(
                    setting, "“\(value)” is not a PostgreSQL URL like postgres://user:password@127.0.0.1:5432/billfold")
            }
            self = .postgres(url: value)
        } else if value.contains("://") {
            throw Configuration.invalid(
                setting, "“\(value)” is neither a file path nor a postgres:// URL")
        } else {
            self = .sqlite(path: value)
        }
    }

    /// Safe to print: the password of a URL is hidden.
    public var description: String {
        switch self {
        case .sqlite(let path): return "SQLite file \(path)"
        case .postgres(let url):
            guard let password = URLComponents(string: url)?.password, !password.isEmpty else {
                return "PostgreSQL \(url)"
            }
            return "PostgreSQL " + url.replacingOccurrences(of: ":\(password)@", with: ":•••@")
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
    /// How long a browser stays signed in.
    public var sessionLifetimeSeconds: Int64

    public init(
        hostname: String = "127.0.0.1", port: Int = 8080,
        database: DatabaseLocation = .sqlite(path: "billfold.sqlite"),
        logLevel: Logger.Level = .info, maxBodyBytes: Int = 1_048_576,
        sessionLifetimeSeconds: Int64 = 30 * 24 * 3600
    ) {
        self.hostname = hostname
        self.port = port
        self.database = database
        self.logLevel = logLevel
        self.maxBodyBytes = maxBodyBytes
        self.sessionLifetimeSeconds = sessionLifetimeSeconds
    }

    /// Flag values win over the environment, which wins over the defaults.
    public struct Flags: Sendable {
        public var hostname: String?
        public var port: String?
        public var database: String?
        public var logLevel: String?

        public init(hostname: String? = nil, port: String? = nil, database: String? = nil, logLevel: String? = nil) {
            self.hostname = hostname
            self.port = port
            self.database = database
            self.logLevel = logLevel
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
                throw invalid(setting, "“\(value)” is not a host name or address")
            }
            config.hostname = value
        }
        if let (value, setting) = pick(flags.port, "--port", "BILLFOLD_PORT") {
            guard let port = Int(value), (1...65535).contains(port) else {
                throw invalid(setting, "“\(value)” is not a port number from 1 to 65535")
            }
            config.port = port
        }
        if let (value, setting) = pick(flags.database, "--database", "BILLFOLD_DATABASE_URL") {
            config.database = try DatabaseLocation(parsing: value, setting: setting)
        }
        if let (value, setting) = pick(flags.logLevel, "--log-level", "BILLFOLD_LOG_LEVEL") {
            guard let level = Logger.Level(rawValue: value.lowercased()) else {
                throw invalid(
                    setting, "“\(value)” is not a log level (trace, debug, info, notice, warning, error, critical)")
            }
            config.logLevel = level
        }
        if let value = environment["BILLFOLD_MAX_BODY_BYTES"] {
            guard let bytes = Int(value), bytes >= 1024 else {
                throw invalid("BILLFOLD_MAX_BODY_BYTES", "“\(value)” is not a byte count of at least 1024")
            }
            config.maxBodyBytes = bytes
        }
        return config
    }

    static func invalid(_ setting: String, _ problem: String) -> BillfoldError {
        BillfoldError(.invalidConfiguration, "Invalid setting \(setting): \(problem).", fields: [setting: problem])
    }
}
