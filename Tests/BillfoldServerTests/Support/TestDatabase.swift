import BillfoldServer
import Foundation
import Testing

/// The databases every store-touching test runs on: SQLite always, PostgreSQL when
/// `BILLFOLD_TEST_POSTGRES_URL` names a server (`make test` starts one).
enum TestDatabase: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    static var all: [TestDatabase] {
        _ = warnedOnce
        return postgresAdminURL == nil ? [.sqlite] : [.sqlite, .postgres]
    }

    /// Said once, loudly: a green run without PostgreSQL has tested half of the store.
    private static let warnedOnce: Void = {
        guard postgresAdminURL == nil else { return }
        FileHandle.standardError.write(
            Data(
                "\n*** WARNING: BILLFOLD_TEST_POSTGRES_URL is not set: store tests run on SQLite ONLY. Use make test-swift or scripts/with-postgres.sh. ***\n\n"
                    .utf8))
    }()

    static var postgresAdminURL: String? {
        ProcessInfo.processInfo.environment["BILLFOLD_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Makes a migrated, empty database for one test and returns where it is and how to remove
    /// it. The migrations run once per kind and process, into a template; each test gets a copy
    /// (a file copy for SQLite, `CREATE DATABASE … TEMPLATE` for PostgreSQL).
    func create() async throws -> (location: DatabaseLocation, drop: @Sendable () async -> Void) {
        let name = Self.freshName("billfold_test_")
        let template = try await MigratedTemplates.shared.template(self)
        switch self {
        case .sqlite:
            let path = Self.folder.appendingPathComponent(name + ".sqlite").path
            for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: template + suffix) {
                try FileManager.default.copyItem(atPath: template + suffix, toPath: path + suffix)
            }
            return (
                .sqlite(path: path),
                {
                    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
                }
            )
        case .postgres:
            let admin = try Self.requireAdmin()
            try await Self.psql(admin, "CREATE DATABASE \(name) TEMPLATE \(template)")
            return (
                Self.postgres(name), { try? await Self.psql(admin, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
            )
        }
    }

    /// Builds the template: an empty database after every migration.
    fileprivate func migratedTemplate() async throws -> String {
        let name = Self.freshName("billfold_template_")
        let location: DatabaseLocation
        switch self {
        case .sqlite:
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            location = .sqlite(path: Self.folder.appendingPathComponent(name + ".sqlite").path)
        case .postgres:
            try await Self.psql(try Self.requireAdmin(), "CREATE DATABASE \(name)")
            location = Self.postgres(name)
        }
        let app = try await buildApplication(
            Configuration(database: location, logLevel: .warning), environment: .testing)
        try await app.asyncShutdown()
        if case .sqlite(let path) = location { return path }
        return name
    }

    private static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("billfold-tests")

    private static func freshName(_ prefix: String) -> String {
        prefix + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    }

    private static func requireAdmin() throws -> String {
        guard let admin = postgresAdminURL else { throw TestSetupError("BILLFOLD_TEST_POSTGRES_URL is not set") }
        return admin
    }

    private static func postgres(_ name: String) -> DatabaseLocation {
        var parts = URLComponents(string: postgresAdminURL ?? "")!  // requireAdmin ran first
        parts.path = "/" + name
        return .postgres(url: parts.string ?? "")
    }

    /// Drops a PostgreSQL test database while its app still uses it: a database outage.
    func dropDatabase(of location: DatabaseLocation) async throws {
        guard case .postgres(let url) = location, let admin = Self.postgresAdminURL,
            let name = URLComponents(string: url)?.path.dropFirst()
        else { return }
        try await Self.psql(admin, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    /// Runs one statement through Debian's psql, which `make test` installs with the server.
    private static func psql(_ url: String, _ statement: String) async throws {
        let ending = try await ChildProcess.run(
            "/usr/bin/env", ["psql", url, "-q", "-v", "ON_ERROR_STOP=1", "-c", statement])
        guard ending.status == 0 else { throw TestSetupError("psql failed: \(ending.errors)") }
    }
}

/// The migrated templates, made once per database kind and process, even when tests ask at once.
actor MigratedTemplates {
    static let shared = MigratedTemplates()
    private var templates: [TestDatabase: Task<String, any Error>] = [:]

    func template(_ kind: TestDatabase) async throws -> String {
        if let made = templates[kind] { return try await made.value }
        let making = Task { try await kind.migratedTemplate() }
        templates[kind] = making
        return try await making.value
    }
}

struct TestSetupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
