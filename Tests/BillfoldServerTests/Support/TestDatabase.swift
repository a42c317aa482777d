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

    /// Makes an empty database for one test and returns where it is and how to remove it.
    func create() throws -> (location: DatabaseLocation, drop: @Sendable () -> Void) {
        let name = "billfold_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        switch self {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("billfold-tests")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let path = folder.appendingPathComponent(name + ".sqlite").path
            return (
                .sqlite(path: path),
                {
                    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
                }
            )
        case .postgres:
            guard let admin = Self.postgresAdminURL, var parts = URLComponents(string: admin) else {
                throw TestSetupError("BILLFOLD_TEST_POSTGRES_URL is not set")
            }
            try Self.psql(admin, "CREATE DATABASE \(name)")
            parts.path = "/" + name
            return (
                .postgres(url: parts.string!), { try? Self.psql(admin, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
            )
        }
    }

    /// Drops a PostgreSQL test database while its app still uses it: a database outage.
    func dropDatabase(of location: DatabaseLocation) throws {
        guard case .postgres(let url) = location, let admin = Self.postgresAdminURL,
            let name = URLComponents(string: url)?.path.dropFirst()
        else { return }
        try Self.psql(admin, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    /// Runs one statement through Debian's psql, which `make test` installs with the server.
    private static func psql(_ url: String, _ statement: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", url, "-q", "-v", "ON_ERROR_STOP=1", "-c", statement]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(data: errors.fileHandleForReading.readDataToEndOfFile(), encoding: .utf8) ?? ""
            throw TestSetupError("psql failed: \(text)")
        }
    }
}

struct TestSetupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
